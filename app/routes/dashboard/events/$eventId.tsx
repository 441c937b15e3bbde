import { parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense } from "react";
import { data, Form, useActionData } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { type Column, DataTable } from "#app/components/ui/data-table";
import { FieldErrors, FormErrors } from "#app/components/ui/form-message";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { StatusBadge } from "#app/components/ui/status-badge";
import { dayOf } from "#app/features/events/calendar";
import {
  cancelEvent,
  cancelOccurrence,
  setEventPhoto,
  updateEvent,
  verifiedBusinessesOwnedBy,
} from "#app/features/events/events.server";
import { eventSchema, uuidField } from "#app/features/events/forms";
import { type AttendeeRow, getEditableEvent, listAttendees } from "#app/features/events/organiser.server";
import { describeRule, instantToWallTime } from "#app/features/events/recurrence.server";
import { AppError } from "#app/lib/errors";
import { handleAction, handleFormAction, orAppError } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteHandle } from "#app/lib/route-handle";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { listVenueChoices } from "#app/platform/listings/event-venues.server";
import { listAreas } from "#app/platform/site/site-config.server";
import { redirectBackWithToast, redirectWithToast } from "#app/web/flash.server";
import { readFormData } from "#app/web/form-action.server";
import { actOnIntent } from "#app/web/intents";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/$eventId";

// /dashboard/events/{id}: the organiser edits the event, cancels a date or the whole event
// (attendees are emailed), and sees who's coming, with a CSV of the list.
// The photo form posts multipart: the larger upload body limit applies.
export const handle = { i18n: ["events"], acceptsUploads: true } satisfies TranslationsHandle & RouteHandle;

const EventForm = lazy(() =>
  import("#app/components/events/event-form").then((module) => ({ default: module.EventForm })),
);

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

