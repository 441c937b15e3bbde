import { BeachSummaryCard } from "#app/components/beach/beach-summary";
import { MapPin } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { getBeachSummary } from "#app/domain/beach/summary.server";
import { getSiteConfig, listAreas } from "#app/domain/content/site-config.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { hasPage, sitePages } from "#app/lib/site-routes";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import type { Route } from "./+types/index";

// Shows "open now" or today's tides: a cached copy is at most a minute old (two while refreshed).
export const handle = {
  i18n: ["beach:summary", "guides:home"],
  cache: { maxAgeSeconds: 60 },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const [site, featuredAreas] = await Promise.all([
    getSiteConfig(language),
    listAreas(language, { featuredOnly: true }),
  ]);
  return {
    head: { title: t("home.metaTitle", { siteName: site.siteName }), description: site.tagline },
    site: { siteName: site.siteName, tagline: site.tagline, regionName: site.regionName },
    featuredAreas: featuredAreas.slice(0, 3),
    beachSummary: await getBeachSummary({ language, t }),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const features = sitePages.filter((page) => page.homeFeature);
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-20">
          <p className="flex items-center gap-1 text-sm font-semibold text-brand-800">
            <MapPin className="size-4" aria-hidden="true" />
            {loaderData.site.regionName}
          </p>
          <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">
            {t("home.title", { siteName: loaderData.site.siteName })}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">{loaderData.site.tagline}</p>
          <p className="mt-2 max-w-2xl text-slate-600">{t("home.intro")}</p>
        </div>
      </section>

      {loaderData.beachSummary ? <BeachSummaryCard summary={loaderData.beachSummary} /> : null}

      {features.length ? (
        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="features-title" className="text-2xl font-bold">
            {t("home.featuresTitle")}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((page) => (
              <li key={page.id}>
                <LocalizedLink
                  to={page.path}
                  className="block h-full rounded-xl border border-slate-200 p-5 hover:border-brand-600 hover:shadow-sm"
                >
                  <span className="font-semibold text-brand-800">{t(page.labelKey)}</span>
                  <span className="mt-1 block text-sm text-slate-600">{t(page.homeFeature?.descriptionKey ?? "")}</span>
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="areas-title" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="areas-title" className="text-2xl font-bold">
          {t("home.areasTitle")}
        </h2>
        <p className="mt-2 text-slate-600">{t("home.areasIntro")}</p>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {loaderData.featuredAreas.map((area) => (
            <li key={area.slug} className="rounded-xl border border-slate-200 p-5">
              <h3 className="text-lg font-semibold">
                {/* The directory serves /areas/{slug} for every featured area. */}
                {hasPage("directory") ? (
                  <LocalizedLink to={`/areas/${area.slug}`} className="text-brand-800 hover:underline">
                    {area.name}
                  </LocalizedLink>
                ) : (
                  area.name
                )}
              </h3>
              <p className="mt-2 text-sm text-slate-700">{area.summary}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
