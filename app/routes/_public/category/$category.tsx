import { data } from "react-router";
import { CategoryIcon } from "#app/components/directory/category-icon";
import { HubPage } from "#app/components/directory/hub-page";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { isBusinessCategory } from "#app/features/directory/constants";
import { directorySearch } from "#app/features/directory/filters";
import { localMoment } from "#app/features/directory/hours";
import { countByArea, loadHubListings } from "#app/features/directory/hubs.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { getSiteConfig, listAreas } from "#app/platform/site/site-config.server";
import type { Route } from "./+types/$category";

export const handle = { i18n: ["directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  // An unknown category: "Category Not Found".
  if (!isBusinessCategory(params.category)) throw data(t("directory:hubs.categoryNotFound"), { status: 404 });
  const category = params.category;
  const { page } = readSearchParams(request, { page: searchParam.page() });
  const [site, areas] = await Promise.all([getSiteConfig(language), listAreas(language)]);
  const now = new Date();
  const { result, counts: perArea } = await loadHubListings({
    hub: "category",
    search: { category, page, language, now, timeZone: site.timeZone },
    counts: () => countByArea({ category }),
  });
  const name = t(`directory:categories.${category}`);
  return data(
    {
      head: {
        title: t("directory:hubs.categoryTitle", { category: name, region: site.regionName }),
        description: t("directory:hubs.categoryDescription", { category: name.toLowerCase(), region: site.regionName }),
        noindex: page > 1,
      },
      category,
      regionName: site.regionName,
      areas: areas
        .map((area) => ({ slug: area.slug, name: area.name, count: perArea[area.slug] ?? 0 }))
        .filter((area) => area.count > 0),
      result,
      today: localMoment(now, site.timeZone).date,
    },
    { status: result ? 200 : 503 },
  );
}

export default function CategoryHub({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const { category } = loaderData;
  const name = t(`categories.${category}`);
  return (
    <HubPage
      heading={
        <h1 className="mt-2 flex items-center gap-3 text-3xl font-bold tracking-tight">
          <CategoryIcon category={category} className="size-8 text-brand-700" />
          {t("hubs.categoryHeading", { category: name, region: loaderData.regionName })}
        </h1>
      }
      intro={<p className="mt-2 max-w-2xl text-slate-700">{t(`hubs.categoryIntro.${category}`)}</p>}
      links={{
        label: t("hubs.byArea"),
        chipClassName:
          "inline-flex min-h-9 items-center gap-1 rounded-full border border-slate-300 px-3 text-sm hover:border-brand-600",
        items: loaderData.areas.map((area) => ({
          key: area.slug,
          to: `/directory${directorySearch({ category, area: area.slug })}`,
          name: area.name,
          count: area.count,
        })),
      }}
      result={loaderData.result}
      today={loaderData.today}
      mapTitle={t("map.categoryTitle", { category: name })}
    >
      <p className="mt-5">
        <LocalizedLink
          to={`/directory${directorySearch({ category })}`}
          className="text-sm font-medium text-brand-800 underline"
        >
          {t("hubs.searchIn", { category: name.toLowerCase() })}
        </LocalizedLink>
      </p>
    </HubPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
