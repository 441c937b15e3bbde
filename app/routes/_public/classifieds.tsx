import { AdFilters } from "#app/components/classifieds/ad-filters";
import { AdCard } from "#app/components/classifieds/ad-parts";
import { Pagination } from "#app/components/ui/data-table";
import { SearchX, ShoppingBag } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { AddLink, EmptyList, FilterPanel, ListSection, PageHeader } from "#app/components/ui/page-header";
import { anyListedAds, listAds } from "#app/features/classifieds/classifieds.server";
import { classifiedCategories } from "#app/features/classifieds/constants";
import { classifiedFiltersSchema } from "#app/features/classifieds/forms";
import { currencyFor } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { getSiteConfig, listAreas } from "#app/platform/site/site-config.server";
import type { Route } from "./+types/classifieds";

// /classifieds: listed ads (published, not sold, not expired) with filters that are a plain GET
// form. The same for everyone, so cached; an ad write bumps "classifieds", and ads expire by the
// clock, so a cached copy lives at most five minutes.
export const handle = {
  i18n: ["classifieds"],
  cache: { kinds: ["classifieds", "site"], maxAgeSeconds: 300 },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const url = new URL(request.url);
  const raw = Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ""));
  const filters = classifiedFiltersSchema.parse(raw);
  const site = await getSiteConfig(language);
  const rate = site.exchangeRate;
  const [result, areas] = await Promise.all([listAds({ filters, language, rate }), listAreas(language)]);
  const filtered = Boolean(
    filters.q ||
      filters.category ||
      filters.area ||
      filters.condition ||
      filters.minPrice !== undefined ||
      filters.maxPrice !== undefined,
  );
  const anyListed = result.total > 0 || !filtered ? result.total > 0 : await anyListedAds();
  const category = filters.category ? t(`classifieds:categories.${filters.category}`) : null;
  return {
    head: {
      title: category ? t("classifieds:meta.categoryTitle", { category }) : t("classifieds:meta.title"),
      description: t("classifieds:meta.description"),
      // One indexable list per category; searches and price ranges are the same ads again.
      noindex: Boolean(
        filters.q || filters.area || filters.condition || filters.minPrice || filters.maxPrice || filters.page,
      ),
    },
    ads: result.ads,
    total: result.total,
    page: result.page,
    pages: result.pages,
    rate,
    currency: (filters.currency ?? currencyFor[language]) as "USD" | "CRC",
    filters: {
      q: filters.q ?? "",
      category: filters.category ?? "",
      area: filters.area ?? "",
      condition: filters.condition ?? "",
      minPrice: filters.minPrice === undefined ? "" : String(filters.minPrice),
      maxPrice: filters.maxPrice === undefined ? "" : String(filters.maxPrice),
      currency: filters.currency ?? "",
      sort: filters.sort ?? "newest",
    },
    filtered,
    anyListed,
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
  };
}

export default function ClassifiedsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("classifieds");
  const { ads, filters } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <PageHeader
        title={t("page.title")}
        description={t("page.intro")}
        actions={<AddLink to="/classifieds/new" label={t("page.post")} testId="post-ad-link" />}
      />

      <nav aria-label={t("filters.categoriesNav")} className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-2 pb-1 text-sm whitespace-nowrap">
          <li>
            <LocalizedLink
              to="/classifieds"
              aria-current={filters.category === "" ? "page" : undefined}
              className={`inline-block rounded-full px-3 py-1.5 ring-1 ring-slate-200 ${filters.category === "" ? "bg-brand-700 text-white" : "bg-white text-slate-800 hover:bg-slate-50"}`}
            >
              {t("filters.all")}
            </LocalizedLink>
          </li>
          {classifiedCategories.map((category) => (
            <li key={category}>
              <LocalizedLink
                to={`/classifieds?category=${category}`}
                aria-current={filters.category === category ? "page" : undefined}
                className={`inline-block rounded-full px-3 py-1.5 ring-1 ring-slate-200 ${filters.category === category ? "bg-brand-700 text-white" : "bg-white text-slate-800 hover:bg-slate-50"}`}
              >
                {t(`categories.${category}`)}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </nav>

      <FilterPanel id="ad-filters-title" title={t("filters.title")}>
        <AdFilters
          filters={filters}
          areas={loaderData.areas}
          filtered={loaderData.filtered}
          currency={loaderData.currency}
        />
      </FilterPanel>

      <ListSection
        id="ads-list-title"
        title={filters.category ? t(`categories.${filters.category}`) : t("page.listTitle")}
        count={t("page.count", { count: loaderData.total })}
        countTestId="ad-count"
      >
        {ads.length ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="ad-list">
            {ads.map((ad) => (
              <li key={ad.id}>
                <AdCard ad={ad} rate={loaderData.rate} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyList
            testId="ads-empty"
            icon={loaderData.anyListed ? SearchX : ShoppingBag}
            title={loaderData.anyListed ? t("empty.filteredTitle") : t("empty.title")}
            text={loaderData.anyListed ? t("empty.filteredText") : t("empty.text")}
          >
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              {loaderData.filtered ? (
                <LocalizedLink to="/classifieds" className="btn-secondary">
                  {t("filters.clear")}
                </LocalizedLink>
              ) : null}
              <LocalizedLink to="/classifieds/new" className="btn-primary">
                {t("page.post")}
              </LocalizedLink>
            </div>
          </EmptyList>
        )}
        <Pagination page={loaderData.page} pages={loaderData.pages} />
      </ListSection>
    </div>
  );
}
