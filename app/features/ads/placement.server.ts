import { and, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { getDb } from "#app/lib/db.server";
import type { Language } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { versionOf } from "#app/lib/response-cache/versions.server";
import { businessLabels } from "#app/platform/listings/listings.server";
import { listingsWithPlanFeature } from "#app/platform/plans/subscription.server";
import { type AdPageKind, adRotationMs, type HouseAdCreative } from "./constants";

export type { HouseAdCreative };

import { adStats, houseAds } from "./schema";

// Which house ad a slot shows, and the counting of what was shown and clicked.
//
// The choice depends only on the page (kind, area, language, slot) and the time (one rotation
// step every ten minutes), never on the visitor, so an anonymous page stays the same HTML for
// everyone and the response cache can keep it (docs/decisions/004-response-cache-and-csp.md).

interface Candidate {
  id: string;
  businessId: string | null;
  businessName: string | null;
  headlineEn: string;
  headlineEs: string;
  bodyEn: string;
  bodyEs: string;
  targetUrl: string;
  imageEnKey: string | null;
  imageEnWidths: number[] | null;
  imageEsKey: string | null;
  imageEsWidths: number[] | null;
  altEn: string;
  altEs: string;
  pageKinds: string[];
  areas: string[];
  languages: string[];
  startsAt: Date;
  endsAt: Date | null;
}

// The live ads are a handful of rows read by every page render that misses the cache: kept per
// process for a minute, and read again at once after any ad write (its content version).
let cached: { version: number; until: number; rows: Candidate[] } | null = null;

async function liveCandidates(now: Date): Promise<Candidate[]> {
  const version = versionOf("ads");
  if (cached && cached.version === version && cached.until > now.getTime()) return cached.rows;
  const rows = await getDb()
    .select({
      id: houseAds.id,
      businessId: houseAds.businessId,
      source: houseAds.source,
      headlineEn: houseAds.headlineEn,
      headlineEs: houseAds.headlineEs,
      bodyEn: houseAds.bodyEn,
      bodyEs: houseAds.bodyEs,
      targetUrl: houseAds.targetUrl,
      imageEnKey: houseAds.imageEnKey,
      imageEnWidths: houseAds.imageEnWidths,
      imageEsKey: houseAds.imageEsKey,
      imageEsWidths: houseAds.imageEsWidths,
      altEn: houseAds.altEn,
      altEs: houseAds.altEs,
      pageKinds: houseAds.pageKinds,
      areas: houseAds.areas,
      languages: houseAds.languages,
      startsAt: houseAds.startsAt,
      endsAt: houseAds.endsAt,
    })
    .from(houseAds)
    .where(
      and(
        eq(houseAds.status, "active"),
        // Within the next minute's window; the exact dates are checked per pick below.
        lte(houseAds.startsAt, new Date(now.getTime() + 60_000)),
        or(isNull(houseAds.endsAt), gt(houseAds.endsAt, now)),
      ),
    )
    .orderBy(houseAds.id);
  const labels = await businessLabels(rows.flatMap((row) => (row.businessId ? [row.businessId] : [])));
  // An owner's ad runs on its listing's plan: when the plan ends, so does the ad's showing.
  const planned = await listingsWithPlanFeature(
    rows.flatMap((row) => (row.source === "plan" && row.businessId ? [row.businessId] : [])),
    "adPlacement",
  );
  const live = rows.flatMap(({ source, ...row }): Candidate[] => {
    if (!row.businessId) return [{ ...row, businessName: null }];
    if (source === "plan" && !planned.has(row.businessId)) return [];
    // An advertiser's listing that is no longer public takes its ads with it.
    const label = labels.get(row.businessId);
    return label?.status === "verified" ? [{ ...row, businessName: label.name }] : [];
  });
  cached = { version, until: now.getTime() + 60_000, rows: live };
  return live;
}

/** Forgets the per-process list (tests that change ads and time without a version bump). */
export function forgetLiveAds() {
  cached = null;
}

/** A small stable hash, so two slots on one page start their rotation at different ads. */
function spread(text: string) {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

function matches(list: string[], value: string | null) {
  return list.length === 0 || (value !== null && list.includes(value));
}

/**
 * The house ad for one slot, or null. An ad aimed at areas shows only on pages of those areas (a
 * page without an area shows only ads aimed at everywhere); an empty list of page kinds or
 * languages means all of them. A business page never advertises the business itself.
 */
export async function pickHouseAd(options: {
  pageKind: AdPageKind;
  language: Language;
  slot: string;
  area?: string | null;
  excludeBusinessId?: string | null;
  now?: Date;
}): Promise<HouseAdCreative | null> {
  const now = options.now ?? new Date();
  let rows: Candidate[];
  try {
    rows = await liveCandidates(now);
  } catch (error) {
    // An ad is never worth a page: without the list the page renders with its slot empty.
    logger.warn({ err: error }, "could not read house ads");
    return null;
  }
  const eligible = rows.filter(
    (row) =>
      row.startsAt <= now &&
      (!row.endsAt || row.endsAt > now) &&
      matches(row.pageKinds, options.pageKind) &&
      matches(row.languages, options.language) &&
      (row.areas.length === 0 || (options.area ? row.areas.includes(options.area) : false)) &&
      (!options.excludeBusinessId || row.businessId !== options.excludeBusinessId),
  );
  if (!eligible.length) return null;
  const step = Math.floor(now.getTime() / adRotationMs);
  const chosen =
    eligible[(step + spread(`${options.pageKind}/${options.slot}/${options.area ?? ""}`)) % eligible.length];
  return creative(chosen, options.language, options.pageKind);
}

function creative(row: Candidate, language: Language, pageKind: AdPageKind): HouseAdCreative {
  const es = language === "es";
  const own = es
    ? { key: row.imageEsKey, widths: row.imageEsWidths }
    : { key: row.imageEnKey, widths: row.imageEnWidths };
  const other = es
    ? { key: row.imageEnKey, widths: row.imageEnWidths }
    : { key: row.imageEsKey, widths: row.imageEsWidths };
  const image = own.key && own.widths?.length ? own : other.key && other.widths?.length ? other : null;
  const headline = (es ? row.headlineEs : row.headlineEn) || row.headlineEn;
  return {
    id: row.id,
    headline,
    body: (es ? row.bodyEs : row.bodyEn) || "",
    href: `${es ? "/es" : ""}/ads/${row.id}/click?from=${pageKind}`,
    image: image ? { key: image.key as string, widths: image.widths as number[] } : null,
    alt: (es ? row.altEs : row.altEn) || headline,
    sponsor: row.businessName,
    external: !row.targetUrl.startsWith("/"),
  };
}

/** How an ad looks on a page of one language (the admin's and the owner's previews). */
export function previewCreative(
  ad: Omit<Candidate, "businessName" | "startsAt" | "endsAt"> & { businessName: string | null },
  language: Language,
): HouseAdCreative {
  return creative({ ...ad, startsAt: new Date(0), endsAt: null }, language, "home");
}

/** Where a click on an ad goes, and whether it is live (only live ads' clicks are counted). */
export async function adTarget(id: string): Promise<{ url: string; live: boolean } | null> {
  const [row] = await getDb()
    .select({ url: houseAds.targetUrl, status: houseAds.status, endsAt: houseAds.endsAt })
    .from(houseAds)
    .where(eq(houseAds.id, id));
  if (!row || row.status === "rejected" || row.status === "pending") return null;
  return { url: row.url, live: row.status === "active" && (!row.endsAt || row.endsAt > new Date()) };
}

// Impressions and clicks are added up in memory and written every two seconds (or at 200
// distinct rows), like the directory's page views: statistics, so a crash may lose the last
// seconds of them, never anything else. Flushed on shutdown by the server.
const flushMs = 2000;
const flushAtRows = 200;
type Tally = { adId: string; day: string; pageKind: string; language: string; impressions: number; clicks: number };
let tallies = new Map<string, Tally>();
let timer: NodeJS.Timeout | null = null;
let flushing: Promise<void> = Promise.resolve();

export function countAdEvent(event: {
  adId: string;
  kind: "impression" | "click";
  pageKind: string;
  language: Language;
  now?: Date;
}) {
  const day = (event.now ?? new Date()).toISOString().slice(0, 10);
  const key = `${event.adId}|${day}|${event.pageKind}|${event.language}`;
  let tally = tallies.get(key);
  if (!tally) {
    tally = { adId: event.adId, day, pageKind: event.pageKind, language: event.language, impressions: 0, clicks: 0 };
    tallies.set(key, tally);
  }
  if (event.kind === "impression") tally.impressions += 1;
  else tally.clicks += 1;
  if (tallies.size >= flushAtRows) void flushAdStats();
  else if (!timer) {
    timer = setTimeout(() => void flushAdStats(), flushMs);
    timer.unref();
  }
}

/** Writes what was counted (the timer does it; shutdown and tests call it). */
export function flushAdStats(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = [...tallies.values()];
  tallies = new Map();
  flushing = flushing.then(async () => {
    if (!batch.length) return;
    try {
      await getDb()
        .insert(adStats)
        .values(batch)
        .onConflictDoUpdate({
          target: [adStats.adId, adStats.day, adStats.pageKind, adStats.language],
          set: {
            impressions: sql`${adStats.impressions} + excluded.impressions`,
            clicks: sql`${adStats.clicks} + excluded.clicks`,
          },
        });
    } catch (error) {
      // An ad deleted between the count and the write (its listing removed) fails the foreign key.
      logger.warn({ err: error, rows: batch.length }, "could not record ad impressions and clicks");
    }
  });
  return flushing;
}

export interface AdFigures {
  impressions: number;
  clicks: number;
}

/** Each ad's impressions and clicks over the last `days` days (UTC days, today included). */
export async function adFigures(options: { adIds: string[]; days: number; now?: Date }) {
  const figures = new Map<string, AdFigures>();
  if (!options.adIds.length) return figures;
  const since = new Date((options.now ?? new Date()).getTime() - (options.days - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const rows = await getDb()
    .select({
      adId: adStats.adId,
      impressions: sql<number>`sum(${adStats.impressions})::int`,
      clicks: sql<number>`sum(${adStats.clicks})::int`,
    })
    .from(adStats)
    .where(and(inArray(adStats.adId, options.adIds), gte(adStats.day, since)))
    .groupBy(adStats.adId);
  for (const row of rows) figures.set(row.adId, { impressions: Number(row.impressions), clicks: Number(row.clicks) });
  return figures;
}

/** One ad's figures per day and page kind over the last `days` days, newest first. */
export async function adBreakdown(options: { adId: string; days: number; now?: Date }) {
  const since = new Date((options.now ?? new Date()).getTime() - (options.days - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return getDb()
    .select({
      day: adStats.day,
      pageKind: adStats.pageKind,
      impressions: sql<number>`sum(${adStats.impressions})::int`,
      clicks: sql<number>`sum(${adStats.clicks})::int`,
    })
    .from(adStats)
    .where(and(eq(adStats.adId, options.adId), gte(adStats.day, since)))
    .groupBy(adStats.day, adStats.pageKind)
    .orderBy(desc(adStats.day), adStats.pageKind);
}

/**
 * The reach the ads pages quote, computed instead of claimed: house-ad impressions a
 * day on average over the last 30 full days, or null when there is nothing to report yet.
 */
export async function dailyAdReach(options: { now?: Date } = {}): Promise<number | null> {
  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
  const [row] = await getDb()
    .select({ total: sql<number>`coalesce(sum(${adStats.impressions}), 0)::int` })
    .from(adStats)
    .where(and(gte(adStats.day, since), sql`${adStats.day} < ${today}`));
  const perDay = Math.round(Number(row?.total ?? 0) / 30);
  return perDay > 0 ? perDay : null;
}
