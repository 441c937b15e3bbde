import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { assertSignedIn } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { siteOrigin } from "#app/lib/env.server";
import { AppError } from "#app/lib/errors";
import { formatDate } from "#app/lib/format";
import { type Language, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { getSigningSecret } from "#app/platform/accounts/auth.server";
import { renderCalendar } from "#app/platform/calendar/ics.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { userSummaries } from "#app/platform/people/people.server";
import { type EngagementListing, engagementListing } from "#app/platform/plans/engagement.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { type BookingStatus, bookingLimits, bookingRateLimit } from "./constants";
import type { BookingRequestInput } from "./forms";
import { checkSlot, siteToday } from "./rules.server";
import { bookingBlackouts, bookingServices, bookingSlots, bookings } from "./schema";

// Bookings (docs/bookings.md): premium listings take booking requests for the services their owner
// sets up; a request holds its seats at once (capacity is never exceeded, whatever the concurrency)
// and stays pending until the owner confirms or declines. Guest and owner are emailed with a
// calendar entry; the guest cancels with the link in the email, signed in or not.

export interface ServiceRow {
  id: string;
  nameEn: string;
  nameEs: string;
  durationMinutes: number;
  capacity: number;
  slotTimes: string[];
  weekdays: number[];
  leadTimeHours: number;
  active: boolean;
}

export const serviceColumns = {
  id: bookingServices.id,
  nameEn: bookingServices.nameEn,
  nameEs: bookingServices.nameEs,
  durationMinutes: bookingServices.durationMinutes,
  capacity: bookingServices.capacity,
  slotTimes: bookingServices.slotTimes,
  weekdays: bookingServices.weekdays,
  leadTimeHours: bookingServices.leadTimeHours,
  active: bookingServices.active,
};

export function serviceName(service: Pick<ServiceRow, "nameEn" | "nameEs">, language: Language) {
  return (language === "es" ? service.nameEs || service.nameEn : service.nameEn || service.nameEs) || "—";
}

function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A booking's cancellation token, derived from its id with the site's signing secret: every email
 * about the booking (the request, the confirmation) can carry the same link, while the database
 * keeps only the token's hash. Bookings made before this held a random token, which only their
 * first email knows; later emails leave their link out (see cancelTokenOf).
 */
function cancelToken(secret: string, bookingId: string) {
  return createHmac("sha256", secret).update(`booking-cancel:${bookingId}`).digest("base64url");
}

export function cancelTokenOf(secret: string, booking: { id: string; cancelTokenHash: string }) {
  const token = cancelToken(secret, booking.id);
  return hashToken(token) === booking.cancelTokenHash ? token : null;
}

export function notFound(): AppError {
  return new AppError("not_found", "bookings:errors.notFound");
}

/** The listing if the actor may run its bookings; someone else's looks like a missing one. */
export async function ownedListing(actor: Actor, businessId: string, executor: Executor = getDb()) {
  const listing = await engagementListing({ id: businessId }, executor);
  assertSignedIn(actor);
  // Someone else's listing answers exactly like a missing one.
  if (!listing?.ownerId || !can(actor, "manage:booking:own", { ownerId: listing.ownerId })) throw notFound();
  return listing;
}

function businessUrl(slug: string, language: Language) {
  return `${siteOrigin()}${localizePath(`/business/${slug}`, language)}`;
}

/**
 * The token in the link that confirms a guest's address, derived from the booking's id with the
 * site's signing secret (nothing stored; the booking id travels beside it in the link).
 */
function emailConfirmationToken(secret: string, bookingId: string) {
  return createHmac("sha256", secret).update(`booking-email:${bookingId}`).digest("base64url");
}

function emailConfirmationUrl(bookingId: string, token: string, language: Language) {
  const query = `booking=${encodeURIComponent(bookingId)}&token=${encodeURIComponent(token)}`;
  return `${siteOrigin()}${localizePath("/bookings/confirm-email", language)}?${query}`;
}

function cancelUrl(token: string, language: Language) {
  return `${siteOrigin()}${localizePath("/bookings/cancel", language)}?token=${encodeURIComponent(token)}`;
}

function when(date: Date, language: Language) {
  return formatDate(date, language, { dateStyle: "full", timeStyle: "short" });
}

// ---------------------------------------------------------------------------------------------
// Public side

export interface PublicBookingForm {
  services: { id: string; name: string; slotTimes: string[]; weekdays: number[]; leadTimeHours: number }[];
  /** The first day a visitor may pick (YYYY-MM-DD, site clock). */
  minDay: string;
  maxDay: string;
  partySizeMax: number;
}

/**
 * What the business page offers a visitor: the booking form (null when the listing takes no
 * bookings: not premium, or no active service) and whether its message form shows.
 */
export async function publicEngagement(options: {
  businessId: string;
  language: Language;
}): Promise<{ booking: PublicBookingForm | null; contact: boolean }> {
  const listing = await engagementListing({ id: options.businessId });
  if (!listing?.isVerified || !listing.isPremium) return { booking: null, contact: false };
  return {
    booking: await publicBookingForm({ businessId: listing.id, language: options.language }),
    contact: listing.ownerId !== null,
  };
}

async function publicBookingForm(options: {
  businessId: string;
  language: Language;
}): Promise<PublicBookingForm | null> {
  const services = await getDb()
    .select(serviceColumns)
    .from(bookingServices)
    .where(and(eq(bookingServices.businessId, options.businessId), eq(bookingServices.active, true)))
    .orderBy(asc(bookingServices.createdAt));
  if (!services.length) return null;
  const now = new Date();
  return {
    services: services.map((service) => ({
      id: service.id,
      name: serviceName(service, options.language),
      slotTimes: service.slotTimes,
      weekdays: service.weekdays,
      leadTimeHours: service.leadTimeHours,
    })),
    minDay: siteToday(now),
    maxDay: siteToday(new Date(now.getTime() + bookingLimits.daysAheadMax * 86_400_000)),
    partySizeMax: Math.min(bookingLimits.partySizeMax, Math.max(...services.map((service) => service.capacity))),
  };
}

/**
 * A visitor asks to book. Everything happens in one transaction: the rules, the seats (one
 * conditional UPDATE of the slot's counter, which row-locks it: concurrent requests for the same
 * start wait for each other and each sees the seats the others took), the booking and both emails.
 * Returns the cancellation token, which exists only in the guest's email and this answer.
 */
export async function requestBooking(
  options: {
    businessId: string;
    input: BookingRequestInput;
    language: Language;
    /** The signed-in guest, if any: the booking shows in their dashboard. */
    user: Actor | null;
    clientIp: string;
    now?: Date;
  },
  executor?: Executor,
): Promise<{ bookingId: string; token: string; status: BookingStatus; emailConfirmed: boolean }> {
  const { input, language } = options;
  await consumeRateLimit({
    key: `booking:ip:${options.clientIp}`,
    points: bookingRateLimit.perIp,
    durationSeconds: bookingRateLimit.windowSeconds,
  });
  await consumeRateLimit({
    key: `booking:email:${input.email.toLowerCase()}`,
    points: bookingRateLimit.perEmail,
    durationSeconds: bookingRateLimit.windowSeconds,
  });
  await consumeRateLimit({
    key: `booking:to-business:${options.businessId}`,
    points: bookingRateLimit.perBusiness,
    durationSeconds: bookingRateLimit.windowSeconds,
  });
  const now = options.now ?? new Date();
  const bookingId = randomUUID();
  const secret = await getSigningSecret();
  const token = cancelToken(secret, bookingId);
  // Only a signed-in guest booking with their own (confirmed) address gets the details at once.
  // Anyone else may have typed someone else's address: it gets one short email with a link to
  // confirm it, carrying nothing the visitor wrote (docs/bookings.md).
  const account = options.user ? (await userSummaries([options.user.id])).get(options.user.id) : undefined;
  const emailConfirmed = account !== undefined && account.email.toLowerCase() === input.email.toLowerCase();
  return insertBookingRequest(
    {
      businessId: options.businessId,
      input,
      language,
      user: options.user,
      now,
      bookingId,
      token,
      emailConfirmationToken: emailConfirmationToken(secret, bookingId),
      emailConfirmed,
    },
    executor,
  );
}

/**
 * requestBooking's transaction, once the limits are spent and the tokens made. The business page
 * does not show seats, so no public page changes.
 */
const insertBookingRequest = defineWrite(
  { contentKinds: [] },
  async (
    options: {
      businessId: string;
      input: BookingRequestInput;
      language: Language;
      user: Actor | null;
      now: Date;
      bookingId: string;
      token: string;
      emailConfirmationToken: string;
      emailConfirmed: boolean;
    },
    tx: Executor,
  ): Promise<{ bookingId: string; token: string; status: BookingStatus; emailConfirmed: boolean }> => {
    const { input, language, now, bookingId, token, emailConfirmed } = options;
    const listing = await engagementListing({ id: options.businessId }, tx);
    if (!listing?.isVerified) throw notFound();
    if (!listing.isPremium) throw new AppError("forbidden", "bookings:errors.notBookable");
    const [service] = await tx
      .select(serviceColumns)
      .from(bookingServices)
      .where(and(eq(bookingServices.id, input.serviceId), eq(bookingServices.businessId, listing.id)));
    if (!service) throw new AppError("invalid", "bookings:errors.service", { field: "serviceId" });
    const blackouts = await tx
      .select({ day: bookingBlackouts.day })
      .from(bookingBlackouts)
      .where(and(eq(bookingBlackouts.businessId, listing.id), eq(bookingBlackouts.day, input.date)));
    const check = checkSlot({
      service,
      day: input.date,
      time: input.time,
      now,
      blackoutDays: new Set(blackouts.map((row) => row.day)),
    });
    if (!check.ok) throw new AppError("invalid", check.key, { field: check.field, ...check.values });
    if (input.partySize > service.capacity)
      throw new AppError("invalid", "bookings:errors.partyTooLarge", { field: "partySize", count: service.capacity });

    await tx
      .insert(bookingSlots)
      .values({ serviceId: service.id, startsAt: check.startsAt })
      .onConflictDoNothing({ target: [bookingSlots.serviceId, bookingSlots.startsAt] });
    const [slot] = await tx
      .update(bookingSlots)
      .set({ booked: sql`${bookingSlots.booked} + ${input.partySize}` })
      .where(
        and(
          eq(bookingSlots.serviceId, service.id),
          eq(bookingSlots.startsAt, check.startsAt),
          sql`${bookingSlots.booked} + ${input.partySize} <= ${service.capacity}`,
        ),
      )
      .returning({ id: bookingSlots.id, booked: bookingSlots.booked });
    if (!slot) throw new AppError("conflict", "bookings:errors.full", { field: "time" });

    const endsAt = new Date(check.startsAt.getTime() + service.durationMinutes * 60_000);
    const [row] = await tx
      .insert(bookings)
      .values({
        id: bookingId,
        businessId: listing.id,
        serviceId: service.id,
        slotId: slot.id,
        startsAt: check.startsAt,
        endsAt,
        partySize: input.partySize,
        name: input.name,
        email: input.email,
        specialRequests: input.specialRequests,
        language,
        userId: options.user?.id ?? null,
        cancelTokenHash: hashToken(token),
        guestEmailConfirmedAt: emailConfirmed ? now : null,
      })
      .returning({ id: bookings.id });

    const booking: EmailBooking = {
      id: row.id,
      startsAt: check.startsAt,
      endsAt,
      partySize: input.partySize,
      name: input.name,
      email: input.email,
      specialRequests: input.specialRequests,
      language,
      service,
      emailConfirmed,
    };
    if (emailConfirmed) await emailGuest(tx, listing, booking, "received", token);
    else await askGuestToConfirmEmail(tx, listing, booking, options.emailConfirmationToken);
    await emailOwner(tx, listing, booking, "received");
    return { bookingId: row.id, token, status: "pending" as const, emailConfirmed };
  },
);

interface EmailBooking {
  id: string;
  startsAt: Date;
  endsAt: Date;
  partySize: number;
  name: string;
  email: string;
  specialRequests: string;
  language: string;
  service: Pick<ServiceRow, "nameEn" | "nameEs">;
  /** Whether the guest's address is confirmed: until it is, it gets no email about the booking. */
  emailConfirmed: boolean;
}

type EmailKind = "received" | "confirmed" | "declined" | "cancelled";

function calendarFor(listing: EngagementListing, booking: EmailBooking, language: Language, cancelled: boolean) {
  const summary = `${serviceName(booking.service, language)} · ${listing.name}`;
  return renderCalendar({
    name: listing.name,
    events: [
      {
        uid: `booking-${booking.id}@playa-hub`,
        startsAt: booking.startsAt,
        endsAt: booking.endsAt,
        allDay: false,
        summary,
        description: booking.specialRequests,
        location: listing.address || listing.name,
        geo:
          listing.latitude !== null && listing.longitude !== null
            ? { latitude: listing.latitude, longitude: listing.longitude }
            : null,
        url: businessUrl(listing.slug, language),
        cancelled,
        lastModified: new Date(),
      },
    ],
  });
}

export async function emailGuest(
  tx: Executor,
  listing: EngagementListing,
  booking: EmailBooking,
  kind: EmailKind,
  token: string | null,
) {
  if (!booking.emailConfirmed) return;
  const language: Language = booking.language === "es" ? "es" : "en";
  const t = await getTranslator(language);
  const values = {
    name: booking.name,
    business: listing.name,
    service: serviceName(booking.service, language),
    when: when(booking.startsAt, language),
    party: booking.partySize,
    url: businessUrl(listing.slug, language),
    cancelUrl: token ? cancelUrl(token, language) : "",
  };
  await sendEmail(
    {
      to: booking.email,
      subject: t(`bookings:email.guest.${kind}.subject`, values),
      text:
        t(`bookings:email.guest.${kind}.text`, values) + (token ? `\n\n${t("bookings:email.cancelLine", values)}` : ""),
      attachments:
        kind === "declined"
          ? undefined
          : [
              {
                filename: "booking.ics",
                contentType: "text/calendar",
                content: calendarFor(listing, booking, language, kind === "cancelled"),
              },
            ],
    },
    tx,
  );
}

/**
 * The one email an address that is not confirmed gets: which business and when (the site's data,
 * not the visitor's), and the link to confirm. Nothing the visitor typed (name, requests) is in it.
 */
async function askGuestToConfirmEmail(tx: Executor, listing: EngagementListing, booking: EmailBooking, token: string) {
  const language: Language = booking.language === "es" ? "es" : "en";
  const t = await getTranslator(language);
  const values = {
    business: listing.name,
    service: serviceName(booking.service, language),
    when: when(booking.startsAt, language),
    url: emailConfirmationUrl(booking.id, token, language),
  };
  await sendEmail(
    {
      to: booking.email,
      subject: t("bookings:email.guest.confirmAddress.subject", values),
      text: t("bookings:email.guest.confirmAddress.text", values),
    },
    tx,
  );
}

export async function emailOwner(tx: Executor, listing: EngagementListing, booking: EmailBooking, kind: EmailKind) {
  if (!listing.ownerId) return;
  const owner = (await userSummaries([listing.ownerId], tx)).get(listing.ownerId);
  if (!owner) return;
  const language: Language = owner.preferredLanguage === "es" ? "es" : "en";
  const t = await getTranslator(language);
  const values = {
    name: booking.name,
    email: booking.email,
    business: listing.name,
    service: serviceName(booking.service, language),
    when: when(booking.startsAt, language),
    party: booking.partySize,
    requests: booking.specialRequests || "—",
    url: `${siteOrigin()}${localizePath(`/dashboard/bookings/${listing.id}`, language)}`,
  };
  await sendEmail(
    {
      to: owner.email,
      subject: t(`bookings:email.owner.${kind}.subject`, values),
      text: t(`bookings:email.owner.${kind}.text`, values),
      replyTo: booking.email,
      attachments:
        kind === "received" || kind === "confirmed" || kind === "cancelled"
          ? [
              {
                filename: "booking.ics",
                contentType: "text/calendar",
                content: calendarFor(listing, booking, language, kind === "cancelled"),
              },
            ]
          : undefined,
    },
    tx,
  );
}

/** Gives a booking's seats back to its slot (declined or cancelled). */
export async function releaseSeats(tx: Executor, slotId: number, partySize: number) {
  await tx
    .update(bookingSlots)
    .set({ booked: sql`greatest(${bookingSlots.booked} - ${partySize}, 0)` })
    .where(eq(bookingSlots.id, slotId));
}

export const bookingColumns = {
  id: bookings.id,
  businessId: bookings.businessId,
  serviceId: bookings.serviceId,
  slotId: bookings.slotId,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  partySize: bookings.partySize,
  name: bookings.name,
  email: bookings.email,
  specialRequests: bookings.specialRequests,
  language: bookings.language,
  status: bookings.status,
  guestEmailConfirmedAt: bookings.guestEmailConfirmedAt,
  createdAt: bookings.createdAt,
  nameEn: bookingServices.nameEn,
  nameEs: bookingServices.nameEs,
};

/** A booking with its service's names and its link's hash, locked for the deciding transaction (missing: not found). */
export async function lockBooking(tx: Executor, bookingId: string) {
  const [row] = await tx
    .select({ ...bookingColumns, cancelTokenHash: bookings.cancelTokenHash })
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .where(eq(bookings.id, bookingId))
    .for("update", { of: bookings });
  if (!row) throw notFound();
  return row;
}

/** The booking behind an emailed cancellation link (null for an unknown token), for its page. */
export async function bookingByToken(options: { token: string; language: Language }) {
  if (!options.token || options.token.length > 100) return null;
  const [row] = await getDb()
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .where(eq(bookings.cancelTokenHash, hashToken(options.token)));
  if (!row) return null;
  const listing = await engagementListing({ id: row.businessId });
  return {
    id: row.id,
    businessName: listing?.name ?? "—",
    businessSlug: listing?.slug ?? null,
    service: serviceName(row, options.language),
    startsAt: row.startsAt,
    partySize: row.partySize,
    status: row.status as BookingStatus,
    past: row.startsAt.getTime() <= Date.now(),
  };
}

/** The guest cancels with the emailed link (no account needed): seats freed, owner told. */
export const cancelBookingByToken = defineWrite(
  { contentKinds: [] },
  async (options: { token: string }, tx: Executor) => {
    if (!options.token || options.token.length > 100) throw notFound();
    const [row] = await tx
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
      .where(eq(bookings.cancelTokenHash, hashToken(options.token)))
      .for("update", { of: bookings });
    if (!row) throw notFound();
    if (row.status === "cancelled") return { alreadyCancelled: true };
    if (row.status === "declined") throw new AppError("conflict", "bookings:errors.alreadyDeclined");
    if (row.startsAt.getTime() <= Date.now()) throw new AppError("conflict", "bookings:errors.cancelPast");
    await tx.update(bookings).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(bookings.id, row.id));
    await releaseSeats(tx, row.slotId, row.partySize);
    const listing = await engagementListing({ id: row.businessId }, tx);
    if (listing) {
      const booking = { ...row, service: row, emailConfirmed: row.guestEmailConfirmedAt !== null };
      await emailGuest(tx, listing, booking, "cancelled", null);
      await emailOwner(tx, listing, booking, "cancelled");
    }
    return { alreadyCancelled: false };
  },
);

