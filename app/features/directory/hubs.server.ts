import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "#app/lib/db.server";
import type { Language } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { registerSitemapSource } from "#app/lib/sitemap.server";
import { businesses } from "#app/platform/listings/schema";
import { areaNamesBySlug, findArea, listAreaSlugs } from "#app/platform/site/site-config.server";
import { businessCategories } from "./constants";
import { type BusinessCard, browseDirectory, loadBusinessCards, type searchDirectory } from "./search.server";

// Category hubs (/category/{category}), location hubs (/location/{area}) and the featured area
// pages (/areas/{area}): all read verified businesses only.

/** Featured areas with a static page of their own (site-routes.ts); others use /areas/:area. */
export const staticAreaPages = ["playa-flamingo", "surfside", "brasilito"];

// /sitemap shows these by name: a category in the reader's language, an area as the site names it.
registerSitemapSource("directory-hubs", async () => {
  const [rows, names, en, es] = await Promise.all([
    listAreaSlugs(),
    areaNamesBySlug(),
    getTranslator("en"),
    getTranslator("es"),
  ]);
  const areaTitle = (slug: string) => {
    const name = names.get(slug);
    return name ? { en: name.en || name.es, es: name.es || name.en } : undefined;
  };
  return [
    ...businessCategories.map((category) => ({
      path: `/category/${category}`,
      title: { en: en(`directory:categories.${category}`), es: es(`directory:categories.${category}`) },
    })),
    ...rows.map((row) => ({ path: `/location/${row.slug}`, title: areaTitle(row.slug) })),
    ...rows
      .filter((row) => row.featuredRank !== null && !staticAreaPages.includes(row.slug))
      .map((row) => ({ path: `/areas/${row.slug}`, title: areaTitle(row.slug) })),
  ];
});

export function getArea(options: { slug: string; language: Language }) {
  return findArea(options);
}

/** How many public businesses per category, optionally within one area. */
export async function countByCategory(options: { area?: string } = {}) {
  const rows = await getDb()
    .select({ category: businesses.category, n: sql<number>`count(*)::int` })
    .from(businesses)
    .where(and(eq(businesses.status, "verified"), options.area ? eq(businesses.areaSlug, options.area) : undefined))
    .groupBy(businesses.category);
  return Object.fromEntries(rows.map((row) => [row.category, Number(row.n)])) as Record<string, number>;
}

/** How many public businesses per area, optionally within one category. */
export async function countByArea(options: { category?: string } = {}) {
  const rows = await getDb()
    .select({ area: businesses.areaSlug, n: sql<number>`count(*)::int` })
    .from(businesses)
    .where(
      and(eq(businesses.status, "verified"), options.category ? eq(businesses.category, options.category) : undefined),
    )
    .groupBy(businesses.areaSlug);
  return Object.fromEntries(rows.map((row) => [row.area, Number(row.n)])) as Record<string, number>;
}

/** An area's best businesses in each category (premium, then rating), for its featured page. */
export async function areaBusinessesByCategory(options: {
  area: string;
  language: Language;
  timeZone: string;
  perCategory: number;
  now?: Date;
}): Promise<{ category: string; total: number; cards: BusinessCard[] }[]> {
  const ranked = getDb()
    .select({
      id: businesses.id,
      category: businesses.category,
      position:
        sql<number>`row_number() over (partition by ${businesses.category} order by ${businesses.isPremium} desc, ${businesses.ratingAverage} desc, ${businesses.reviewCount} desc, ${businesses.name})`.as(
          "position",
        ),
      total: sql<number>`count(*) over (partition by ${businesses.category})`.as("total"),
    })
    .from(businesses)
    .where(and(eq(businesses.status, "verified"), eq(businesses.areaSlug, options.area)))
    .as("ranked");
  const rows = await getDb()
    .select({ id: ranked.id, category: ranked.category, total: ranked.total })
    .from(ranked)
    .where(sql`${ranked.position} <= ${options.perCategory}`)
    .orderBy(asc(ranked.category), asc(ranked.position));
  const cards = await loadBusinessCards({
    ids: rows.map((row) => row.id),
    language: options.language,
    timeZone: options.timeZone,
    now: options.now,
  });
  const byId = new Map(cards.map((card) => [card.id, card]));
  return businessCategories.flatMap((category) => {
    const inCategory = rows.filter((row) => row.category === category);
    if (!inCategory.length) return [];
    return [
      { category, total: Number(inCategory[0].total), cards: inCategory.flatMap((row) => byId.get(row.id) ?? []) },
    ];
  });
}

/** Map pins for every public business of an area or a category (bounded: a map is not a list). */
export async function mapPoints(options: { area?: string; category?: string; limit?: number }) {
  return getDb()
    .select({
      id: businesses.id,
      name: businesses.name,
      slug: businesses.slug,
      latitude: businesses.latitude,
      longitude: businesses.longitude,
    })
    .from(businesses)
    .where(
      and(
        eq(businesses.status, "verified"),
        isNotNull(businesses.latitude),
        isNotNull(businesses.longitude),
        options.area ? eq(businesses.areaSlug, options.area) : undefined,
        options.category ? eq(businesses.category, options.category) : undefined,
      ),
    )
    .orderBy(desc(businesses.isPremium), desc(businesses.ratingAverage))
    .limit(Math.min(options.limit ?? 300, 500));
}

/**
 * A category or location hub's page of listings with its counts per facet (areas, categories). A
 * failed search is logged and answers `result: null`, so the hub still renders and says so (503).
 */
export async function loadHubListings(options: {
  hub: "category" | "location";
  search: Parameters<typeof searchDirectory>[0];
  counts: () => Promise<Record<string, number>>;
}) {
  try {
    const [result, counts] = await Promise.all([browseDirectory(options.search), options.counts()]);
    const { cards, total, page, pageCount } = result;
    return { result: { cards, total, page, pageCount }, counts };
  } catch (error) {
    logger.error({ err: error }, `${options.hub} hub failed to load`);
    return { result: null, counts: {} as Record<string, number> };
  }
}
