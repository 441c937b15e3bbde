import { Form } from "react-router";
import { AdSlot } from "#app/components/ads/ad-slot";
import { AlertsNotice } from "#app/components/alerts/alert-parts";
import { BeachSummaryCard } from "#app/components/beach/beach-summary";
import { BusinessCard } from "#app/components/directory/business-card";
import { CategoryIcon } from "#app/components/directory/category-icon";
import { NextEvents } from "#app/components/events/next-events";
import { JsonLd } from "#app/components/layout/json-ld";
import {
  BookOpen,
  CalendarCheck,
  ChevronRight,
  Clock,
  House,
  type IconComponent,
  MapPin,
  Search,
  ShoppingBag,
  Siren,
  Store,
  Sun,
  Users,
  Waves,
} from "#app/components/ui/icons";
import { Illustration, illustrationUrl } from "#app/components/ui/illustration";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { alertCard, homeAlerts } from "#app/features/alerts/alerts.server";
import { getBeachSummary } from "#app/features/beach/summary.server";
import { directorySearch } from "#app/features/directory/filters";
import { localMoment } from "#app/features/directory/hours";
import { serializeJsonLd } from "#app/features/directory/json-ld";
import { featuredBusinesses } from "#app/features/directory/search.server";
import { nextEventsBlock } from "#app/features/events/reads.server";
import { env } from "#app/lib/env.server";
import { type Language, localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { requestOrigin } from "#app/lib/seo";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { hasPage, sitePages } from "#app/manifests";
import { getSiteConfig, listAreas } from "#app/platform/site/site-config.server";
import { loadAdSlot } from "#app/web/ads.server";
import type { Route } from "./+types/index";

// Shows "open now" or today's tides: a cached copy is at most a minute old (two while refreshed).
export const handle = {
  i18n: [
    "beach:summary",
    "guides:home",
    "directory:categories",
    "directory:rating",
    "directory:badges",
    "directory:hours",
    "directory:fallback",
    "events:blocks",
    "events:card",
    "ads:slot",
    "alerts:widget",
    "alerts:kinds",
    "alerts:severities",
  ],
  cache: { maxAgeSeconds: 60 },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

/** The categories people look for "open now" on the way out the door. */
const openNowCategories = ["restaurant", "retail", "health", "entertainment", "services"] as const;
const featureIcons: Record<string, IconComponent> = {
  store: Store,
  waves: Waves,
  sun: Sun,
  "book-open": BookOpen,
  siren: Siren,
  users: Users,
  calendar: CalendarCheck,
  "shopping-bag": ShoppingBag,
  house: House,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const [site, featuredAreas] = await Promise.all([
    getSiteConfig(language),
    listAreas(language, { featuredOnly: true }),
  ]);
  const now = new Date();
  // The front door must open even when the directory cannot answer: featured listings are extra.
  const featured = await featuredBusinesses({ language, timeZone: site.timeZone, limit: 3 }).catch((error: unknown) => {
    logger.error({ err: error }, "featured businesses failed");
    return [];
  });
  return {
    head: { title: t("home.metaTitle", { siteName: site.siteName }), description: site.tagline },
    jsonLd: siteJsonLd({
      origin: requestOrigin(request, env().SITE_URL),
      language,
      siteName: site.siteName,
      tagline: site.tagline,
      regionName: site.regionName,
    }),
    site: { siteName: site.siteName, tagline: site.tagline, regionName: site.regionName },
    featuredAreas: featuredAreas.slice(0, 3),
    featured,
    today: localMoment(now, site.timeZone).date,
    // Built here so the directory's query-string module stays out of the home page's JavaScript.
    links: {
      openNow: openNowCategories.map((category) => ({
        category,
        to: `/directory${directorySearch({ category, open: true })}`,
      })),
      openNowAll: `/directory${directorySearch({ open: true })}`,
      premium: `/directory${directorySearch({ premium: true })}`,
    },
    // The whole site's alerts and the serious ones anywhere; the front door opens without them.
    alerts: (
      await homeAlerts({ now }).catch((error: unknown) => {
        logger.error({ err: error }, "home alerts failed to load");
        return [];
      })
    ).map((alert) => alertCard(alert, language)),
    beachSummary: await getBeachSummary({ language, t }),
    nextEvents: await nextEventsBlock({ language, limit: 3 }),
    ad: await loadAdSlot(request, context, { pageKind: "home", language, slot: "main" }),
  };
}

/** The site as an Organization and a WebSite whose search is the directory's, for search engines. */
function siteJsonLd(site: {
  origin: string;
  language: Language;
  siteName: string;
  tagline: string;
  regionName: string;
}) {
  const home = site.origin + localizePath("/", site.language);
  return serializeJsonLd([
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${site.origin}/#organization`,
      name: site.siteName,
      url: site.origin + localizePath("/", "en"),
      logo: `${site.origin}/icon-512.png`,
      areaServed: { "@type": "Place", name: site.regionName },
    },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: site.siteName,
      description: site.tagline,
      url: home,
      inLanguage: site.language === "es" ? "es-CR" : "en-US",
      publisher: { "@id": `${site.origin}/#organization` },
      potentialAction: {
        "@type": "SearchAction",
        target: {
          "@type": "EntryPoint",
          urlTemplate: `${site.origin}${localizePath("/directory", site.language)}?q={search_term_string}`,
        },
        "query-input": "required name=search_term_string",
      },
    },
  ]);
}

