import { and, asc, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { getDb } from "#app/lib/db.server";
import type { Language } from "#app/lib/i18n";
import { contentMemo } from "#app/lib/minute-memo.server";
import { buildTextQuery, rankTextQuery, type TextQuery } from "#app/lib/search/index.server";
import { searchDocuments } from "#app/lib/search/schema";
import { type AreaVocabulary, areaVocabulary, type Understanding, understandQuery } from "#app/lib/search/understand";
import { businesses } from "#app/platform/listings/schema";
import { areaNamesBySlug } from "#app/platform/site/site-config.server";
import { categoryNames } from "./category-names";
import {
  type BusinessCategory,
  type BusinessOffering,
  businessCategories,
  businessOfferings,
  type DirectorySort,
  directoryPageSize,
  isBusinessCategory,
  type SpokenLanguage,
  spokenLanguages,
} from "./constants";
import { addDays, localMoment, type OpeningPeriod, type OpenStatus, openStatus } from "./hours";
import { businessSearchKind } from "./indexing.server";
import { imageColumns, listingIdentityColumns } from "./listing-rows.server";
import { excerpt, pickText } from "./localized";
import { businessClosures, businessHours, businessImages } from "./schema";

export interface DirectoryFilters {
  query?: string;
  category?: BusinessCategory;
  area?: string;
  openNow?: boolean;
  premium?: boolean;
  minRating?: number;
  /** Places that accept or offer every one of these. */
  accepts?: BusinessOffering[];
  /** Places whose staff speak every one of these. */
  speaks?: SpokenLanguage[];
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
  cover: { key: string; widths: number[]; width: number; height: number; alt: string } | null;
}

export interface DirectoryResult {
  cards: BusinessCard[];
  /** Exact, or when totalIsLowerBound a floor: there are more than `total` (counting stops early). */
  total: number;
  totalIsLowerBound: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
}

/**
 * The SQL twin of openStatus(…).open for the directory filter, so "open now" pages through the
 * database rather than in memory. Same rules: a period belongs to the day it starts, closes ≤
 * opens runs past midnight, and a closure on that day cancels it.
 *
 * Most businesses have no closure today or yesterday: for them the answer is one containment test
 * on the precomputed week (businesses.open_week, kept by a trigger on business_hours). The few
 * with such a closure take the period-by-period rule, which knows which day a period belongs to.
 */
export function openNowCondition(now: Date, timeZone: string): SQL {
  const moment = localMoment(now, timeZone);
  const yesterday = addDays(moment.date, -1);
  const previousWeekday = (moment.weekday + 6) % 7;
  const minuteOfWeek = moment.weekday * 1440 + moment.minutes;
  const closedOn = (date: string) =>
    sql`exists (select 1 from ${businessClosures} c where c.business_id = h.business_id and ${date}::date between c.starts_on and c.ends_on)`;
  const nearClosure = sql`(select c.business_id from ${businessClosures} c where c.starts_on <= ${moment.date}::date and c.ends_on >= ${yesterday}::date)`;
  // The exact rule runs for those few businesses only: the planner starts from the closures.
  const exactlyOpen = sql`(select h.business_id from ${businessHours} h where h.business_id in ${nearClosure} and (
      (h.weekday = ${moment.weekday} and h.opens_at <= ${moment.minutes} and (h.closes_at > ${moment.minutes} or h.closes_at <= h.opens_at) and not ${closedOn(moment.date)})
      or (h.weekday = ${previousWeekday} and h.closes_at <= h.opens_at and h.closes_at > ${moment.minutes} and not ${closedOn(yesterday)})
    ))`;
  return sql`((${businesses.openWeek} @> ${minuteOfWeek}::int4 and ${businesses.id} not in ${nearClosure}) or ${businesses.id} in ${exactlyOpen})`;
}

/**
 * "Has every one of these" on a text[] column (its GIN index answers @>). Only values of the
 * vocabulary reach the query, whoever calls; nothing asked is no condition at all.
 */
function containsAll(
  column: AnyPgColumn,
  wanted: readonly string[] | undefined,
  known: readonly string[],
): SQL | undefined {
  const values = [...new Set((wanted ?? []).filter((value) => known.includes(value)))];
  if (!values.length) return undefined;
  return sql`${column} @> array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** One tsquery for both stemmers: one @@ per row instead of two. */
function eitherLanguage(textQuery: TextQuery): SQL {
  return sql`(${textQuery.english} || ${textQuery.spanish})`;
}

/**
 * The categories a query names ("restaurant", "hospedaje"), as an array computed once per query:
 * a business in one of them ranks above one that only mentions the word in passing (a hotel with
 * "a rooftop restaurant").
 */
function boostedCategories(textQuery: TextQuery): SQL {
  const named = textQuery.understanding.categories.filter(isBusinessCategory);
  const rows = businessCategories.map((category) => {
    const label = categoryNames(category);
    return sql`(${category}, ${`${category.replace("-", " ")} ${label.en} ${label.es}`})`;
  });
  return sql`array(select c.category from (values ${sql.join(rows, sql`, `)}) as c(category, names)
    where ${
      named.length
        ? sql`c.category in (${sql.join(
            named.map((category) => sql`${category}`),
            sql`, `,
          )}) or `
        : sql``
    }to_tsvector('playa_english', c.names) @@ ${textQuery.english} or to_tsvector('playa_spanish', c.names) @@ ${textQuery.spanish})`;
}

/** The site's areas as the query reader knows them (names in both languages and their parts). */
export async function searchAreas(): Promise<AreaVocabulary[]> {
  const names = await areaNamesBySlug();
  return areaVocabulary([...names].map(([slug, name]) => ({ slug, names: [name.en, name.es] })));
}

/**
 * How many of the first matches in the cheap order get the full relevance score (ts_rank over
 * their two search documents). With no more matches than this, the order is exactly the full
 * ranking; a broad word ("pizza": 12 000 of 100 000) scores only its first few hundred.
 */
export const refinedCandidates = 120;

/**
 * Counting stops here: "more than 1,000" is what a visitor needs, and counting 90 000 open
 * businesses exactly would cost more than finding the page. Deep pages count a little further,
 * so the pager always knows there is a next page.
 */
export const exactCountLimit = 1000;

// The home page's premium listings are the same for every visitor for a minute and a version of
// the businesses and their reviews: one search per minute instead of one per render.
const featuredCards = contentMemo<BusinessCard[]>(["businesses", "reviews"]);

/** Premium listings, best rated first, for the home page. */
export function featuredBusinesses(options: { language: Language; timeZone: string; limit: number }) {
  const now = new Date();
  const key = [options.language, options.timeZone, options.limit];
  return featuredCards(key.join(":"), now, () =>
    searchDirectory({
      premium: true,
      sort: "rating",
      pageSize: options.limit,
      language: options.language,
      timeZone: options.timeZone,
      now,
    }).then((result) => result.cards),
  );
}

// The areas' names on the cards come from the site's configuration.
const browsedPages = contentMemo<DirectoryResult>(["businesses", "reviews", "site"], 64);

/**
 * `searchDirectory`, with a browse that has no words (the directory's first pages, a category, an
 * area, the filters) remembered for the minute and the versions of the businesses, their reviews
 * and the site (the areas' names) it was read at: it is the same page for every visitor, signed in
 * or not, and was five statements on every render. A search with words is run every time (people's
 * words rarely repeat).
 */
export async function browseDirectory(options: Parameters<typeof searchDirectory>[0]): Promise<DirectoryResult> {
  if (options.query?.trim() || options.refine !== undefined || options.countLimit !== undefined)
    return searchDirectory(options);
  const now = options.now ?? new Date();
  const key = JSON.stringify([
    options.category ?? null,
    options.area ?? null,
    options.openNow ?? false,
    options.premium ?? false,
    options.minRating ?? null,
    [...(options.accepts ?? [])].sort(),
    [...(options.speaks ?? [])].sort(),
    options.sort ?? null,
    options.page ?? 1,
    options.pageSize ?? null,
    options.language,
    options.timeZone,
  ]);
  return browsedPages(key, now, () => searchDirectory({ ...options, now }));
}

/**
 * The category a query names and nothing else ("restaurant", "restuarant", "comida"): a broad
 * kind of place is that category of the directory, its words only ranking. Filtering by its
 * words ("restaurant | food | comida…") would find every place that mentions food, the broadest
 * query there is, and list a hotel with a restaurant among the restaurants.
 */
function categoryNamedAlone(understanding: Understanding): BusinessCategory | undefined {
  const [group, ...rest] = understanding.groups;
  if (!group || rest.length || group.source !== "lexicon" || !group.generic) return undefined;
  return group.category && isBusinessCategory(group.category) ? group.category : undefined;
}

/** Public directory search: only verified businesses, every filter applied in the database. */
export async function searchDirectory(
  options: DirectoryFilters & {
    language: Language;
    now?: Date;
    timeZone: string;
    /** Overrides of refinedCandidates and exactCountLimit, for tests at a small scale. */
    refine?: number;
    countLimit?: number;
  },
): Promise<DirectoryResult> {
  const db = getDb();
  const pageSize = Math.min(Math.max(options.pageSize ?? directoryPageSize, 1), 100);
  const page = Math.min(Math.max(Math.trunc(options.page ?? 1), 1), 10_000);
  const offset = (page - 1) * pageSize;
  const now = options.now ?? new Date();
  const understanding = options.query?.trim()
    ? understandQuery(options.query.slice(0, 200), await searchAreas())
    : null;
  // A category chosen in the filter that differs keeps the words as words ("restaurant" among hotels).
  const named = understanding ? categoryNamedAlone(understanding) : undefined;
  const namedCategory = !options.category || options.category === named ? named : undefined;
  const category = options.category ?? namedCategory;
  // The category's words still order its places (relevance, name matches first); they filter nothing.
  const textQuery = understanding ? await buildTextQuery(understanding) : null;
  if (understanding && !textQuery)
    return { cards: [], total: 0, totalIsLowerBound: false, page, pageCount: 0, pageSize };

  const filters = and(
    eq(businesses.status, "verified"),
    category ? eq(businesses.category, category) : undefined,
    options.area ? eq(businesses.areaSlug, options.area) : undefined,
    options.premium ? eq(businesses.isPremium, true) : undefined,
    options.minRating ? gte(businesses.ratingAverage, options.minRating) : undefined,
    options.openNow ? openNowCondition(now, options.timeZone) : undefined,
    containsAll(businesses.offerings, options.accepts, businessOfferings),
    containsAll(businesses.spokenLanguages, options.speaks, spokenLanguages),
  );
  // search_words holds the lexemes of both documents (trigger, migration 0010): one GIN lookup on
  // this table instead of a scan of the wide search_documents rows.
  const textMatch =
    textQuery && !namedCategory ? sql`${businesses.searchWords} @@ ${eitherLanguage(textQuery)}` : undefined;
  const matching = and(filters, textMatch);

  // The count first: it stops after `limit + 1` rows, and tells a narrow query from a broad one.
  const countLimit = options.countLimit ?? exactCountLimit;
  const limit = Math.max(countLimit, offset + 2 * pageSize);
  const [counted] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
    db
      .select({ one: sql`1`.as("one") })
      .from(businesses)
      .where(matching)
      .limit(limit + 1)
      .as("counted"),
  );
  const totalIsLowerBound = (counted?.n ?? 0) > limit;
  const total = totalIsLowerBound ? limit : (counted?.n ?? 0);
  // Decided against the limit alone, never the page's, so every page of one search ranks alike.
  const broad = (counted?.n ?? 0) > countLimit;

  const sort = options.sort ?? "relevance";
  const recommended = [
    desc(businesses.isPremium),
    desc(businesses.ratingAverage),
    desc(businesses.reviewCount),
    asc(businesses.name),
    // The slug, not the id, settles two businesses of one name: ids are random, and a seeded
    // database would list them in another order each time it is made.
    asc(businesses.slug),
  ];
  const orderBy =
    sort === "name"
      ? [asc(businesses.name), asc(businesses.slug)]
      : sort === "rating"
        ? [desc(businesses.ratingAverage), desc(businesses.reviewCount), asc(businesses.name), asc(businesses.slug)]
        : recommended;

  let ids: string[] = [];
  if (!total || offset >= total) ids = [];
  else if (textQuery && sort === "relevance")
    ids = await rankedPage({
      textQuery,
      query: options.query ?? "",
      language: options.language,
      // Narrow: every match, from the GIN index, is put in tiers first. Broad: the recommended
      // order alone, read in index order and tested row by row until enough match. The test is
      // hidden from the planner there, whose estimates for prefix queries are poor and which
      // would otherwise collect and sort every match.
      conditions: broad && textMatch ? and(filters, sql`coalesce(${textMatch}, false)`) : matching,
      cheapOrder: broad ? recommended : null,
      offset,
      pageSize,
      refine: options.refine ?? refinedCandidates,
    });
  else {
    const rows = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(matching)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset(offset);
    ids = rows.map((row) => row.id);
  }
  const cards = await loadBusinessCards({ ids, language: options.language, now, timeZone: options.timeZone });
  return { cards, total, totalIsLowerBound, page, pageCount: Math.ceil(total / pageSize), pageSize };
}

/**
 * One page of a text search by relevance. The matches are put in a cheap order — given, or else:
 * name matches, then businesses of a category the query names, then the recommended order — and
 * the first `refine` of them are scored in full (ts_rank over their two search documents, the
 * visitor's language, the category) and come first in that order; the rest, if the visitor pages
 * that far, follow in the cheap order. With no more matches than `refine`, this is exactly the
 * full ranking.
 */
async function rankedPage(options: {
  textQuery: TextQuery;
  query: string;
  language: Language;
  conditions: SQL | undefined;
  cheapOrder: SQL[] | null;
  offset: number;
  pageSize: number;
  refine: number;
}): Promise<string[]> {
  const { textQuery } = options;
  const db = getDb();
  const boosted = boostedCategories(textQuery);
  const nameMatch = sql`${businesses.searchNames} @@ ${eitherLanguage(textQuery)}`;
  const cheapOrder = options.cheapOrder ?? [
    sql`${nameMatch} desc`,
    sql`${businesses.category} = any(${boosted}) desc`,
    desc(businesses.isPremium),
    desc(businesses.ratingAverage),
    desc(businesses.reviewCount),
    asc(businesses.name),
    asc(businesses.slug),
  ];
  const candidates = db
    .select({
      id: sql<string>`${businesses.id}`.as("candidate_id"),
      category: sql<string>`${businesses.category}`.as("candidate_category"),
      position: sql<number>`row_number() over (order by ${sql.join(cheapOrder, sql`, `)})`.as("position"),
    })
    .from(businesses)
    .where(options.conditions)
    .orderBy(...cheapOrder)
    .limit(Math.max(options.refine, options.offset + options.pageSize))
    .as("candidates");
  const score = sql`(select max(${rankTextQuery(textQuery, options.query, { nameSimilarity: false })} + case when ${searchDocuments.locale} = ${options.language} then 0.05 else 0 end)
      from ${searchDocuments} where ${searchDocuments.kind} = ${businessSearchKind} and ${searchDocuments.refId} = ${candidates.id}::text)`;
  const refined = sql`${candidates.position} <= ${options.refine}`;
  // Ties in the full score keep the cheap order, which ends in the recommended order and the slug.
  const rows = await db
    .select({ id: candidates.id })
    .from(candidates)
    .orderBy(
      sql`${refined} desc`,
      sql`case when ${refined} then ${score} + case when ${candidates.category} = any(${boosted}) then 0.5 else 0 end end desc nulls last`,
      sql`${candidates.position}`,
    )
    .limit(options.pageSize)
    .offset(options.offset);
  return rows.map((row) => row.id);
}

/**
 * Verified businesses whose name contains any of `words` (lower-case letters and digits only), for
 * finding the business a question names: one lookup in the names' index.
 */
export async function businessesNamedWithAny(words: string[], limit = 50): Promise<{ slug: string; name: string }[]> {
  const clean = [...new Set(words.filter((word) => /^[a-z0-9]{3,40}$/.test(word)))].slice(0, 20);
  if (!clean.length) return [];
  const text = clean.join(" | ");
  // A stated order, so the same names are cut by the limit and, between equally good matches,
  // the same one is taken first, whatever order the rows were written in.
  return getDb()
    .select({ slug: businesses.slug, name: businesses.name })
    .from(businesses)
    .where(
      and(
        eq(businesses.status, "verified"),
        sql`${businesses.searchNames} @@ (to_tsquery('playa_english', ${text}) || to_tsquery('playa_spanish', ${text}))`,
      ),
    )
    .orderBy(asc(businesses.name), asc(businesses.slug))
    .limit(Math.min(Math.max(limit, 1), 200));
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
  const [businessRows, hours, closures, images, areaNames] = await Promise.all([
    db
      .select({
        ...listingIdentityColumns,
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
        ...imageColumns,
      })
      .from(businessImages)
      .where(inArray(businessImages.businessId, options.ids))
      .orderBy(businessImages.businessId, asc(businessImages.sortOrder), asc(businessImages.createdAt)),
    areaNamesBySlug(),
  ]);
  const now = options.now ?? new Date();
  // Area names come from the content domain; a business in an unknown area is not shown (as the
  // inner join did before).
  const rows = businessRows.flatMap((row) => {
    const area = areaNames.get(row.areaSlug);
    return area ? [{ ...row, areaEn: area.en, areaEs: area.es }] : [];
  });
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
              // The stored size, so the card keeps its place before the picture arrives.
              width: image.width,
              height: image.height,
              alt: (options.language === "es" ? image.altEs || image.altEn : image.altEn || image.altEs) || row.name,
            }
          : null,
      },
    ];
  });
}
