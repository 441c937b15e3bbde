import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { type Executor, getDb } from "#app/lib/db.server";
import type { Language } from "#app/lib/i18n";
import { type EngagementListing, engagementListing } from "#app/platform/plans/engagement.server";
import { bookingColumns, serviceName } from "./bookings.server";
import type { BookingStatus } from "./constants";
import { siteToday } from "./rules.server";
import { bookingServices, bookings } from "./schema";

// Bookings as people and pages read them: a guest's own list, today's count per listing for the
// overview, and requests per day for the owner's analytics.

export interface MyBookingRow {
  id: string;
  startsAt: string;
  business: string;
  businessSlug: string | null;
  service: string;
  partySize: number;
  status: BookingStatus;
}

/** The bookings a signed-in guest made, newest start first. */
export async function listMyBookings(options: { actor: Actor; language: Language }): Promise<MyBookingRow[]> {
  const rows = await getDb()
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .where(eq(bookings.userId, options.actor.id))
    .orderBy(desc(bookings.startsAt))
    .limit(100);
  const listings = new Map<string, EngagementListing | null>();
  for (const id of new Set(rows.map((row) => row.businessId))) listings.set(id, await engagementListing({ id }));
  return rows.map((row) => ({
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    business: listings.get(row.businessId)?.name ?? "—",
    businessSlug: listings.get(row.businessId)?.slug ?? null,
    service: serviceName(row, options.language),
    partySize: row.partySize,
    status: row.status as BookingStatus,
  }));
}

// ---------------------------------------------------------------------------------------------
// Reads for the overview and analytics

/** Live bookings (pending or confirmed) starting today on the site's clock, per business id. */
export async function bookingsTodayByBusiness(
  options: { businessIds: readonly string[]; now?: Date },
  executor: Executor = getDb(),
): Promise<Record<string, number>> {
  if (!options.businessIds.length) return {};
  const today = siteToday(options.now ?? new Date());
  const [year, month, day] = today.split("-").map(Number);
  // The site's clock is UTC-6 all year (no daylight saving): midnight there is 06:00 UTC.
  const start = new Date(Date.UTC(year, month - 1, day, 6));
  const end = new Date(start.getTime() + 86_400_000);
  const rows = await executor
    .select({ businessId: bookings.businessId, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        inArray(bookings.businessId, [...options.businessIds]),
        gte(bookings.startsAt, start),
        lt(bookings.startsAt, end),
        inArray(bookings.status, ["pending", "confirmed"]),
      ),
    )
    .groupBy(bookings.businessId);
  return Object.fromEntries(rows.map((row) => [row.businessId, Number(row.n)]));
}

/** Booking requests received per local day (YYYY-MM-DD) in [since, until): analytics' series. */
export async function bookingRequestsPerDay(
  options: { businessId: string; since: Date; until: Date; timeZone: string },
  executor: Executor = getDb(),
): Promise<Map<string, number>> {
  const rows = await executor
    .select({
      day: sql<string>`to_char(${bookings.createdAt} at time zone ${options.timeZone}, 'YYYY-MM-DD')`,
      n: sql<number>`count(*)::int`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.businessId, options.businessId),
        gte(bookings.createdAt, options.since),
        lt(bookings.createdAt, options.until),
      ),
    )
    // By position: the time zone is a parameter, so a repeated expression would not match.
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}
