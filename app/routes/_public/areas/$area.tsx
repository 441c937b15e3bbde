import { data } from "react-router";
import { AlertsBlock } from "#app/components/alerts/alert-parts";
import { BusinessCard } from "#app/components/directory/business-card";
import { CategoryIcon } from "#app/components/directory/category-icon";
import { LazyMap } from "#app/components/directory/lazy-map";
import { pinOf } from "#app/components/directory/map-pin";
import { LoadFailed, NoResults } from "#app/components/directory/results";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { ChevronRight, Waves } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { alertCard, publicAlertsInForce } from "#app/features/alerts/alerts.server";
import { directorySearch } from "#app/features/directory/filters";
import { localMoment } from "#app/features/directory/hours";
import { areaBusinessesByCategory, getArea, mapPoints } from "#app/features/directory/hubs.server";
import { formatNumber } from "#app/lib/format";
import { localizePath, stripLanguage } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig, listBeaches } from "#app/platform/site/site-config.server";
import type { Route } from "./+types/$area";

export const handle = { i18n: ["directory", "alerts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

// The three featured area pages. Playa Flamingo, Surfside and the third configured area
// have static routes (site-routes.ts, for the footer); any other featured area comes through
// /areas/:area. Areas that are not featured have their location hub instead.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const slug =
    (params as { area?: string }).area ??
    stripLanguage(new URL(request.url).pathname).split("/").filter(Boolean).pop() ??
    "";
  const area = await getArea({ slug, language });
  if (!area || area.featuredRank === null) throw data(t("directory:hubs.locationNotFound"), { status: 404 });
  const site = await getSiteConfig(language);
  const now = new Date();
  let sections: Awaited<ReturnType<typeof areaBusinessesByCategory>> | null = null;
  let points: { id: string; name: string; href: string; latitude: number; longitude: number }[] = [];
  try {
    const [bySection, pins] = await Promise.all([
      areaBusinessesByCategory({ area: area.slug, language, timeZone: site.timeZone, perCategory: 3, now }),
      mapPoints({ area: area.slug }),
    ]);
    sections = bySection;
    points = pins.flatMap((pin) => pinOf(pin, localizePath(`/business/${pin.slug}`, language)));
  } catch (error) {
    logger.error({ err: error }, "area page failed to load");
  }
  const beaches = (await listBeaches()).filter((beach) => beach.areaSlug === area.slug).map((beach) => beach.name);
  // The area's alerts in force (its own and the whole site's); the page opens without them.
  const alerts = await publicAlertsInForce({ now, area: area.slug }).catch((error: unknown) => {
    logger.error({ err: error }, "area alerts failed to load");
    return [];
  });
  return data(
    {
      head: { title: t("directory:areas.metaTitle", { area: area.name }), description: area.summary },
      area: { slug: area.slug, name: area.name, summary: area.summary },
      beaches,
      alerts: alerts.map((alert) => alertCard(alert, language)),
      // The strip shows this area's warnings and emergencies on its page.
      alertArea: area.slug,
      sections,
      points,
      today: localMoment(now, site.timeZone).date,
    },
    { status: sections ? 200 : 503 },
  );
}

export default function AreaPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const { area, sections } = loaderData;
  const total = sections?.reduce((sum, section) => sum + section.total, 0) ?? 0;
  return (
    <div>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <p className="text-sm font-semibold text-brand-800">{t("areas.kicker")}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">{area.name}</h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-700">{area.summary}</p>
          {loaderData.beaches.length ? (
            <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <Waves className="size-4 text-brand-700" aria-hidden="true" />
              <span className="font-medium">{t("areas.beaches")}</span> {loaderData.beaches.join(", ")}
            </p>
          ) : null}
          <p className="mt-6 flex flex-wrap gap-3">
            <LocalizedLink to={`/directory${directorySearch({ area: area.slug })}`} className="btn-primary">
              {t("areas.searchHere", { count: total, formatted: formatNumber(total, language) })}
            </LocalizedLink>
            <LocalizedLink to={`/location/${area.slug}`} className="btn-secondary">
              {t("areas.allListings")}
            </LocalizedLink>
          </p>
        </div>
      </section>
      {loaderData.alerts.length ? (
        <div className="mx-auto max-w-6xl px-4 pb-6">
          <AlertsBlock alerts={loaderData.alerts} testId="area-alerts" />
        </div>
      ) : null}
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <LazyMap points={loaderData.points} title={t("map.areaTitle", { area: area.name })} area={area.slug} />
        {sections === null ? (
          <LoadFailed />
        ) : sections.length === 0 ? (
          <NoResults />
        ) : (
          sections.map((section) => (
            <section key={section.category} aria-labelledby={`section-${section.category}`} className="mt-10">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={`section-${section.category}`} className="flex items-center gap-2 text-2xl font-bold">
                  <CategoryIcon category={section.category} className="size-6 text-brand-700" />
                  {t(`categories.${section.category}`)}
                </h2>
                {section.total > section.cards.length ? (
                  <LocalizedLink
                    to={`/directory${directorySearch({ area: area.slug, category: section.category as never })}`}
                    className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
                  >
                    {t("areas.seeAll", { count: section.total, formatted: formatNumber(section.total, language) })}
                    <ChevronRight className="size-4" aria-hidden="true" />
                  </LocalizedLink>
                ) : null}
              </div>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {section.cards.map((card) => (
                  <li key={card.id}>
                    <BusinessCard business={card} today={loaderData.today} headingLevel={3} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
