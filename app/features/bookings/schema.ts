import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bilingualText, createdAtColumn as createdAt, updatedAtColumn as updatedAt } from "../../lib/db-columns";
import { businesses } from "../../platform/listings/schema";
import { users } from "../../platform/people/schema";

/**
 * Something a premium listing lets visitors book (a table for dinner, a surf lesson): the times it
 * starts on the site's clock, the weekdays it runs, how many guests one start takes, and how long
 * before it a request must arrive.
 */
export const bookingServices = pgTable(
  "booking_services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    ...bilingualText("name"),
    durationMinutes: integer("duration_minutes").notNull().default(60),
    /** Guests per start time (the sum of the party sizes of its live bookings never exceeds it). */
    capacity: integer("capacity").notNull(),
    /** "HH:MM" start times, ascending. */
    slotTimes: text("slot_times").array().notNull(),
    /** 0 = Sunday … 6 = Saturday. */
    weekdays: integer("weekdays").array().notNull(),
    leadTimeHours: integer("lead_time_hours").notNull().default(2),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("booking_services_business_idx").on(table.businessId),
    check("booking_services_capacity_check", sql`${table.capacity} > 0`),
  ],
);

/** Days a business takes no bookings (holidays, private events). `day` is YYYY-MM-DD on the site's clock. */
export const bookingBlackouts = pgTable(
  "booking_blackouts",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.day] })],
);

/**
 * One start time of a service that someone asked for: the seats its live bookings hold. A booking
 * takes seats with one conditional UPDATE of this row (booked + party ≤ capacity), which locks it,
 * so concurrent requests for the same start queue on the row and never overbook.
 */
export const bookingSlots = pgTable(
  "booking_slots",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => bookingServices.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    booked: integer("booked").notNull().default(0),
  },
  (table) => [
    uniqueIndex("booking_slots_service_start_idx").on(table.serviceId, table.startsAt),
    check("booking_slots_booked_check", sql`${table.booked} >= 0`),
  ],
);

/** A request to book (service type, date, time, party size, name, email, special requests). */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => bookingServices.id, { onDelete: "cascade" }),
    slotId: bigint("slot_id", { mode: "number" })
      .notNull()
      .references(() => bookingSlots.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    partySize: integer("party_size").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    specialRequests: text("special_requests").notNull().default(""),
    language: text("language").notNull().default("en"),
    /** The signed-in guest who asked; null for a visitor without an account. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** pending | confirmed | declined | cancelled */
    status: text("status").notNull().default("pending"),
    /** SHA-256 of the emailed cancellation token (the token itself is never stored). */
    cancelTokenHash: text("cancel_token_hash").notNull(),
    /**
     * When the guest's address was confirmed: at once for a signed-in guest booking with their own
     * address, else when they follow the emailed confirmation link. Until then the address gets
     * nothing but that link (anyone can type anyone's address into the form).
     */
    guestEmailConfirmedAt: timestamp("guest_email_confirmed_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("bookings_business_start_idx").on(table.businessId, table.startsAt),
    index("bookings_business_created_idx").on(table.businessId, table.createdAt),
    index("bookings_user_idx").on(table.userId),
    uniqueIndex("bookings_cancel_token_idx").on(table.cancelTokenHash),
    check("bookings_party_size_check", sql`${table.partySize} > 0`),
  ],
);
