import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { siteTimeZone } from "#app/lib/format";
import { businesses } from "#app/platform/listings/schema";
import { listingsWithPlanFeature } from "#app/platform/plans/subscription.server";
import { type AnalyticsPeriod, clickEventKinds, type VisitSource, visitSources } from "./constants";
import { addDays, localMoment } from "./hours";
import { businessEvents } from "./schema";

/** The plan feature behind the analytics section (premium unlocks analytics). */
export const analyticsFeature = "analytics";

/** One business's days, [from, to) as local dates in the site's time zone. */
export interface SeriesRange {
  businessId: string;
  from: string;
  to: string;
  timeZone: string;
}

/**
 * A daily series the analytics page draws: its counts per local day (days with none may be
 * missing). Other areas add theirs as one entry of `analyticsSeries` (bookings, messages: each
 * a read function of its own domain taking a SeriesRange).
 */
export interface SeriesProvider {
  id: string;
  /** Translation key of its name (with namespace). */
  labelKey: string;
  load: (range: SeriesRange, executor: Executor) => Promise<Map<string, number>>;
}

/** Events per local day, optionally only some kinds. */
async function eventsPerDay(range: SeriesRange, executor: Executor, kinds: readonly string[]) {
  const day = sql<string>`to_char((${businessEvents.occurredAt} at time zone ${range.timeZone})::date, 'YYYY-MM-DD')`;
  const rows = await executor
    .select({ day, count: sql<number>`count(*)::int` })
    .from(businessEvents)
    .where(
      and(
        eq(businessEvents.businessId, range.businessId),
        gte(businessEvents.occurredAt, localMidnight(range.from, range.timeZone)),
        lt(businessEvents.occurredAt, localMidnight(range.to, range.timeZone)),
        inArray(businessEvents.kind, [...kinds]),
      ),
    )
    // By position: the time zone is a parameter, so a repeated expression would not match.
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

/**
 * The listing's own series: views and clicks. The owner's analytics page adds the series of other
 * areas (bookings, messages) where it composes them.
 */
export const listingSeries: SeriesProvider[] = [
  {
    id: "views",
    labelKey: "owner:analytics.series.views",
    load: (range, executor) => eventsPerDay(range, executor, ["view"]),
  },
  {
    id: "clicks",
    labelKey: "owner:analytics.series.clicks",
    load: (range, executor) => eventsPerDay(range, executor, clickEventKinds),
  },
];

/** A range of local days as the instants other domains' reads take. */
export function rangeInstants(range: SeriesRange) {
  return {
    businessId: range.businessId,
    since: localMidnight(range.from, range.timeZone),
    until: localMidnight(range.to, range.timeZone),
    timeZone: range.timeZone,
  };
}

/** 00:00 of a local date in a time zone, as an instant (the zone's offset at that date). */
function localMidnight(date: string, timeZone: string): Date {
  const guess = new Date(`${date}T00:00:00Z`);
  const local = localMoment(guess, timeZone);
  // The offset is what 00:00 UTC reads as locally; shift by it (Costa Rica has no DST, others may).
  const shown = Date.parse(
    `${local.date}T${String(Math.floor(local.minutes / 60)).padStart(2, "0")}:${String(local.minutes % 60).padStart(2, "0")}:00Z`,
  );
  return new Date(guess.getTime() - (shown - guess.getTime()));
}

export interface BusinessAnalytics {
  gated: boolean;
  days: string[];
  series: { id: string; labelKey: string; counts: number[]; total: number }[];
  sources: { source: VisitSource; count: number }[];
  clicks: { kind: string; count: number }[];
}

/**
 * The analytics of one business for its owner: daily series over the last `days` local days
 * (today included), where its views came from, and clicks by kind. Someone else's business is
 * "not found"; a listing whose plan lacks analytics gets `gated` and no numbers.
 */
export async function getBusinessAnalytics(options: {
  actor: Actor;
  businessId: string;
  days: AnalyticsPeriod;
  now?: Date;
  timeZone?: string;
  executor?: Executor;
  /** The daily series, in order (the listing's own when not given). */
  series?: readonly SeriesProvider[];
}): Promise<BusinessAnalytics> {
  const analyticsSeries = options.series ?? listingSeries;
  const db = options.executor ?? getDb();
  const [row] = await db
    .select({ id: businesses.id, ownerId: businesses.ownerId })
    .from(businesses)
    .where(eq(businesses.id, options.businessId));
  // Someone else's business looks the same as one that does not exist.
  if (!row?.ownerId || !can(options.actor, "read:business-analytics:own", { ownerId: row.ownerId }))
    throw new AppError("not_found", "directory:errors.notFound");
  const timeZone = options.timeZone ?? siteTimeZone;
  const today = localMoment(options.now ?? new Date(), timeZone).date;
  const from = addDays(today, 1 - options.days);
  const days = Array.from({ length: options.days }, (_, index) => addDays(from, index));
  if (!(await listingsWithPlanFeature([row.id], analyticsFeature, db)).has(row.id)) {
    return { gated: true, days, series: [], sources: [], clicks: [] };
  }
  const range: SeriesRange = { businessId: row.id, from, to: addDays(today, 1), timeZone };
  const start = localMidnight(range.from, timeZone);
  const end = localMidnight(range.to, timeZone);
  const inRange = and(
    eq(businessEvents.businessId, row.id),
    gte(businessEvents.occurredAt, start),
    lt(businessEvents.occurredAt, end),
  );
  const [loaded, sourceRows, clickRows] = await Promise.all([
    Promise.all(analyticsSeries.map((provider) => provider.load(range, db))),
    db
      .select({ source: businessEvents.source, count: sql<number>`count(*)::int` })
      .from(businessEvents)
      .where(and(inRange, eq(businessEvents.kind, "view")))
      .groupBy(businessEvents.source),
    db
      .select({ kind: businessEvents.kind, count: sql<number>`count(*)::int` })
      .from(businessEvents)
      .where(and(inRange, inArray(businessEvents.kind, [...clickEventKinds])))
      .groupBy(businessEvents.kind),
  ]);
  const sourceCounts = new Map(sourceRows.map((item) => [item.source, Number(item.count)]));
  const clickCounts = new Map(clickRows.map((item) => [item.kind, Number(item.count)]));
  return {
    gated: false,
    days,
    series: analyticsSeries.map((provider, index) => {
      const counts = days.map((day) => loaded[index].get(day) ?? 0);
      return { id: provider.id, labelKey: provider.labelKey, counts, total: counts.reduce((a, b) => a + b, 0) };
    }),
    sources: visitSources.map((source) => ({ source, count: sourceCounts.get(source) ?? 0 })),
    clicks: clickEventKinds.map((kind) => ({ kind, count: clickCounts.get(kind) ?? 0 })),
  };
}

/** The analytics as CSV (one row per day, one column per series), for the export route. */
export function analyticsCsv(analytics: BusinessAnalytics, header: { day: string; series: string[] }): string {
  const cell = (value: string) =>
    /[",\n\r]/.test(value) || /^[=+\-@\t]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  const lines = [[header.day, ...header.series].map(cell).join(",")];
  analytics.days.forEach((day, index) => {
    lines.push([day, ...analytics.series.map((series) => String(series.counts[index]))].join(","));
  });
  return `${lines.join("\r\n")}\r\n`;
}

/** Views per business over the last 7 local days, for the overview. Owner only. */
export async function countRecentViews(options: { actor: Actor; businessIds: string[]; now?: Date }) {
  if (!options.businessIds.length) return new Map<string, number>();
  const owned = await getDb()
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(inArray(businesses.id, options.businessIds), eq(businesses.ownerId, options.actor.id)));
  const ids = owned.map((row) => row.id);
  if (!ids.length) return new Map<string, number>();
  const today = localMoment(options.now ?? new Date(), siteTimeZone).date;
  const rows = await getDb()
    .select({ businessId: businessEvents.businessId, count: sql<number>`count(*)::int` })
    .from(businessEvents)
    .where(
      and(
        inArray(businessEvents.businessId, ids),
        eq(businessEvents.kind, "view"),
        gte(businessEvents.occurredAt, localMidnight(addDays(today, -6), siteTimeZone)),
      ),
    )
    .groupBy(businessEvents.businessId);
  return new Map(rows.map((row) => [row.businessId, Number(row.count)]));
}