function SearchBox() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Form
      method="get"
      action={localizePath("/directory", language)}
      role="search"
      aria-label={t("home.searchLabel")}
      className="mt-8 max-w-2xl"
      data-testid="home-search"
    >
      <label htmlFor="home-q" className="text-sm font-semibold text-on-photo">
        {t("home.searchLabel")}
      </label>
      <div className="mt-2 flex gap-2 rounded-full bg-white p-1.5 shadow-lift">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
          <input
            id="home-q"
            name="q"
            type="search"
            maxLength={200}
            placeholder={t("home.searchPlaceholder")}
            className="h-11 w-full rounded-full bg-transparent pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
          />
        </div>
        <button type="submit" className="btn-primary h-11 rounded-full px-5">
          {t("home.searchButton")}
        </button>
      </div>
    </Form>
  );
}

function OpenNowShortcuts({ links }: { links: Route.ComponentProps["loaderData"]["links"] }) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="open-now-title" className="mt-6" data-testid="open-now-shortcuts">
      <h2 id="open-now-title" className="flex items-center gap-1.5 text-sm font-semibold text-on-photo">
        <Clock className="size-4" />
        {t("home.openNowTitle")}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {links.openNow.map(({ category, to }) => (
          <li key={category}>
            <LocalizedLink
              to={to}
              className="inline-flex min-h-10 items-center gap-1.5 rounded-full bg-on-photo/15 px-3.5 py-2 text-sm font-medium text-on-photo ring-1 ring-on-photo/30 hover:bg-on-photo/25"
            >
              <CategoryIcon category={category} className="size-4" />
              {t(`directory:categories.${category}`)}
            </LocalizedLink>
          </li>
        ))}
        <li>
          <LocalizedLink
            to={links.openNowAll}
            className="inline-flex min-h-10 items-center gap-1 rounded-full px-3 py-2 text-sm font-semibold text-on-photo underline-offset-4 hover:underline"
          >
            {t("home.openNowAll")}
            <ChevronRight className="size-4" />
          </LocalizedLink>
        </li>
      </ul>
    </nav>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const features = sitePages.filter((page) => page.homeFeature);
  return (
    <>
      <JsonLd json={loaderData.jsonLd} />
      <section aria-labelledby="home-title" className="relative isolate overflow-hidden bg-hero">
        <div className="relative z-10 mx-auto max-w-6xl px-4 pt-10 pb-28 sm:pt-16 sm:pb-36">
          <p className="flex items-center gap-1 text-sm font-semibold text-on-photo/90">
            <MapPin className="size-4" />
            {loaderData.site.regionName}
          </p>
          <h1 id="home-title" className="mt-3 max-w-3xl text-display font-extrabold text-on-photo">
            {t("home.title", { siteName: loaderData.site.siteName })}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-on-photo/90">{loaderData.site.tagline}</p>
          {hasPage("directory") ? (
            <>
              <SearchBox />
              <OpenNowShortcuts links={loaderData.links} />
            </>
          ) : null}
        </div>
        {/* The shore along the hero's foot: a drawing, decorative. */}
        <img
          src={illustrationUrl("hero-shore")}
          alt=""
          width={1440}
          height={200}
          className="pointer-events-none absolute inset-x-0 bottom-0 h-24 w-full sm:h-32"
        />
      </section>

      <div className="mx-auto max-w-6xl px-4">
        {loaderData.alerts.length ? (
          <div className="relative z-10 mt-4">
            <AlertsNotice alerts={loaderData.alerts} testId="home-alerts" />
          </div>
        ) : null}
        {loaderData.beachSummary ? (
          <div className="-mt-6 sm:-mt-10 relative z-10">
            <BeachSummaryCard summary={loaderData.beachSummary} />
          </div>
        ) : null}

        {loaderData.featured.length ? (
          <section aria-labelledby="featured-title" className="mt-section" data-testid="featured-businesses">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div>
                <h2 id="featured-title" className="text-title font-bold">
                  {t("home.featuredTitle")}
                </h2>
                <p className="mt-1 text-slate-600">{t("home.featuredIntro")}</p>
              </div>
              <LocalizedLink
                to={loaderData.links.premium}
                className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
              >
                {t("home.featuredAll")}
                <ChevronRight className="size-4" />
              </LocalizedLink>
            </div>
            <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {loaderData.featured.map((card) => (
                <li key={card.id}>
                  <BusinessCard business={card} today={loaderData.today} headingLevel={3} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <AdSlot ad={loaderData.ad} className="mt-section" />

        <NextEvents occurrences={loaderData.nextEvents} className="mt-section" />

        {features.length ? (
          <section aria-labelledby="features-title" className="mt-section">
            <h2 id="features-title" className="text-title font-bold">
              {t("home.featuresTitle")}
            </h2>
            <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {features.map((page) => {
                const Icon = featureIcons[page.homeFeature?.icon ?? ""] ?? Store;
                return (
                  <li key={page.id}>
                    <LocalizedLink
                      to={page.path}
                      className="flex h-full gap-4 rounded-card border border-slate-200 bg-white p-4 transition-shadow hover:border-brand-600 hover:shadow-card"
                    >
                      <span className="flex size-11 shrink-0 items-center justify-center rounded-control bg-sand-100 text-sand-800">
                        <Icon className="size-5" />
                      </span>
                      <span>
                        <span className="font-semibold text-brand-800">{t(page.labelKey)}</span>
                        <span className="mt-1 block text-sm text-slate-600">
                          {t(page.homeFeature?.descriptionKey ?? "")}
                        </span>
                      </span>
                    </LocalizedLink>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="areas-title" className="mt-section">
          <h2 id="areas-title" className="text-title font-bold">
            {t("home.areasTitle")}
          </h2>
          <p className="mt-1 text-slate-600">{t("home.areasIntro")}</p>
          <ul className="mt-5 grid gap-4 md:grid-cols-3">
            {loaderData.featuredAreas.map((area) => (
              <li
                key={area.slug}
                className="relative overflow-hidden rounded-card border border-slate-200 bg-white shadow-card focus-within:ring-2 focus-within:ring-brand-700"
              >
                <Illustration kind="area" of={area.slug} className="aspect-[16/9] w-full object-cover" />
                <div className="p-4">
                  <h3 className="text-lg font-semibold">
                    {/* The directory serves /areas/{slug} for every featured area. */}
                    {hasPage("directory") ? (
                      <LocalizedLink
                        to={`/areas/${area.slug}`}
                        className="text-brand-800 after:absolute after:inset-0 hover:underline focus:outline-none"
                      >
                        {area.name}
                      </LocalizedLink>
                    ) : (
                      area.name
                    )}
                  </h3>
                  <p className="mt-1 text-sm text-slate-700">{area.summary}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
