import { data, useActionData } from "react-router";
import { AdKindChips, AdPrice, LanguageMark } from "#app/components/classifieds/ad-parts";
import { ContactForm } from "#app/components/classifieds/contact-form";
import { BusinessImage } from "#app/components/directory/business-image";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { JsonLd } from "#app/components/layout/json-ld";
import { ReportControl } from "#app/components/moderation/report-form";
import { PhoneLink, WhatsAppButton } from "#app/components/ui/contact-buttons";
import { Clock, Lock, MapPin, User } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { DemoMark, StatusBadge } from "#app/components/ui/status-badge";
import { getAd } from "#app/features/classifieds/classifieds.server";
import { contactSchema } from "#app/features/classifieds/forms";
import { classifiedJsonLd } from "#app/features/classifieds/json-ld";
import { contactSeller } from "#app/features/classifieds/relay.server";
import { serializeJsonLd } from "#app/features/directory/json-ld";
import { env } from "#app/lib/env.server";
import { orAppError } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { breadcrumbJsonLd, requestOrigin } from "#app/lib/seo";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { redirectWithToast } from "#app/web/flash.server";
import { submitForm } from "#app/web/form-action.server";
import { getSessionUser, requireUser } from "#app/web/session.server";
import type { Route } from "./+types/$slug";

// One ad. Listed and sold ads show in full (a sold one without the contact form); an expired ad
// answers 410 with a page that says so and points back to the list, in the page's language.
// Anonymous copies are cached; ads expire by the clock, so for five minutes at most.
export const handle = {
  i18n: ["classifieds", "moderation:report", "moderation:reasons", "moderation:errors"],
  cache: { kinds: ["classifieds", "site"], maxAgeSeconds: 300 },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const viewer = await getSessionUser(request);
  const ad = await orAppError(language, () => getAd({ slug: params.slug, viewer, language }));
  const site = await getSiteConfig(language);
  if (ad.state === "expired" && !ad.mine) {
    return data(
      {
        expired: true as const,
        head: {
          title: t("classifieds:expired.metaTitle"),
          description: t("classifieds:expired.text"),
          noindex: true,
        },
        title: ad.title,
        expiresAt: ad.expiresAt,
        category: ad.category,
      },
      { status: 410 },
    );
  }
  const origin = requestOrigin(request, env().SITE_URL);
  const url = `${origin}${localizePath(`/classifieds/${ad.slug}`, language)}`;
  const firstPhoto = ad.photos[0];
  const image = firstPhoto
    ? `${origin}/uploads/${firstPhoto.key}-${firstPhoto.widths[firstPhoto.widths.length - 1]}.webp`
    : undefined;
  const item = classifiedJsonLd({
    title: ad.title,
    description: ad.description,
    category: ad.category,
    url,
    image,
    priceMinor: ad.priceMinor,
    currency: ad.currency,
    sold: ad.state === "sold",
    expiresAt: ad.expiresAt,
    condition: ad.condition,
    areaName: ad.area.name,
  });
  // The same trail as the breadcrumb links above the ad.
  const trail = breadcrumbJsonLd([
    { name: t("classifieds:nav.title"), url: `${origin}${localizePath("/classifieds", language)}` },
    {
      name: t(`classifieds:categories.${ad.category}`),
      url: `${origin}${localizePath(`/classifieds?category=${ad.category}`, language)}`,
    },
  ]);
  const jsonLd = serializeJsonLd(item ? [item, trail] : trail);
  return {
    expired: false as const,
    head: {
      title: t("classifieds:ad.metaTitle", { title: ad.title }),
      description: ad.description.replace(/\s+/g, " ").slice(0, 155),
      noindex: ad.state !== "listed",
      ...(image ? { image } : {}),
    },
    ad,
    rate: site.exchangeRate,
    signedIn: Boolean(viewer),
    jsonLd,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { language } = await getRequestTranslator(request);
  const user = await requireUser(request);
  const ad = await orAppError(language, () => getAd({ slug: params.slug, viewer: user, language }));
  const formData = await request.formData();
  return submitForm(
    formData,
    contactSchema,
    async (value) => {
      await contactSeller({ actor: user, adId: ad.id, message: value.message });
      return redirectWithToast(
        request,
        `${localizePath(`/classifieds/${ad.slug}`, language)}#contact`,
        "sellerContacted",
      );
    },
    { failure: {} },
  );
}

export default function AdPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.expired) return <ExpiredAd title={loaderData.title} expiresAt={loaderData.expiresAt} />;
  return <ListedAd data={loaderData} />;
}

function ExpiredAd({ title, expiresAt }: { title: string; expiresAt: string }) {
  const { t } = useTranslation("classifieds");
  const language = useLanguage();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center" data-testid="ad-expired">
      <Clock className="mx-auto size-10 text-slate-400" aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold">{t("expired.title")}</h1>
      <p className="mt-2 text-slate-700">
        {t("expired.named", { title, date: formatDate(new Date(expiresAt), language) })}
      </p>
      <p className="mt-1 text-sm text-slate-600">{t("expired.text")}</p>
      <LocalizedLink to="/classifieds" className="btn-primary mt-6">
        {t("expired.browse")}
      </LocalizedLink>
    </div>
  );
}

type ListedData = Extract<Route.ComponentProps["loaderData"], { expired: false }>;