function hhmm(date: Date) {
  const wall = instantToWallTime(date);
  return `${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const { event, occurrences } = await orAppError(language, () =>
    getEditableEvent({ actor: user, eventId: params.eventId }),
  );
  const [attendees, areas, venues, ownBusinesses] = await Promise.all([
    listAttendees({ actor: user, eventId: event.id }),
    listAreas(language),
    listVenueChoices(),
    verifiedBusinessesOwnedBy(user.id),
  ]);
  const rule = describeRule(event.rrule);
  const lastDay = event.allDay ? dayOf(new Date(event.endsAt.getTime() - 1)) : dayOf(event.endsAt);
  const title = (language === "es" ? event.titleEs || event.titleEn : event.titleEn || event.titleEs) || event.slug;
  const now = new Date().toISOString();
  return {
    head: {
      title: t("events:dashboard.manageTitle", { title }),
      description: t("events:dashboard.intro"),
      noindex: true,
    },
    event: {
      id: event.id,
      slug: event.slug,
      title,
      status: event.status,
      cancelled: Boolean(event.cancelledAt),
      photoUrl: event.photoUrl,
    },
    defaults: {
      titleEn: event.titleEn,
      titleEs: event.titleEs,
      descriptionEn: event.descriptionEn,
      descriptionEs: event.descriptionEs,
      category: event.category,
      area: event.areaSlug,
      startDay: dayOf(event.startsAt),
      startTime: event.allDay ? "" : hhmm(event.startsAt),
      endDay: lastDay === dayOf(event.startsAt) ? "" : lastDay,
      endTime: event.allDay ? "" : hhmm(event.endsAt),
      allDay: event.allDay ? "on" : "",
      repeat: rule.repeat,
      repeatUntil: rule.untilDay ?? "",
      venueBusiness: event.venueBusinessId ?? "",
      venueName: event.venueName,
      venueAddress: event.venueAddress,
      latitude: event.latitude === null ? "" : String(event.latitude),
      longitude: event.longitude === null ? "" : String(event.longitude),
      price: event.costMinor === null ? "" : String(event.costMinor / 100),
      currency: event.costCurrency,
      maxAttendees: event.maxAttendees === null ? "" : String(event.maxAttendees),
      minAge: event.minAge === null ? "" : String(event.minAge),
      contactEmail: event.contactEmail,
      organizerWhatsapp: event.organizerWhatsapp ?? "",
      links: event.links[0] ?? "",
      organizerBusiness: event.organizerBusinessId ?? "",
    },
    occurrences: occurrences.map((o) => ({
      id: o.id,
      startsAt: o.startsAt.toISOString(),
      endsAt: o.endsAt.toISOString(),
      cancelled: Boolean(o.cancelledAt),
      past: o.endsAt.toISOString() < now,
    })),
    attendees,
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
    venues,
    ownBusinesses: ownBusinesses.map((business) => ({ id: business.id, name: business.name })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { language } = await getRequestTranslator(request);
  const formData = await readFormData(request);
  if (!formData) return data({ intent: null, result: null, error: "events:form.errors.intent" }, { status: 400 });
  if (!uuidField.safeParse(params.eventId).success) {
    return data({ intent: null, result: null, error: "events:errors.notFound" }, { status: 404 });
  }
  const eventId = params.eventId;
  return actOnIntent(
    formData,
    {
      update: (intent) => {
        const submission = parseWithZod(formData, { schema: eventSchema });
        if (submission.status !== "success")
          return data({ intent, result: submission.reply(), error: null }, { status: 400 });
        return handleFormAction(
          submission,
          async () => {
            const saved = await updateEvent({ actor: user, eventId, input: submission.value });
            return redirectWithToast(request, localizePath(`/events/${saved.slug}`, language), "eventSaved");
          },
          { failure: { intent, error: null } },
        );
      },
      cancelDate: (intent) => {
        const occurrenceId = String(formData.get("occurrenceId") ?? "");
        if (!uuidField.safeParse(occurrenceId).success) {
          return data({ intent, result: null, error: "events:errors.notFound" }, { status: 400 });
        }
        return handleAction(
          async () => {
            await cancelOccurrence({ actor: user, occurrenceId });
            return redirectBackWithToast(request, "dateCancelled");
          },
          { failure: { intent, result: null } },
        );
      },
      photo: (intent) => {
        const file = formData.get("photo");
        return handleAction(
          async () => {
            if (!(file instanceof File) || file.size === 0) throw new AppError("invalid", "events:form.errors.photo");
            await setEventPhoto({ actor: user, eventId, bytes: new Uint8Array(await file.arrayBuffer()) });
            return redirectBackWithToast(request, "photoAdded");
          },
          { failure: { intent, result: null } },
        );
      },
      cancelEvent: (intent) =>
        handleAction(
          async () => {
            await cancelEvent({ actor: user, eventId });
            return redirectBackWithToast(request, "eventCancelled");
          },
          { failure: { intent, result: null } },
        ),
    },
    () => data({ intent: null, result: null, error: "events:form.errors.intent" }, { status: 400 }),
  );
}

export default function ManageEvent({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("events");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const { event } = loaderData;
  const when = (iso: string) => formatDate(new Date(iso), language, { dateStyle: "medium", timeStyle: "short" });
  const columns: Column<AttendeeRow>[] = [
    { id: "date", header: t("dashboard.attendeeColumns.date"), cell: (row) => when(row.occurrenceStartsAt) },
    { id: "name", header: t("dashboard.attendeeColumns.name"), cell: (row) => row.name },
    {
      id: "email",
      header: t("dashboard.attendeeColumns.email"),
      cell: (row) => (
        <a href={`mailto:${row.email}`} className="break-all text-brand-800 underline">
          {row.email}
        </a>
      ),
    },
    { id: "party", header: t("dashboard.attendeeColumns.party"), cell: (row) => row.partySize },
    {
      id: "status",
      header: t("dashboard.attendeeColumns.status"),
      cell: (row) => (
        <StatusBadge tone={row.status === "confirmed" ? "success" : "warning"}>
          {t(`dashboard.rsvpStatus.${row.status}`)}
        </StatusBadge>
      ),
    },
  ];
  const error = actionData && "error" in actionData && actionData.error ? actionData.error : null;
  // A refused photo is answered at its field.
  const photoError = error && actionData?.intent === "photo" ? error : null;
  return (
    <div className="space-y-8">
      <PageHeader
        title={t("dashboard.manageTitle", { title: event.title })}
        back={{ to: "/dashboard/events", label: t("dashboard.title") }}
        actions={
          <LocalizedLink to={`/events/${event.slug}`} className="btn-secondary">
            {t("dashboard.view")}
          </LocalizedLink>
        }
      />
      {error && !photoError ? <FormErrors errors={[error]} /> : null}

      <PageSection id="attendees" title={t("dashboard.attendeesTitle")} framed testId="attendees">
        {loaderData.attendees.length ? (
          <a
            href={localizePath(`/dashboard/events/${event.id}/attendees.csv`, language)}
            className="btn-secondary"
            download
            data-testid="attendees-csv"
          >
            {t("dashboard.csv")}
          </a>
        ) : null}
        <DataTable
          rows={loaderData.attendees}
          columns={columns}
          rowKey={(row) => `${row.occurrenceId}-${row.email}`}
          caption={t("dashboard.attendeesTitle")}
          empty={<p className="text-sm text-slate-600">{t("dashboard.attendeesEmpty")}</p>}
          rowTestId="attendee"
        />
      </PageSection>

      {!event.cancelled ? (
        <PageSection id="photo" title={t("dashboard.photoTitle")} framed testId="event-photo">
          {event.photoUrl ? (
            <img src={event.photoUrl} alt="" className="aspect-[2/1] w-full max-w-md rounded-xl object-cover" />
          ) : null}
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="photo" />
            <div>
              <label htmlFor="event-photo-file" className="block text-sm font-medium text-slate-800">
                {t("dashboard.photoTitle")}
              </label>
              <p id="event-photo-hint" className="text-xs text-slate-600">
                {t("dashboard.photoHint")}
              </p>
              <input
                id="event-photo-file"
                type="file"
                name="photo"
                accept="image/jpeg,image/png,image/webp"
                required
                aria-describedby={`event-photo-hint${photoError ? " event-photo-error" : ""}`}
                aria-invalid={photoError ? true : undefined}
                className="mt-1 block text-sm"
              />
              <FieldErrors id="event-photo-error" errors={photoError ? [photoError] : undefined} />
            </div>
            <button type="submit" className="btn-secondary">
              {t("dashboard.photoUpload")}
            </button>
          </Form>
        </PageSection>
      ) : null}

      <PageSection id="dates" title={t("dashboard.datesTitle")} framed testId="dates">
        <ul className="divide-y divide-slate-200">
          {loaderData.occurrences.map((occurrence) => (
            <li key={occurrence.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className={occurrence.cancelled ? "text-slate-500 line-through" : ""}>
                {when(occurrence.startsAt)}
              </span>
              {occurrence.cancelled ? (
                <StatusBadge tone="danger">{t("event.dateCancelled")}</StatusBadge>
              ) : occurrence.past ? (
                <StatusBadge>{t("event.datePast")}</StatusBadge>
              ) : !event.cancelled ? (
                <ConfirmDialog
                  trigger={t("dashboard.cancelDate")}
                  title={t("dashboard.cancelDate")}
                  message={t("dashboard.cancelDateConfirm")}
                  confirm={t("dashboard.cancelDate")}
                  fields={{ intent: "cancelDate", occurrenceId: occurrence.id }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      </PageSection>

      {event.cancelled ? (
        <p className="rounded-xl bg-red-50 p-3 text-sm text-red-900">{t("dashboard.cancelledNote")}</p>
      ) : (
        <>
          <section aria-labelledby="edit-title" className="space-y-4">
            <h2 id="edit-title" className="text-xl font-semibold">
              {t("form.editTitle")}
            </h2>
            <Suspense>
              <EventForm
                areas={loaderData.areas}
                venues={loaderData.venues}
                ownBusinesses={loaderData.ownBusinesses}
                lastResult={actionData && "result" in actionData ? actionData.result : null}
                defaultValue={loaderData.defaults}
                submitLabel={t("form.save")}
                intent="update"
              />
            </Suspense>
          </section>
          <section aria-labelledby="cancel-title" className="space-y-2 rounded-xl border border-red-200 p-5">
            <h2 id="cancel-title" className="font-semibold">
              {t("dashboard.cancelEventTitle")}
            </h2>
            <ConfirmDialog
              trigger={t("dashboard.cancelEvent")}
              title={t("dashboard.cancelEventTitle")}
              message={t("dashboard.cancelEventConfirm")}
              confirm={t("dashboard.cancelEvent")}
              fields={{ intent: "cancelEvent" }}
              testId="cancel-event"
            />
          </section>
        </>
      )}
    </div>
  );
}
