import { lazy, Suspense } from "react";
import { data, redirect, useActionData } from "react-router";
import { LazyMap } from "#app/components/directory/lazy-map";
import { pinOf } from "#app/components/directory/map-pin";
import { EventPrice } from "#app/components/events/event-price";
import { OccurrenceRsvp } from "#app/components/events/rsvp-panel";
import { JsonLd } from "#app/components/layout/json-ld";
import { PhoneLink, WhatsAppButton } from "#app/components/ui/contact-buttons";
import { CalendarCheck, Clock, ExternalLink, Mail, MapPin, Pencil, User, Users } from "#app/components/ui/icons";
import { Breadcrumbs, LocalizedLink } from "#app/components/ui/localized-link";
import { MapAppLink } from "#app/components/ui/map-app-link";
import { DemoMark, StatusBadge } from "#app/components/ui/status-badge";
import { serializeJsonLd } from "#app/features/directory/json-ld";
import { rsvpSchema, uuidField } from "#app/features/events/forms";
import { eventJsonLd } from "#app/features/events/json-ld";
import { getEventPage } from "#app/features/events/reads.server";
import { cancelRsvp, rsvpToOccurrence } from "#app/features/events/rsvps.server";
import { googleMapsHref, wazeHref } from "#app/lib/contact-links";
import { env } from "#app/lib/env.server";
import { handleAction, orAppError } from "#app/lib/errors.server";
import { formatDate, formatDay, formatTime } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { breadcrumbJsonLd, requestOrigin } from "#app/lib/seo";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { redirectWithToast } from "#app/web/flash.server";
import { readFormData } from "#app/web/form-action.server";
import { getSessionUser, signInPath } from "#app/web/session.server";
import type { Route } from "./+types/$slug";

// /events/{slug}: one event with every date and its RSVP, the map, JSON-LD, the .ics download and
// share links. Past events stay readable, marked past; a cancelled event stays, marked cancelled.
export const handle = {
  i18n: ["events", "directory:map", "moderation:report", "moderation:reasons", "moderation:errors"],
  cache: { kinds: ["events", "businesses", "site"], maxAgeSeconds: 300 },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

const ReportControl = lazy(() =>
  import("#app/components/moderation/report-form").then((module) => ({ default: module.ReportControl })),
);

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const shownDates = 12;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const viewer = await getSessionUser(request);
  const event = await orAppError(language, () => getEventPage({ slug: params.slug, language, viewer }));
  const site = await getSiteConfig(language);
  const now = new Date();
  const nowIso = now.toISOString();
  const upcoming = event.occurrences.filter((o) => o.endsAt >= nowIso);
  const past = event.occurrences.filter((o) => o.endsAt < nowIso);
  const next = upcoming.find((o) => !o.cancelled) ?? upcoming[0] ?? past[past.length - 1];
  const origin = requestOrigin(request, env().SITE_URL);
  const url = origin + localizePath(`/events/${event.slug}`, language);
  const image = event.photoUrl ? origin + event.photoUrl : null;
  const startsAt = next?.startsAt ?? event.startsAt;
  const dateText = event.allDay
    ? formatDate(new Date(startsAt), language, { dateStyle: "medium" })
    : `${formatDate(new Date(startsAt), language, { dateStyle: "medium" })} ${formatTime(new Date(startsAt), language)}`;
  return {
    head: {
      title: t("events:meta.eventTitle", { title: event.title, date: dateText }),
      description: (event.description.replace(/\s+/g, " ").slice(0, 155) || event.title).trim(),
      image: image ?? undefined,
      noindex: event.status !== "published",
    },
    event,
    upcoming: upcoming.slice(0, shownDates),
    pastCount: past.length,
    isPast: upcoming.length === 0,
    now: nowIso,
    url,
    rate: site.exchangeRate,
    signedIn: Boolean(viewer),
    jsonLd: serializeJsonLd([
      eventJsonLd({
        name: event.title,
        description: event.description,
        url,
        startsAt,
        endsAt: next?.endsAt ?? event.endsAt,
        allDay: event.allDay,
        cancelled: event.cancelled || Boolean(next?.cancelled),
        venue: event.venue,
        areaName: event.area.name,
        image,
        // The event's real organiser; the site itself organises nothing it lists.
        organizer: event.organizer.businessSlug
          ? {
              type: "Organization",
              name: event.organizer.name ?? "",
              url: origin + localizePath(`/business/${event.organizer.businessSlug}`, language),
            }
          : event.organizer.name
            ? { type: "Person", name: event.organizer.name }
            : event.venue.business
              ? {
                  type: "Organization",
                  name: event.venue.business.name,
                  url: origin + localizePath(`/business/${event.venue.business.slug}`, language),
                }
              : null,
        cost: event.cost ? { amount: event.cost.minor / 100, currency: event.cost.currency } : null,
        full: next?.placesLeft === 0,
        minAge: event.minAge,
      }),
      // The same trail as the breadcrumb links above the event.
      breadcrumbJsonLd([
        { name: t("events:page.title"), url: origin + localizePath("/events", language) },
        {
          name: t(`events:categories.${event.category}`),
          url: origin + localizePath(`/events?category=${event.category}`, language),
        },
      ]),
    ]),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { language, t } = await getRequestTranslator(request);
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInPath(request));
  const formData = await readFormData(request);
  if (!formData) throw data(t("events:form.errors.intent"), { status: 400 });
  const intent = formData.get("intent");
  const rawOccurrence = formData.get("occurrenceId");
  const occurrenceId = uuidField.safeParse(rawOccurrence).success ? String(rawOccurrence) : null;
  const back = (hash: string) => `${localizePath(`/events/${params.slug}`, language)}#${hash}`;
  if (intent === "rsvp") {
    const parsed = rsvpSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      return data(
        { occurrenceId, error: parsed.error.issues[0]?.message ?? "events:form.errors.intent" },
        { status: 400 },
      );
    }
    return handleAction(
      async () => {
        const result = await rsvpToOccurrence({
          actor: user,
          occurrenceId: parsed.data.occurrenceId,
          partySize: parsed.data.partySize,
          ageConfirmed: parsed.data.ageConfirmed,
        });
        return redirectWithToast(
          request,
          back(`date-${parsed.data.occurrenceId}`),
          result.status === "confirmed" ? "rsvpConfirmed" : "rsvpWaitlisted",
        );
      },
      { failure: { occurrenceId } },
    );
  }
  if (intent === "withdraw" && occurrenceId) {
    return handleAction(
      async () => {
        await cancelRsvp({ actor: user, occurrenceId });
        return redirectWithToast(request, back(`date-${occurrenceId}`), "rsvpCancelled");
      },
      { failure: { occurrenceId } },
    );
  }
  return data({ occurrenceId, error: "events:form.errors.intent" }, { status: 400 });
}

