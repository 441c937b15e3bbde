import { and, asc, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import { areas } from "#app/domain/content/schema";
import { getDb } from "#app/lib/db.server";
import type { Language } from "#app/lib/i18n";
import { buildTextQuery, matchesTextQuery, rankTextQuery, type TextQuery } from "#app/lib/search/index.server";
import { searchDocuments } from "#app/lib/search/schema";
import { categoryNames } from "./category-names";
import { type BusinessCategory, businessCategories, type DirectorySort, directoryPageSize } from "./constants";
import { addDays, localMoment, type OpeningPeriod, type OpenStatus, openStatus } from "./hours";
import { businessSearchKind } from "./indexing.server";
import { excerpt, pickText } from "./localized";
import { businessClosures, businesses, businessHours, businessImages } from "./schema";

export interface DirectoryFilters {
  query?: string;
  category?: BusinessCategory;
  area?: string;
  openNow?: boolean;
  premium?: boolean;
  minRating?: number;
  sort?: DirectorySort;
  page?: number;
  pageSize?: number;
}

export interface BusinessCard {
  id: string;
  slug: string;
  name: string;
  category: string;
  areaSlug: string;
  areaName: string;
  summary: string;
  summaryFallback: Language | null;
  rating: number;
  reviewCount: number;
  isPremium: boolean;
  isDemo: boolean;
  latitude: number | null;
  longitude: number | null;
  status: OpenStatus;
  cover: { key: string; widths: number[]; alt: string } | null;
}

export interface DirectoryResult {
  cards: BusinessCard[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/**
 * The SQL twin of openStatus(…).open for the directory filter, so "open now" pages through the
 * database rather than in memory. Same rules: a period belongs to the day it starts, closes ≤
 * opens runs past midnight, and a closure on that day cancels it.
 */
export function openNowCondition(now: Date, timeZone: string): SQL {
  const moment = localMoment(now, timeZone);
  const yesterday = addDays(moment.date, -1);
  const previousWeekday = (moment.weekday + 6) % 7;
  const closedOn = (date: string) =>
    sql`exists (select 1 from ${businessClosures} c where c.business_id = h.business_id and ${date}::date between c.starts_on and c.ends_on)`;
  // One pass over today's and yesterday's periods (index on weekday), joined as a set: cheaper
  // than asking "is it open?" business by business when most of a large directory is.
  return sql`${businesses.id} in (select h.business_id from ${businessHours} h where
    (h.weekday = ${moment.weekday} and h.opens_at <= ${moment.minutes} and (h.closes_at > ${moment.minutes} or h.closes_at <= h.opens_at) and not ${closedOn(moment.date)})
    or (h.weekday = ${previousWeekday} and h.closes_at <= h.opens_at and h.closes_at > ${moment.minutes} and not ${closedOn(yesterday)})
  )`;
}

/**
 * A business whose category is what the visitor typed ("restaurant", "hospedaje") ranks above one
 * that only mentions the word in passing (a hotel with "a rooftop restaurant").
 */
function categoryBoost(textQuery: TextQuery): SQL<number> {
  const cases = businessCategories.map((category) => {
    const label = categoryNames(category);
    const names = `${category.replace("-", " ")} ${label.en} ${label.es}`;
    return sql`when ${category} then (to_tsvector('playa_english', ${names}) @@ ${textQuery.english} or to_tsvector('playa_spanish', ${names}) @@ ${textQuery.spanish})`;
  });
  return sql<number>`case when (case ${businesses.category} ${sql.join(cases, sql` `)} else false end) then 0.5 else 0 end`;
}

/** Public directory search: only verified businesses, every filter applied in the database. */
export async function searchDirectory(
  options: DirectoryFilters & { language: Language; now?: Date; timeZone: string },
): Promise<DirectoryResult> {
  const db = getDb();
  const pageSize = Math.min(Math.max(options.pageSize ?? directoryPageSize, 1), 100);
  const page = Math.min(Math.max(Math.trunc(options.page ?? 1), 1), 10_000);
  const now = options.now ?? new Date();
  const textQuery = options.query?.trim() ? await buildTextQuery(options.query) : null;
  if (options.query?.trim() && !textQuery) return { cards: [], total: 0, page, pageCount: 0, pageSize };

  const conditions: (SQL | undefined)[] = [
    eq(businesses.status, "verified"),
    options.category ? eq(businesses.category, options.category) : undefined,
    options.area ? eq(businesses.areaSlug, options.area) : undefined,
    options.premium ? eq(businesses.isPremium, true) : undefined,
    options.minRating ? gte(businesses.ratingAverage, options.minRating) : undefined,
    options.openNow ? openNowCondition(now, options.timeZone) : undefined,
  ];

  // One row per business with its best score over both language documents. The inner query
  // scores each matching document and keeps only (id, score); its `offset 0` stops PostgreSQL
  // from flattening it and carrying whole tsvectors into the grouping (a sort spilled to disk).
  const scored = textQuery
    ? sql`(select ${searchDocuments.refId} as ref_id, ${rankTextQuery(textQuery, options.query ?? "", { nameSimilarity: false })} + case when ${searchDocuments.locale} = ${options.language} then 0.05 else 0 end as score
        from ${searchDocuments}
        where ${searchDocuments.kind} = ${businessSearchKind} and ${matchesTextQuery(textQuery)}
        offset 0) as scored`
    : null;
  const hits = scored
    ? db
        .select({
          hitId: sql<string>`scored.ref_id::uuid`.as("hit_id"),
          rank: sql<number>`max(scored.score)`.as("hit_rank"),
        })
        .from(scored)
        .groupBy(sql`scored.ref_id`)
        .as("hits")
    : null;

  const sort = options.sort ?? "relevance";
  const recommended = [
    desc(businesses.isPremium),
    desc(businesses.ratingAverage),
    desc(businesses.reviewCount),
    asc(businesses.name),
  ];
  const orderBy =
    sort === "name"
      ? [asc(businesses.name), asc(businesses.id)]
      : sort === "rating"
        ? [desc(businesses.ratingAverage), desc(businesses.reviewCount), asc(businesses.name)]
        : hits && textQuery
          ? [sql`${hits.rank} + ${categoryBoost(textQuery)} desc`, ...recommended]
          : recommended;

  // The page and the count are separate queries: the page can then be read in index order and
  // stop after a dozen rows, which a count over the same query (a window) would prevent.
  const pageQuery = db.select({ id: businesses.id }).from(businesses);
  const countQuery = db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(businesses);
  const rows = await (hits ? pageQuery.innerJoin(hits, eq(hits.hitId, businesses.id)) : pageQuery)
    .where(and(...conditions))
    .orderBy(...orderBy)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // Counting needs no scores: a plain semi-join on the matching documents.
  const matching = textQuery
    ? sql`${businesses.id} in (select ${searchDocuments.refId}::uuid from ${searchDocuments} where ${searchDocuments.kind} = ${businessSearchKind} and ${matchesTextQuery(textQuery)})`
    : undefined;
  const [counted] = await countQuery.where(and(...conditions, matching));
  const total = counted?.n ?? 0;
  const cards = await loadBusinessCards({
    ids: rows.map((row) => row.id),
    language: options.language,
    now,
    timeZone: options.timeZone,
  });
  return { cards, total, page, pageCount: Math.ceil(total / pageSize), pageSize };
}

/** Cards for the given businesses, in the order given. */
export async function loadBusinessCards(options: {
  ids: string[];
  language: Language;
  now?: Date;
  timeZone: string;
}): Promise<BusinessCard[]> {
  if (!options.ids.length) return [];
  const db = getDb();
  const [rows, hours, closures, images] = await Promise.all([
    db
      .select({
        id: businesses.id,
        slug: businesses.slug,
        name: businesses.name,
        category: businesses.category,
        areaSlug: businesses.areaSlug,
        areaEn: areas.nameEn,
        areaEs: areas.nameEs,
        descriptionEn: businesses.descriptionEn,
        descriptionEs: businesses.descriptionEs,
        rating: businesses.ratingAverage,
        reviewCount: businesses.reviewCount,
        isPremium: businesses.isPremium,
        isDemo: businesses.isDemo,
        latitude: businesses.latitude,
        longitude: businesses.longitude,
      })
      .from(businesses)
      .innerJoin(areas, eq(areas.slug, businesses.areaSlug))
      .where(inArray(businesses.id, options.ids)),
    db
      .select({
        businessId: businessHours.businessId,
        weekday: businessHours.weekday,
        opensAt: businessHours.opensAt,
        closesAt: businessHours.closesAt,
      })
      .from(businessHours)
      .where(inArray(businessHours.businessId, options.ids)),
    db
      .select({
        businessId: businessClosures.businessId,
        startsOn: businessClosures.startsOn,
        endsOn: businessClosures.endsOn,
      })
      .from(businessClosures)
      .where(inArray(businessClosures.businessId, options.ids)),
    db
      .selectDistinctOn([businessImages.businessId], {
        businessId: businessImages.businessId,
        key: businessImages.storageKey,
        widths: businessImages.widths,
        altEn: businessImages.altEn,
        altEs: businessImages.altEs,
      })
      .from(businessImages)
      .where(inArray(businessImages.businessId, options.ids))
      .orderBy(businessImages.businessId, asc(businessImages.sortOrder), asc(businessImages.createdAt)),
  ]);
  const now = options.now ?? new Date();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return options.ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const periods: OpeningPeriod[] = hours.filter((h) => h.businessId === id);
    const description = pickText(row.descriptionEn, row.descriptionEs, options.language);
    const image = images.find((img) => img.businessId === id);
    return [
      {
        id: row.id,
        slug: row.slug,
        name: row.name,
        category: row.category,
        areaSlug: row.areaSlug,
        areaName: options.language === "es" ? row.areaEs : row.areaEn,
        summary: excerpt(description.text),
        summaryFallback: description.fallbackLanguage,
        rating: Math.round(row.rating * 10) / 10,
        reviewCount: row.reviewCount,
        isPremium: row.isPremium,
        isDemo: row.isDemo,
        latitude: row.latitude,
        longitude: row.longitude,
        status: openStatus(
          periods,
          closures.filter((c) => c.businessId === id),
          now,
          options.timeZone,
        ),
        cover: image
          ? {
              key: image.key,
              widths: image.widths,
              alt: (options.language === "es" ? image.altEs || image.altEn : image.altEn || image.altEs) || row.name,
            }
          : null,
      },
    ];
  });
}