function ListedAd({ data: loaderData }: { data: ListedData }) {
  const { t } = useTranslation("classifieds");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const { ad } = loaderData;
  const [cover, ...rest] = ad.photos;
  const stateBadge =
    ad.state === "sold" ? (
      <StatusBadge tone="neutral" testId="ad-state">
        {t("state.sold")}
      </StatusBadge>
    ) : ad.state === "pending" ? (
      <StatusBadge tone="warning" testId="ad-state">
        {t("state.pending")}
      </StatusBadge>
    ) : ad.state === "hidden" ? (
      <StatusBadge tone="danger" testId="ad-state">
        {t("state.hidden")}
      </StatusBadge>
    ) : ad.state === "expired" ? (
      <StatusBadge tone="warning" testId="ad-state">
        {t("state.expired")}
      </StatusBadge>
    ) : null;
  return (
    <article className="mx-auto max-w-6xl px-4 py-6 sm:py-10" data-testid="ad-page">
      <JsonLd json={loaderData.jsonLd} />
      <nav aria-label={t("ad.breadcrumb")} className="text-sm text-slate-600">
        <LocalizedLink to="/classifieds" className="underline">
          {t("nav.title")}
        </LocalizedLink>
        {" › "}
        <LocalizedLink to={`/classifieds?category=${ad.category}`} className="underline">
          {t(`categories.${ad.category}`)}
        </LocalizedLink>
      </nav>

      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-5">
          <header className="space-y-2">
            <p className="flex flex-wrap items-center gap-2 text-xs">
              <AdKindChips ad={ad} />
              {stateBadge}
              {ad.isDemo ? <DemoMark label={t("page.demo")} className="px-2 py-0.5" /> : null}
            </p>
            <h1 className="text-2xl font-bold break-words sm:text-3xl" lang={ad.language}>
              {ad.title}
            </h1>
            <AdPrice
              priceMinor={ad.priceMinor}
              currency={ad.currency}
              category={ad.category}
              rate={loaderData.rate}
              large
            />
          </header>

          {cover ? (
            <div className="space-y-2">
              <BusinessImage
                image={{ ...cover, alt: t("ad.photoAlt", { title: ad.title, number: 1 }) }}
                sizes="(min-width: 1024px) 640px, 100vw"
                className="aspect-[4/3] w-full rounded-2xl bg-slate-100 object-contain"
                eager
              />
              {rest.length ? (
                <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
                  {rest.map((photo, index) => (
                    <li key={photo.key}>
                      <BusinessImage
                        image={{ ...photo, alt: t("ad.photoAlt", { title: ad.title, number: index + 2 }) }}
                        sizes="(min-width: 640px) 160px, 33vw"
                        className="aspect-square w-full rounded-lg bg-slate-100 object-cover"
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}

          <section aria-labelledby="ad-description-title" className="space-y-2">
            <h2 id="ad-description-title" className="text-lg font-semibold">
              {t("ad.description")}
            </h2>
            <p className="break-words whitespace-pre-line text-slate-800" lang={ad.language}>
              {ad.description}
            </p>
            <LanguageMark language={ad.language} />
          </section>

          <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
            <div className="flex items-center gap-2">
              <dt className="sr-only">{t("ad.area")}</dt>
              <dd className="flex items-center gap-2">
                <MapPin className="size-4 text-slate-500" aria-hidden="true" />
                {ad.area.name}
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="sr-only">{t("ad.seller")}</dt>
              <dd className="flex items-center gap-2">
                <User className="size-4 text-slate-500" aria-hidden="true" />
                {ad.contactable ? (ad.seller ?? t("ad.formerMember")) : t("ad.demoSeller")}
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="flex items-center gap-2">
                <Clock className="size-4 text-slate-500" aria-hidden="true" />
                {t("ad.posted")}
              </dt>
              <dd>{formatDate(new Date(ad.publishedAt), language, { dateStyle: "medium" })}</dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="flex items-center gap-2">
                <Clock className="size-4 text-slate-500" aria-hidden="true" />
                {t("ad.expires")}
              </dt>
              <dd>{formatDate(new Date(ad.expiresAt), language, { dateStyle: "medium" })}</dd>
            </div>
          </dl>

          <ReportControl kind="classified" itemId={ad.id} signedIn={loaderData.signedIn} own={ad.mine} />
        </div>

        <aside className="space-y-4" aria-labelledby="contact" id="contact-section">
          <section className="space-y-4 rounded-2xl border border-slate-200 p-5" data-testid="contact-section">
            <h2 id="contact" className="text-lg font-semibold">
              {t("contact.title")}
            </h2>
            {ad.phone ? (
              <div className="flex flex-wrap gap-2" data-testid="seller-phone">
                {/* WhatsApp first: it is how most people here answer an ad. */}
                {ad.whatsapp ? <WhatsAppButton phone={ad.phone} subject="ad" name={ad.title} /> : null}
                <PhoneLink phone={ad.phone} />
              </div>
            ) : null}
            {ad.mine ? (
              <p className="text-sm text-slate-700">
                {t("contact.yours")}{" "}
                <LocalizedLink to="/dashboard/classifieds" className="underline">
                  {t("contact.manage")}
                </LocalizedLink>
              </p>
            ) : ad.state !== "listed" || !ad.contactable ? (
              <p className="text-sm text-slate-700" data-testid="contact-closed">
                {ad.contactable ? t("contact.closed") : t("contact.demo")}
              </p>
            ) : loaderData.signedIn ? (
              <ContactForm lastResult={actionData && "result" in actionData ? actionData.result : null} />
            ) : (
              <div className="space-y-3">
                <p className="flex items-start gap-2 text-sm text-slate-700">
                  <Lock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                  {t("contact.signInWhy")}
                </p>
                <LocalizedLink
                  to={`/auth?redirectTo=${encodeURIComponent(`${localizePath(`/classifieds/${ad.slug}`, language)}#contact`)}`}
                  className="btn-primary"
                  data-testid="contact-sign-in"
                >
                  {t("contact.signIn")}
                </LocalizedLink>
              </div>
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
