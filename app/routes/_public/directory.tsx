import { data, useLocation } from "react-router";
import { AdSlot } from "#app/components/ads/ad-slot";
import { DirectoryFilters } from "#app/components/directory/directory-filters";
import { LoadFailed, Results } from "#app/components/directory/results";
import { Plus } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { directorySearch, hasActiveFilters, parseDirectoryParams } from "#app/features/directory/filters";
import { localMoment } from "#app/features/directory/hours";
import { browseDirectory, type DirectoryResult } from "#app/features/directory/search.server";
import { formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { hasPage } from "#app/manifests";
import { getSiteConfig, listAreas } from "#app/platform/site/site-config.server";
import { loadAdSlot } from "#app/web/ads.server";
import type { Route } from "./+types/directory";

// Shows "open now" or today's tides: a cached copy is at most a minute old (two while refreshed).
export const handle = {
  i18n: ["directory", "ads:slot"],
  cache: { maxAgeSeconds: 60 },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const url = new URL(request.url);
  const [site, areas] = await Promise.all([getSiteConfig(language), listAreas(language)]);
  const state = parseDirectoryParams(
    url.searchParams,
    areas.map((area) => area.slug),
  );
  const now = new Date();
  let result: DirectoryResult | null = null;
  try {
    result = await browseDirectory({
      query: state.q,
      category: state.category ?? undefined,
      area: state.area ?? undefined,
      openNow: state.open,
      premium: state.premium,
      minRating: state.rating ?? undefined,
      accepts: state.accepts,
      speaks: state.speaks,
      sort: state.sort,
      page: state.page,
      language,
      now,
      timeZone: site.timeZone,
    });
  } catch (error) {
    // The page still renders, with "Failed to Load Businesses" in place of the list.
    logger.error({ err: error }, "directory search failed");
  }
  const title = state.q
    ? t("directory:page.searchTitle", { query: state.q })
    : state.category
      ? t("directory:page.categoryTitle", {
          category: t(`directory:categories.${state.category}`),
          region: site.regionName,
        })
      : t("directory:page.title");
  return data(
    {
      head: {
        title,
        description: t("directory:page.description", { region: site.regionName }),
        // Search results and deep pages are for people, not for search engines' indexes.
        noindex: Boolean(state.q) || state.page > 1,
      },
      state,
      areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
      result: result
        ? {
            cards: result.cards,
            total: result.total,
            totalIsLowerBound: result.totalIsLowerBound,
            page: result.page,
            pageCount: result.pageCount,
          }
        : null,
      today: localMoment(now, site.timeZone).date,
      regionName: site.regionName,
      ad: result?.cards.length
        ? await loadAdSlot(request, context, { pageKind: "directory", language, slot: "results", area: state.area })
        : null,
    },
    { status: result ? 200 : 503 },
  );
}

export default function Directory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const location = useLocation();
  const { state, result } = loaderData;
  const action = location.pathname;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t("page.heading")}</h1>
          <p className="mt-2 max-w-2xl text-slate-700">{t("page.intro", { region: loaderData.regionName })}</p>
        </div>
        {hasPage("list-business") ? (
          <LocalizedLink to="/list-business" className="btn-secondary">
            <Plus className="size-4" aria-hidden="true" />
            {t("page.listYours")}
          </LocalizedLink>
        ) : null}
      </div>
      <div className="mt-6">
        <DirectoryFilters action={action} state={state} areas={loaderData.areas} />
      </div>
      {result ? (
        <>
          <p className="mt-6 text-sm text-slate-700" role="status" data-testid="result-count">
            {t(result.totalIsLowerBound ? "results.countMoreThan" : "results.count", {
              count: result.total,
              formatted: formatNumber(result.total, language),
            })}
          </p>
          <Results
            results={result}
            today={loaderData.today}
            hrefFor={(page) => action + directorySearch({ ...state, page })}
            clearHref={hasActiveFilters(state) ? action : undefined}
            mapTitle={t("map.resultsTitle")}
            ad={loaderData.ad ? <AdSlot ad={loaderData.ad} /> : undefined}
          />
        </>
      ) : (
        <LoadFailed />
      )}
    </div>
  );
}
