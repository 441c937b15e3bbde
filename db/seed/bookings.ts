import { eq } from "drizzle-orm";
import { bookingServices, bookingSlots, bookings } from "#app/features/bookings/schema";
import type { Db } from "#app/lib/db.server";
import { demoOwnerListing } from "./accounts";
import { demoDay, demoInstant, hoursBefore } from "./demo-dates";

// The demo owner's listing takes bookings: two services and about a week of requests around the day the
// seed runs (some decided, some waiting for the owner), so the dashboard's bookings have something
// to decide and the business page a booking form. Only with the demo accounts; once per listing.

// The restaurant's evenings (closed on Mondays, as its opening hours say).
const openDays = [0, 2, 3, 4, 5, 6];

export const demoBookingServices = [
  {
    nameEn: "Dinner table",
    nameEs: "Mesa para cenar",
    durationMinutes: 90,
    capacity: 20,
    slotTimes: ["17:30", "18:30", "19:30", "20:30"],
    weekdays: openDays,
    leadTimeHours: 2,
  },
  {
    nameEn: "Omakase at the bar",
    nameEs: "Omakase en la barra",
    durationMinutes: 120,
    capacity: 8,
    slotTimes: ["19:00"],
    weekdays: openDays,
    leadTimeHours: 24,
  },
] as const;

/**
 * Days from the seed's day (moved away from the seed's day to the nearest evening the service
 * runs), the service (index above), the time and who asked.
 */
export const demoBookings = [
  {
    day: -5,
    service: 0,
    time: "18:30",
    party: 2,
    name: "Laura Méndez",
    status: "confirmed",
    language: "es",
    requests: "",
  },
  {
    day: -2,
    service: 1,
    time: "19:00",
    party: 3,
    name: "Tom Becker",
    status: "confirmed",
    language: "en",
    requests: "",
  },
  {
    day: 1,
    service: 0,
    time: "19:30",
    party: 2,
    name: "Sofía Rojas",
    status: "pending",
    language: "es",
    requests: "Una mesa en la terraza, por favor.",
  },
  {
    day: 2,
    service: 1,
    time: "19:00",
    party: 4,
    name: "Mark Olsen",
    status: "pending",
    language: "en",
    requests: "One of us is allergic to shellfish.",
  },
  {
    day: 3,
    service: 0,
    time: "17:30",
    party: 6,
    name: "Familia Alvarado",
    status: "confirmed",
    language: "es",
    requests: "Cumpleaños de la abuela.",
  },
  { day: 5, service: 1, time: "19:00", party: 2, name: "Priya Nair", status: "declined", language: "en", requests: "" },
  { day: 6, service: 0, time: "20:30", party: 3, name: "Jenny Walsh", status: "pending", language: "en", requests: "" },
] as const;

/** The day offset moved (away from the seed's day) until it falls on a day the service runs. */
function runningDay(now: Date, offset: number, weekdays: readonly number[]) {
  let day = offset;
  while (!weekdays.includes(new Date(`${demoDay(now, day)}T12:00:00Z`).getUTCDay())) day += day < 0 ? -1 : 1;
  return day;
}

function demoGuestEmail(name: string) {
  const local = name
    .normalize("NFD")
    .replace(/[^A-Za-z ]/g, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ".");
  return `${local}@example.test`;
}

export async function seedDemoBookings(db: Db, now: Date = new Date()) {
  const listing = await demoOwnerListing(db);
  if (!listing) return;
  const [existing] = await db
    .select({ id: bookingServices.id })
    .from(bookingServices)
    .where(eq(bookingServices.businessId, listing.id))
    .limit(1);
  if (existing) return;
  await db.transaction(async (tx) => {
    const services = [];
    for (const service of demoBookingServices) {
      const [row] = await tx
        .insert(bookingServices)
        .values({
          businessId: listing.id,
          ...service,
          slotTimes: [...service.slotTimes],
          weekdays: [...service.weekdays],
        })
        .returning({ id: bookingServices.id, durationMinutes: bookingServices.durationMinutes });
      services.push(row);
    }
    for (const [n, demo] of demoBookings.entries()) {
      const service = services[demo.service];
      const startsAt = demoInstant(
        now,
        runningDay(now, demo.day, demoBookingServices[demo.service].weekdays),
        demo.time,
      );
      const live = demo.status === "pending" || demo.status === "confirmed";
      const [slot] = await tx
        .insert(bookingSlots)
        .values({ serviceId: service.id, startsAt, booked: live ? demo.party : 0 })
        .returning({ id: bookingSlots.id });
      // Asked a few days ahead, and never after the seed ran.
      const createdAt = new Date(
        Math.min(hoursBefore(startsAt, 60 + n * 5).getTime(), hoursBefore(now, n + 1).getTime()),
      );
      const email = demoGuestEmail(demo.name);
      await tx.insert(bookings).values({
        businessId: listing.id,
        serviceId: service.id,
        slotId: slot.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + service.durationMinutes * 60_000),
        partySize: demo.party,
        name: demo.name,
        email,
        specialRequests: demo.requests,
        language: demo.language,
        status: demo.status,
        // Not a hash of anything: no cancellation link can match a demo booking.
        cancelTokenHash: `demo-booking:${listing.slug}:${n}`,
        guestEmailConfirmedAt: createdAt,
        decidedAt: demo.status === "pending" ? null : new Date(createdAt.getTime() + 3 * 3_600_000),
        createdAt,
      });
    }
  });
}