function Fact({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <div className="relative pl-8">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <span className="absolute top-0.5 left-0 text-brand-700">{icon}</span>
        {label}
      </dt>
      <dd className="text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

export default function EventPageRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("events");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const { event, upcoming } = loaderData;
  const errorFor = (occurrenceId: string) =>
    actionData && "error" in actionData && actionData.occurrenceId === occurrenceId ? actionData.error : null;
  const looseError =
    actionData && "error" in actionData && !upcoming.some((o) => o.id === actionData.occurrenceId)
      ? actionData.error
      : null;
  const first = upcoming[0] ?? event.occurrences[event.occurrences.length - 1];
  const when = first
    ? event.allDay
      ? `${formatDate(new Date(first.startsAt), language, { dateStyle: "full" })} · ${t("card.allDay")}`
      : `${formatDate(new Date(first.startsAt), language, { dateStyle: "full" })} · ${formatTime(new Date(first.startsAt), language)} – ${formatTime(new Date(first.endsAt), language)}`
    : "";
  const shareText = encodeURIComponent(`${event.title} ${loaderData.url}`);
  const wazeUrl = wazeHref(event.venue);
  const mapPoints = pinOf(
    { ...event.venue, id: event.id, name: event.venue.name || event.title },
    localizePath(`/events/${event.slug}`, language),
  );
  return (
    <article className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:py-10" data-testid="event-page">
      <JsonLd json={loaderData.jsonLd} />
      <Breadcrumbs
        label={t("event.breadcrumb")}
        separator="slash"
        items={[
          { to: "/events", label: t("page.title") },
          { to: `/events?category=${event.category}`, label: t(`categories.${event.category}`) },
        ]}
      />

      {event.status === "pending" || event.status === "hidden" ? (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900" role="status" data-testid="event-pending">
          {t(`event.${event.status}`)}
        </p>
      ) : null}
      {event.cancelled ? (
        <p
          className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-900"
          role="status"
          data-testid="event-cancelled"
        >
          {t("event.cancelled")}
        </p>
      ) : loaderData.isPast ? (
        <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-800" role="status" data-testid="event-past">
          {t("event.past")}
        </p>
      ) : null}

      <header className="space-y-3">
        <p className="flex flex-wrap gap-1.5 text-xs">
          <StatusBadge tone="info">{t(`categories.${event.category}`)}</StatusBadge>
          {event.repeat !== "none" ? (
            <StatusBadge>
              <CalendarCheck className="mr-1 size-3.5" aria-hidden="true" />
              {t("card.repeats")}
            </StatusBadge>
          ) : null}
          {event.isDemo ? <DemoMark label={t("page.demo")} tip={t("page.demoTip")} /> : null}
        </p>
        <h1
          className={`text-2xl font-bold break-words sm:text-4xl ${event.cancelled ? "text-slate-500 line-through" : ""}`}
        >
          {event.title}
        </h1>
        {event.canManage ? (
          <LocalizedLink to={`/dashboard/events/${event.id}`} className="btn-secondary" data-testid="manage-event">
            <Pencil className="size-4" aria-hidden="true" />
            {t("event.manage")}
          </LocalizedLink>
        ) : null}
      </header>

      {event.photoUrl ? (
        <img src={event.photoUrl} alt="" className="aspect-[2/1] w-full rounded-2xl object-cover" loading="eager" />
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <dl className="grid gap-4 rounded-2xl border border-slate-200 p-4 sm:grid-cols-2 sm:p-5">
            <Fact icon={<Clock className="size-5" aria-hidden="true" />} label={t("event.when")}>
              <span className="block first-letter:uppercase">{when}</span>
              {event.repeat !== "none" && event.repeatUntil ? (
                <span className="block text-slate-600">
                  {t(event.repeat === "weekly" ? "event.repeatsWeekly" : "event.repeatsMonthly", {
                    date: formatDay(event.repeatUntil, language, { dateStyle: "long" }),
                  })}
                </span>
              ) : null}
            </Fact>
            <Fact icon={<MapPin className="size-5" aria-hidden="true" />} label={t("event.where")}>
              {event.venue.name ? <span className="block font-medium">{event.venue.name}</span> : null}
              {event.venue.address ? <span className="block">{event.venue.address}</span> : null}
              <span className="block text-slate-600">{event.area.name}</span>
              {wazeUrl ? (
                <span className="flex flex-wrap items-center gap-x-3" data-testid="event-directions">
                  <span>{t("event.directions")}:</span>
                  <MapAppLink
                    app="waze"
                    href={wazeUrl}
                    className="inline-flex min-h-11 items-center text-brand-800 underline"
                  />
                  <MapAppLink
                    app="google-maps"
                    href={googleMapsHref({ ...event.venue, name: event.venue.name || event.title })}
                    className="inline-flex min-h-11 items-center text-brand-800 underline"
                  />
                </span>
              ) : null}
              {event.venue.business ? (
                <LocalizedLink to={`/business/${event.venue.business.slug}`} className="text-brand-800 underline">
                  {t("event.onTheDirectory", { name: event.venue.business.name })}
                </LocalizedLink>
              ) : null}
            </Fact>
            <Fact
              icon={
                <span className="text-base font-bold" aria-hidden="true">
                  $
                </span>
              }
              label={t("event.cost")}
            >
              <span data-testid="event-cost">
                <EventPrice cost={event.cost} rate={loaderData.rate} long />
              </span>
            </Fact>
            <Fact icon={<User className="size-5" aria-hidden="true" />} label={t("event.age")}>
              {event.minAge ? t("card.minAgeLong", { age: event.minAge }) : t("event.allAges")}
            </Fact>
            <Fact icon={<Users className="size-5" aria-hidden="true" />} label={t("event.capacity")}>
              {event.maxAttendees ? t("event.capacityValue", { count: event.maxAttendees }) : t("event.noLimit")}
            </Fact>
            <Fact icon={<Mail className="size-5" aria-hidden="true" />} label={t("event.organiser")}>
              {event.organizerWhatsapp ? (
                <span className="mb-2 flex flex-wrap gap-2" data-testid="organiser-contact">
                  <WhatsAppButton phone={event.organizerWhatsapp} subject="event" name={event.title} />
                  <PhoneLink phone={event.organizerWhatsapp} />
                </span>
              ) : null}
              {event.organizer.businessSlug ? (
                <LocalizedLink to={`/business/${event.organizer.businessSlug}`} className="text-brand-800 underline">
                  {event.organizer.name}
                </LocalizedLink>
              ) : event.organizer.name ? (
                <span className="block">{event.organizer.name}</span>
              ) : null}
              <a href={`mailto:${event.contactEmail}`} className="block text-brand-800 underline">
                {event.contactEmail}
              </a>
            </Fact>
          </dl>

          <section aria-labelledby="event-about" className="space-y-2">
            <h2 id="event-about" className="text-xl font-semibold">
              {t("event.about")}
            </h2>
            <p lang={event.descriptionLanguage ?? undefined} className="break-words whitespace-pre-line text-slate-800">
              {event.description}
            </p>
            {event.descriptionLanguage ? (
              <p className="text-xs text-slate-500 italic">
                {t("event.writtenIn", { language: t(`event.languages.${event.descriptionLanguage}`) })}
              </p>
            ) : null}
            {event.links.length ? (
              <ul className="space-y-1 pt-2">
                {event.links.map((link) => (
                  <li key={link}>
                    <a
                      href={link}
                      target="_blank"
                      rel="noopener nofollow ugc"
                      className="inline-flex items-center gap-1 break-all text-brand-800 underline"
                    >
                      {link}
                      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          <section aria-labelledby="event-dates" className="space-y-3">
            <h2 id="event-dates" className="text-xl font-semibold">
              {t("event.dates")}
            </h2>
            {event.repeat !== "none" ? <p className="text-sm text-slate-600">{t("event.datesIntro")}</p> : null}
            {looseError ? (
              <p className="text-sm text-red-800" role="alert" data-form-message tabIndex={-1}>
                {t(looseError)}
              </p>
            ) : null}
            <ol className="space-y-3">
              {(upcoming.length ? upcoming : event.occurrences.slice(-1)).map((occurrence) => (
                <OccurrenceRsvp
                  key={occurrence.id}
                  event={event}
                  occurrence={occurrence}
                  now={loaderData.now}
                  signedIn={loaderData.signedIn}
                  error={errorFor(occurrence.id)}
                />
              ))}
            </ol>
            {loaderData.pastCount && upcoming.length ? (
              <p className="text-sm text-slate-500">{t("event.pastDates", { count: loaderData.pastCount })}</p>
            ) : null}
          </section>
        </div>

        <div className="space-y-4">
          <a
            href={localizePath(`/events/${event.slug}/calendar.ics`, language)}
            className="btn-primary w-full justify-center"
            download={`${event.slug}.ics`}
            data-testid="add-to-calendar"
          >
            <CalendarCheck className="size-4" aria-hidden="true" />
            {t("event.addToCalendar")}
          </a>
          <LazyMap
            points={mapPoints}
            title={t("event.map")}
            area={event.area.slug}
            sectionClassName=""
            className="h-56"
          />
          <section aria-labelledby="event-share" className="rounded-2xl border border-slate-200 p-4">
            <h2 id="event-share" className="font-semibold">
              {t("event.share")}
            </h2>
            <ul className="mt-2 space-y-1 text-sm">
              <li>
                <a
                  href={`https://wa.me/?text=${shareText}`}
                  target="_blank"
                  rel="noopener"
                  className="text-brand-800 underline"
                >
                  {t("event.shareWhatsapp")}
                </a>
              </li>
              <li>
                <a
                  href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(loaderData.url)}`}
                  target="_blank"
                  rel="noopener"
                  className="text-brand-800 underline"
                >
                  {t("event.shareFacebook")}
                </a>
              </li>
              <li>
                <a
                  href={`mailto:?subject=${encodeURIComponent(event.title)}&body=${encodeURIComponent(loaderData.url)}`}
                  className="text-brand-800 underline"
                >
                  {t("event.shareEmail")}
                </a>
              </li>
            </ul>
          </section>
          {event.status === "published" ? (
            <Suspense>
              <ReportControl kind="event" itemId={event.id} signedIn={loaderData.signedIn} own={event.isOrganiser} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </article>
  );
}
