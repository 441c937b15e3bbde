import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { isbot } from "isbot";
import type { ReactNode } from "react";
import { data, redirect, useActionData } from "react-router";
import { AdSlot } from "#app/components/ads/ad-slot";
import { BookingRequestForm, VisitorMessageForm } from "#app/components/bookings/public-forms";
import { Badges } from "#app/components/directory/badges";
import { CategoryIcon } from "#app/components/directory/category-icon";
import { ContactCard } from "#app/components/directory/contact-card";
import { FallbackNote } from "#app/components/directory/fallback-note";
import { Gallery } from "#app/components/directory/gallery";
import { HoursTable } from "#app/components/directory/hours-table";
import { LazyMap } from "#app/components/directory/lazy-map";
import { pinOf } from "#app/components/directory/map-pin";
import { MenuList } from "#app/components/directory/menu-list";
import { OfferingsList } from "#app/components/directory/offerings";
import { OpenStatusLine } from "#app/components/directory/open-status";
import { Rating } from "#app/components/directory/rating";
import { type ReviewActionData, ReviewsSection } from "#app/components/directory/reviews";
import { NextEvents } from "#app/components/events/next-events";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { JsonLd } from "#app/components/layout/json-ld";
import { MapPin, ShieldCheck } from "#app/components/ui/icons";
import { Illustration } from "#app/components/ui/illustration";
import { Breadcrumbs, LocalizedLink } from "#app/components/ui/localized-link";
import { publicEngagement } from "#app/features/bookings/bookings.server";
import {
  getPublicBusiness,
  listBusinessReviews,
  queueBusinessEvent,
  viewerRelation,
} from "#app/features/directory/business.server";
import { replySchema, reviewSchema } from "#app/features/directory/forms";
import { businessJsonLd, serializeJsonLd } from "#app/features/directory/json-ld";
import { findPublicBusiness } from "#app/features/directory/landing-page.server";
import { getMyReview, replyToReview, saveReview } from "#app/features/directory/reviews.server";
import { classifyVisitSource, defaultVisitGate, VisitGate } from "#app/features/directory/visits";
import { nextEventsBlock } from "#app/features/events/reads.server";
import { env } from "#app/lib/env.server";
import { handleFormAction, orAppError } from "#app/lib/errors.server";
import { formatTime } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { onEveryServe, type RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { breadcrumbJsonLd, requestOrigin } from "#app/lib/seo";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { loadAdSlot } from "#app/web/ads.server";
import { redirectWithToast } from "#app/web/flash.server";
import { getSessionUser, requireUser } from "#app/web/session.server";
import type { Route } from "./+types/$slug";

// Shows "open now" or today's tides: a cached copy is at most a minute old (two while refreshed).
export const handle = {
  i18n: [
    "directory",
    "owner:menu",
    "moderation:report",
    "moderation:reasons",
    "moderation:errors",
    "events:blocks",
    "events:card",
    "bookings:form",
    "bookings:section",
    "bookings:message",
    "ads:slot",
  ],
  cache: { maxAgeSeconds: 60 },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

// One per process: the per-IP heuristic needs the visits it has seen. The browser tests (one IP
// for every visitor) raise its per-IP ceiling as they raise the per-IP rate limits.
let gate: VisitGate | null = null;
function viewGate() {
  gate ??= new VisitGate({
    ...defaultVisitGate,
    maxPerWindow: defaultVisitGate.maxPerWindow * env().RATE_LIMIT_IP_SCALE,
  });
  return gate;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const site = await getSiteConfig(language);
  const user = await getSessionUser(request);
  const found = await orAppError(language, () =>
    findPublicBusiness({ slug: params.slug, language, timeZone: site.timeZone }),
  );
  // An old slug answers a permanent redirect to the current one, keeping the query string.
  if (found.movedTo !== undefined)
    throw redirect(localizePath(`/business/${found.movedTo}`, language) + new URL(request.url).search, 301);
  const business = found.business;
  const [reviews, relation, myReview, engagement] = await Promise.all([
    listBusinessReviews({ businessId: business.id, viewerId: user?.id }),
    user ? viewerRelation({ businessId: business.id, userId: user.id }) : null,
    user ? getMyReview({ businessId: business.id, actor: user }) : null,
    publicEngagement({ businessId: business.id, language }),
  ]);
  // Counted on every visit, including those a cached copy of the page answers; crawlers (by their
  // user agent or their rate) are not (docs/owner-dashboard.md).
  const host = new URL(request.url).host;
  onEveryServe(
    request,
    (visit) => {
      if (visit.userAgent && isbot(visit.userAgent)) return;
      if (!viewGate().admit(visit.ip, business.id)) return;
      const source = classifyVisitSource({ url: visit.url, referer: visit.referer, host });
      queueBusinessEvent({ businessId: business.id, kind: "view", language, source });
    },
    context,
  );

  const origin = requestOrigin(request, env().SITE_URL);
  const url = origin + localizePath(`/business/${business.slug}`, language);
  const cover = business.images[0];
  const coverUrl = cover ? `${origin}/uploads/${cover.key}-${Math.max(...cover.widths)}.webp` : undefined;
  const categoryName = t(`directory:categories.${business.category}`);
  return {
    head: {
      title:
        business.metaTitle ??
        t("directory:business.metaTitle", { name: business.name, category: categoryName, area: business.area.name }),
      description: business.metaDescription,
      image: coverUrl,
    },
    business,
    exchangeRate: site.exchangeRate,
    events: await nextEventsBlock({ language, limit: 3, businessId: business.id }),
    // Free listings' pages carry an ad space; a paid listing's page is its own.
    ad: business.isPremium
      ? null
      : await loadAdSlot(request, context, {
          pageKind: "business",
          language,
          slot: "side",
          area: business.area.slug,
          excludeBusinessId: business.id,
        }),
    asOf: formatTime(new Date(), language),
    reviews,
    // Premium listings only: the booking form and the message form.
    engagement,
    viewer: user
      ? {
          signedIn: true,
          isOwner: relation?.isOwner ?? false,
          hasPendingClaim: relation?.hasPendingClaim ?? false,
          myReview,
        }
      : null,
    jsonLd: serializeJsonLd([
      businessJsonLd({
        name: business.name,
        category: business.category,
        url,
        description: business.description.text,
        address: business.address,
        directions: business.directions.text,
        plusCode: business.plusCode?.full,
        areaName: business.area.name,
        latitude: business.latitude,
        longitude: business.longitude,
        images: business.images.map((image) => `${origin}/uploads/${image.key}-${Math.max(...image.widths)}.webp`),
        hours: business.hours,
        rating: business.rating,
        reviewCount: business.reviewCount,
        contact: business.contact,
        specialties: business.specialties.items,
        offerings: business.offerings,
        spokenLanguages: business.spokenLanguages,
        taxId: business.registered?.taxId,
        menu: business.menu.map((item) => ({
          name: item.name.text,
          description: item.description.text,
          section: item.section.text,
          price: item.priceMinor === null ? null : item.priceMinor / 100,
          currency: item.currency,
          available: item.available,
          dietaryTags: item.dietaryTags,
          image: item.image ? `${origin}/uploads/${item.image.key}-${Math.max(...item.image.widths)}.webp` : null,
        })),
      }),
      // The same trail as the breadcrumb links above the business.
      breadcrumbJsonLd([
        { name: t("directory:nav.title"), url: origin + localizePath("/directory", language) },
        { name: categoryName, url: origin + localizePath(`/category/${business.category}`, language) },
      ]),
    ]),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { language } = await getRequestTranslator(request);
  const site = await getSiteConfig(language);
  const business = await orAppError(language, () =>
    getPublicBusiness({ slug: params.slug, language, timeZone: site.timeZone }),
  );
  const formData = await request.formData();
  const intent = formData.get("intent");

  const toastFor = { review: "reviewPosted", reply: "replyPosted" } as const;

  // Expected refusals (already replied, not the owner…) go back to the form as its message.
  function run(
    // biome-ignore lint/suspicious/noExplicitAny: the review and reply forms' submissions
    submission: Submission<any, string[]>,
    work: () => Promise<unknown>,
    intentName: "review" | "reply",
    reviewId?: string,
  ) {
    return handleFormAction(
      submission,
      async () => {
        await work();
        // Post/redirect/get with a toast: a reload does not post the review again. (Reports go to
        // /moderation/report, app/components/moderation/report-form.tsx.)
        const url = new URL(request.url);
        return redirectWithToast(request, url.pathname + url.search, toastFor[intentName]);
      },
      { failure: { intent: intentName, reviewId } },
    );
  }

  if (intent === "reply") {
    const submission = parseWithZod(formData, { schema: replySchema });
    if (submission.status !== "success")
      return data(
        { intent: "reply" as const, reviewId: String(formData.get("reviewId") ?? ""), result: submission.reply() },
        { status: 400 },
      );
    return run(
      submission,
      () => replyToReview({ reviewId: submission.value.reviewId, actor: user, reply: submission.value.reply }),
      "reply",
      submission.value.reviewId,
    );
  }
  const submission = parseWithZod(formData, { schema: reviewSchema });
  if (submission.status !== "success")
    return data({ intent: "review" as const, result: submission.reply() }, { status: 400 });
  return run(
    submission,
    () =>
      saveReview({
        businessId: business.id,
        actor: user,
        rating: submission.value.rating,
        body: submission.value.body,
        language,
      }),
    "review",
  );
}

/** Where a visitor writes to the business from its page: a booking request or a message. */
function RequestSection({ id, name, children }: { id: "book" | "message"; name: string; children: ReactNode }) {
  const { t } = useTranslation("bookings");
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="mt-10 rounded-xl border border-slate-200 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {t(`section.${id}Title`)}
      </h2>
      <p className="mt-1 text-slate-700">{t(`section.${id}Intro`, { name })}</p>
      {children}
    </section>
  );
}

export default function BusinessPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const actionData = useActionData<typeof action>() as ReviewActionData;
  const { business, viewer } = loaderData;
  const canClaim = !viewer?.isOwner && !viewer?.hasPendingClaim;
  const points = pinOf(business, localizePath(`/business/${business.slug}`, language));
  return (
    <article className="mx-auto max-w-6xl px-4 py-6 sm:py-10" itemScope={false}>
      {/* Structured data for search engines; contacts appear in it only for premium listings. */}
      <JsonLd json={loaderData.jsonLd} />
      <Breadcrumbs
        label={t("business.breadcrumb")}
        items={[
          { to: "/directory", label: t("nav.title") },
          { to: `/category/${business.category}`, label: t(`categories.${business.category}`) },
        ]}
      />

      <header className="mt-4">
        <Badges isPremium={business.isPremium} isDemo={business.isDemo} registered={business.registered} />
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{business.name}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
          <span className="inline-flex items-center gap-1">
            <CategoryIcon category={business.category} className="size-4" />
            {t(`categories.${business.category}`)}
          </span>
          <LocalizedLink
            to={`/location/${business.area.slug}`}
            className="inline-flex items-center gap-1 hover:underline"
          >
            <MapPin className="size-4" aria-hidden="true" />
            {business.area.name}
          </LocalizedLink>
        </p>
        <div className="mt-2 space-y-1">
          <Rating value={business.rating} count={business.reviewCount} />
          <OpenStatusLine status={business.status} today={business.today} asOf={loaderData.asOf} />
        </div>
        {business.isDemo ? (
          <p className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-700">{t("badges.demoNotice")}</p>
        ) : null}
      </header>

      {business.images.length ? (
        <Gallery images={business.images} hiddenImageCount={business.hiddenImageCount} />
      ) : (
        <figure className="mt-6">
          <Illustration
            kind="category"
            of={business.category}
            eager
            className="aspect-[16/9] w-full rounded-card object-cover sm:aspect-[3/1]"
          />
          <figcaption className="mt-2 text-sm text-slate-600">{t("business.illustrationNote")}</figcaption>
        </figure>
      )}

      {/* On a phone, call, WhatsApp and directions come first (before the menu and the reviews);
          on a wide screen the contact box heads the side column. */}
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-start-2 lg:row-start-1" data-testid="contact-slot">
          <ContactCard
            slug={business.slug}
            address={business.address}
            directions={business.directions}
            plusCode={business.plusCode}
            latitude={business.latitude}
            longitude={business.longitude}
            contact={business.contact}
            hasHiddenContact={business.hasHiddenContact}
            canClaim={canClaim && !business.hasOwner}
          />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <section aria-labelledby="about-title">
            <h2 id="about-title" className="text-2xl font-bold">
              {t("business.about")}
            </h2>
            {business.description.text ? (
              <p className="mt-3 text-lg leading-relaxed whitespace-pre-line text-slate-800">
                <span lang={business.description.fallbackLanguage ?? undefined}>{business.description.text}</span>{" "}
                <FallbackNote language={business.description.fallbackLanguage} />
              </p>
            ) : null}
            {business.specialties.items.length ? (
              <>
                <h3 className="mt-6 font-semibold">{t("business.specialties")}</h3>
                <ul className="mt-2 flex flex-wrap gap-2" lang={business.specialties.fallbackLanguage ?? undefined}>
                  {business.specialties.items.map((item) => (
                    <li key={item} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                      {item}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <OfferingsList offerings={business.offerings} languages={business.spokenLanguages} />
          </section>

          {loaderData.engagement.booking ? (
            <RequestSection id="book" name={business.name}>
              <BookingRequestForm slug={business.slug} form={loaderData.engagement.booking} />
            </RequestSection>
          ) : null}

          {business.menu.length ? (
            <section aria-labelledby="menu-title" className="mt-10">
              <h2 id="menu-title" className="text-2xl font-bold">
                {t("menu.title")}
              </h2>
              <MenuList items={business.menu} rate={loaderData.exchangeRate} />
            </section>
          ) : null}

          <NextEvents
            occurrences={loaderData.events}
            titleKey="blocks.businessTitle"
            id="business-events-title"
            hideWhenEmpty
            className="mt-10"
          />

          {loaderData.engagement.contact ? (
            <RequestSection id="message" name={business.name}>
              <VisitorMessageForm slug={business.slug} />
            </RequestSection>
          ) : null}

          <ReviewsSection
            rating={business.rating}
            reviewCount={business.reviewCount}
            reviews={loaderData.reviews}
            viewer={viewer ? { signedIn: true, isOwner: viewer.isOwner, myReview: viewer.myReview } : null}
            actionData={actionData}
          />
        </div>

        <aside className="min-w-0 space-y-6 lg:col-start-2 lg:row-start-2">
          <section aria-labelledby="hours-title" className="rounded-xl border border-slate-200 p-4">
            <h2 id="hours-title" className="mb-2 text-lg font-semibold">
              {t("hours.title")}
            </h2>
            <HoursTable hours={business.hours} closures={business.upcomingClosures} today={business.today} />
          </section>
          <AdSlot ad={loaderData.ad} />
          <LazyMap
            points={points}
            title={t("map.businessTitle", { name: business.name })}
            area={business.area.slug}
            sectionClassName=""
            className="h-64"
            zoom={16}
          />
          <section className="rounded-xl border border-slate-200 p-4 text-sm">
            <h2 className="flex items-center gap-2 font-semibold">
              <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
              {viewer?.isOwner ? t("business.youOwnThis") : t("business.ownerTitle")}
            </h2>
            {viewer?.isOwner ? (
              <p className="mt-2">
                <LocalizedLink
                  to={`/dashboard/business/${business.id}`}
                  className="font-medium text-brand-800 underline"
                >
                  {t("business.manage")}
                </LocalizedLink>
              </p>
            ) : viewer?.hasPendingClaim ? (
              <p className="mt-2 text-slate-700">{t("business.claimPending")}</p>
            ) : (
              <>
                <p className="mt-2 text-slate-700">
                  {business.hasOwner ? t("business.claimCorrection") : t("business.claimIntro")}
                </p>
                <LocalizedLink
                  to={`/business/${business.slug}/claim`}
                  className="btn-secondary mt-3 w-full"
                  data-testid="claim-link"
                >
                  {business.hasOwner ? t("business.suggestCorrection") : t("business.claimCta")}
                </LocalizedLink>
              </>
            )}
          </section>
        </aside>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
