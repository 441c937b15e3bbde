import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { getSigningSecret } from "#app/platform/accounts/auth.server";
import { type EngagementListing, engagementListingsOwnedBy } from "#app/platform/plans/engagement.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import {
  bookingColumns,
  cancelTokenOf,
  emailGuest,
  emailOwner,
  lockBooking,
  notFound,
  ownedListing,
  releaseSeats,
  serviceColumns,
  serviceName,
} from "./bookings.server";
import { type BookingStatus, bookingLimits } from "./constants";
import type { ServiceInput } from "./forms";
import { siteToday } from "./rules.server";
import { bookingBlackouts, bookingServices, bookings } from "./schema";

// The owner's side of bookings: the listings that take them, services, days off, and deciding a request.

export interface OwnerListingSummary {
  id: string;
  name: string;
  slug: string;
  isPremium: boolean;
  pending: number;
}

/** The owner's verified listings with their pending requests (the bookings section's start). */
export async function listBookableListings(options: { actor: Actor }): Promise<OwnerListingSummary[]> {
  const listings = await engagementListingsOwnedBy(options.actor.id);
  if (!listings.length) return [];
  const pending = await getDb()
    .select({ businessId: bookings.businessId, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        inArray(
          bookings.businessId,
          listings.map((listing) => listing.id),
        ),
        eq(bookings.status, "pending"),
        gte(bookings.startsAt, new Date()),
      ),
    )
    .groupBy(bookings.businessId);
  const counts = new Map(pending.map((row) => [row.businessId, Number(row.n)]));
  return listings.map((listing) => ({
    id: listing.id,
    name: listing.name,
    slug: listing.slug,
    isPremium: listing.isPremium,
    pending: counts.get(listing.id) ?? 0,
  }));
}

export interface OwnerBookingRow {
  id: string;
  startsAt: string;
  service: string;
  partySize: number;
  name: string;
  email: string;
  specialRequests: string;
  status: BookingStatus;
}

/** Refuses (as missing) anyone who may not run this listing's bookings, before a form is even read. */
export async function assertBookingAccess(options: { actor: Actor; businessId: string }) {
  await ownedListing(options.actor, options.businessId);
}

/** One listing's booking set-up and requests, for its owner. */
export async function getBookingSetup(options: { actor: Actor; businessId: string; language: Language }) {
  const listing = await ownedListing(options.actor, options.businessId);
  const db = getDb();
  const [services, blackouts, rows] = await Promise.all([
    db
      .select(serviceColumns)
      .from(bookingServices)
      .where(eq(bookingServices.businessId, listing.id))
      .orderBy(asc(bookingServices.createdAt)),
    db
      .select({ day: bookingBlackouts.day, reason: bookingBlackouts.reason })
      .from(bookingBlackouts)
      .where(and(eq(bookingBlackouts.businessId, listing.id), gte(bookingBlackouts.day, siteToday())))
      .orderBy(asc(bookingBlackouts.day)),
    db
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
      .where(and(eq(bookings.businessId, listing.id), gte(bookings.startsAt, new Date(Date.now() - 7 * 86_400_000))))
      .orderBy(asc(bookings.startsAt))
      .limit(200),
  ]);
  return {
    listing: { id: listing.id, name: listing.name, slug: listing.slug, isPremium: listing.isPremium },
    services,
    blackouts,
    bookings: rows.map(
      (row): OwnerBookingRow => ({
        id: row.id,
        startsAt: row.startsAt.toISOString(),
        service: serviceName(row, options.language),
        partySize: row.partySize,
        name: row.name,
        email: row.email,
        specialRequests: row.specialRequests,
        status: row.status as BookingStatus,
      }),
    ),
  };
}

async function assertPremium(listing: EngagementListing) {
  if (!listing.isPremium) throw new AppError("forbidden", "bookings:errors.notBookable");
}