function validConfirmation(secret: string, bookingId: string, token: string) {
  if (!/^[0-9a-f-]{36}$/i.test(bookingId) || token.length === 0 || token.length > 100) return false;
  const expected = Buffer.from(emailConfirmationToken(secret, bookingId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The booking behind an emailed address-confirmation link (null when the link is not valid), for its page. */
export async function bookingForEmailConfirmation(options: { bookingId: string; token: string; language: Language }) {
  if (!validConfirmation(await getSigningSecret(), options.bookingId, options.token)) return null;
  const [row] = await getDb()
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .where(eq(bookings.id, options.bookingId));
  if (!row) return null;
  const listing = await engagementListing({ id: row.businessId });
  return {
    businessName: listing?.name ?? "—",
    businessSlug: listing?.slug ?? null,
    service: serviceName(row, options.language),
    startsAt: row.startsAt,
    confirmed: row.guestEmailConfirmedAt !== null,
  };
}

/**
 * The guest followed the link in the one email an unconfirmed address gets: the address is now
 * confirmed and receives the booking's details, as they stand now, with the cancel link.
 */
export async function confirmBookingEmail(options: { bookingId: string; token: string }, executor?: Executor) {
  const secret = await getSigningSecret();
  if (!validConfirmation(secret, options.bookingId, options.token)) throw notFound();
  return confirmGuestEmail({ bookingId: options.bookingId, secret }, executor);
}

/** confirmBookingEmail's transaction, once the link is known to be valid. */
const confirmGuestEmail = defineWrite(
  { contentKinds: [] },
  async (options: { bookingId: string; secret: string }, tx: Executor) => {
    const { secret } = options;
    const row = await lockBooking(tx, options.bookingId);
    if (row.guestEmailConfirmedAt !== null) return { alreadyConfirmed: true };
    await tx.update(bookings).set({ guestEmailConfirmedAt: new Date() }).where(eq(bookings.id, row.id));
    const listing = await engagementListing({ id: row.businessId }, tx);
    if (listing) {
      const status = row.status as BookingStatus;
      const kind: EmailKind = status === "pending" ? "received" : status;
      const token = kind === "received" || kind === "confirmed" ? cancelTokenOf(secret, row) : null;
      await emailGuest(tx, listing, { ...row, service: row, emailConfirmed: true }, kind, token);
    }
    return { alreadyConfirmed: false };
  },
);
