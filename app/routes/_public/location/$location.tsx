import { data } from "react-router";
import { CategoryIcon } from "#app/components/directory/category-icon";
import { HubPage } from "#app/components/directory/hub-page";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { MapPin } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { businessCategories } from "#app/features/directory/constants";
import { directorySearch } from "#app/features/directory/filters";
import { localMoment } from "#app/features/directory/hours";
import { countByCategory, getArea, loadHubListings } from "#app/features/directory/hubs.server";
import { formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { hasPage } from "#app/manifests";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import type { Route } from "./+types/$location";

export const handle = { i18n: ["directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const area = await getArea({ slug: params.location, language });
  if (!area) throw data(t("directory:hubs.locationNotFound"), { status: 404 });
  const { page } = readSearchParams(request, { page: searchParam.page() });
  const site = await getSiteConfig(language);
  const now = new Date();
  const { result, counts: perCategory } = await loadHubListings({
    hub: "location",
    search: { area: area.slug, page, language, now, timeZone: site.timeZone },
    counts: () => countByCategory({ area: area.slug }),
  });
  // The area's own page (/areas/…) is described by its summary; this list says what it holds.
  const listed = Object.values(perCategory).reduce((sum, count) => sum + (count ?? 0), 0);
  return data(
    {
      head: {
        title: t("directory:hubs.locationTitle", { area: area.name }),
        description: listed
          ? t("directory:hubs.locationDescription", {
              count: listed,
              formatted: formatNumber(listed, language),
              area: area.name,
            })
          : t("directory:hubs.locationDescriptionEmpty", { area: area.name }),
        noindex: page > 1,
      },
      area: { slug: area.slug, name: area.name, summary: area.summary, featured: area.featuredRank !== null },
      categories: businessCategories
        .map((category) => ({ category, count: perCategory[category] ?? 0 }))
        .filter((entry) => entry.count > 0),
      result,
      today: localMoment(now, site.timeZone).date,
    },
    { status: result ? 200 : 503 },
  );
}

export default function LocationHub({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const { area } = loaderData;
  const areaPage = hasPage(`area-${area.slug}`) || area.featured;
  return (
    <HubPage
      heading={
        <h1 className="mt-2 flex items-center gap-2 text-3xl font-bold tracking-tight">
          <MapPin className="size-7 text-brand-700" aria-hidden="true" />
          {t("hubs.locationHeading", { area: area.name })}
        </h1>
      }
      intro={
        <>
          <p className="mt-2 max-w-2xl text-slate-700">{area.summary}</p>
          {areaPage ? (
            <p className="mt-2">
              <LocalizedLink to={`/areas/${area.slug}`} className="text-sm font-medium text-brand-800 underline">
                {t("hubs.aboutArea", { area: area.name })}
              </LocalizedLink>
            </p>
          ) : null}
        </>
      }
      links={{
        label: t("hubs.byCategory"),
        chipClassName:
          "inline-flex min-h-9 items-center gap-1.5 rounded-full border border-slate-300 px-3 text-sm hover:border-brand-600",
        items: loaderData.categories.map(({ category, count }) => ({
          key: category,
          to: `/directory${directorySearch({ category, area: area.slug })}`,
          icon: <CategoryIcon category={category} className="size-4" />,
          name: t(`categories.${category}`),
          count,
        })),
      }}
      result={loaderData.result}
      today={loaderData.today}
      mapTitle={t("map.areaTitle", { area: area.name })}
      mapArea={area.slug}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