/** The owner adds or changes a bookable service. */
export const saveBookingService = defineWrite(
  // The business page shows the booking form from these rows.
  { contentKinds: ["businesses"] },
  async (options: { actor: Actor; businessId: string; input: ServiceInput }, tx: Executor) => {
    const { input } = options;
    const listing = await ownedListing(options.actor, options.businessId, tx);
    await assertPremium(listing);
    const values = {
      nameEn: input.nameEn,
      nameEs: input.nameEs,
      slotTimes: input.slotTimes,
      weekdays: input.weekdays,
      capacity: input.capacity,
      durationMinutes: input.durationMinutes,
      leadTimeHours: input.leadTimeHours,
    };
    let id = input.serviceId;
    if (id) {
      const [row] = await tx
        .update(bookingServices)
        .set(values)
        .where(and(eq(bookingServices.id, id), eq(bookingServices.businessId, listing.id)))
        .returning({ id: bookingServices.id });
      if (!row) throw notFound();
    } else {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(bookingServices)
        .where(eq(bookingServices.businessId, listing.id));
      if (Number(n) >= bookingLimits.servicesPerBusinessMax)
        throw new AppError("conflict", "bookings:errors.tooManyServices", {
          count: bookingLimits.servicesPerBusinessMax,
        });
      const [row] = await tx
        .insert(bookingServices)
        .values({ businessId: listing.id, ...values })
        .returning({ id: bookingServices.id });
      id = row.id;
    }
    return { id };
  },
);

/** Pauses or resumes a service (its bookings stay; the form stops offering it). */
export const setBookingServiceActive = defineWrite(
  { contentKinds: ["businesses"] },
  async (options: { actor: Actor; businessId: string; serviceId: string; active: boolean }, tx: Executor) => {
    const listing = await ownedListing(options.actor, options.businessId, tx);
    const [row] = await tx
      .update(bookingServices)
      .set({ active: options.active })
      .where(and(eq(bookingServices.id, options.serviceId), eq(bookingServices.businessId, listing.id)))
      .returning({ id: bookingServices.id });
    if (!row) throw notFound();
  },
);

/** A day the listing takes no bookings (the form refuses it; the page does not list them). */
export const addBlackoutDay = defineWrite(
  { contentKinds: [] },
  async (options: { actor: Actor; businessId: string; day: string; reason: string }, tx: Executor) => {
    const listing = await ownedListing(options.actor, options.businessId, tx);
    if (options.day < siteToday()) throw new AppError("invalid", "bookings:errors.past", { field: "day" });
    await tx
      .insert(bookingBlackouts)
      .values({ businessId: listing.id, day: options.day, reason: options.reason })
      .onConflictDoUpdate({
        target: [bookingBlackouts.businessId, bookingBlackouts.day],
        set: { reason: options.reason },
      });
  },
);

export const removeBlackoutDay = defineWrite(
  { contentKinds: [] },
  async (options: { actor: Actor; businessId: string; day: string }, tx: Executor) => {
    const listing = await ownedListing(options.actor, options.businessId, tx);
    await tx
      .delete(bookingBlackouts)
      .where(and(eq(bookingBlackouts.businessId, listing.id), eq(bookingBlackouts.day, options.day)));
  },
);

/** The owner confirms or declines a pending request; the guest is emailed either way. */
export async function decideBooking(
  options: { actor: Actor; bookingId: string; decision: "confirm" | "decline" },
  executor?: Executor,
) {
  // Read before the transaction: on the embedded database a query beside an open one would wait on it.
  const secret = await getSigningSecret();
  return decide({ ...options, secret }, executor);
}

/** decideBooking's transaction; the guest and the owner hear of it through the outbox. */
const decide = defineWrite(
  { contentKinds: [] },
  async (
    options: { actor: Actor; bookingId: string; decision: "confirm" | "decline"; secret: string },
    tx: Executor,
  ) => {
    const { secret } = options;
    const row = await lockBooking(tx, options.bookingId);
    const listing = await ownedListing(options.actor, row.businessId, tx);
    if (row.status !== "pending") throw new AppError("conflict", "bookings:errors.notPending");
    const status: BookingStatus = options.decision === "confirm" ? "confirmed" : "declined";
    await tx.update(bookings).set({ status, decidedAt: new Date() }).where(eq(bookings.id, row.id));
    if (status === "declined") await releaseSeats(tx, row.slotId, row.partySize);
    const booking = { ...row, service: row, emailConfirmed: row.guestEmailConfirmedAt !== null };
    // A confirmed guest can still change plans: their confirmation carries the cancel link too.
    await emailGuest(tx, listing, booking, status, status === "confirmed" ? cancelTokenOf(secret, row) : null);
    if (status === "confirmed") await emailOwner(tx, listing, booking, "confirmed");
    return { status };
  },
);
