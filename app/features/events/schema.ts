import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bilingualText, createdAtColumn as createdAt, oneOf, updatedAtColumn as updatedAt } from "../../lib/db-columns";
import { publicTables } from "../../lib/response-cache/public-tables";
import { businesses } from "../../platform/listings/schema";
import { users } from "../../platform/people/schema";
import { areas } from "../../platform/site/schema";
import { eventCategories, eventStatuses, repeatKinds, rsvpStatuses } from "./constants";

/**
 * An event (cost, maximum attendees, age restriction, contact email), bilingual. Times are
 * instants; the wall clock is always America/Costa_Rica. A repeating event keeps its RFC 5545 rule
 * (`rrule`, always bounded by UNTIL) and one `event_occurrences` row per date it happens on.
 */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    ...bilingualText("title"),
    ...bilingualText("description"),
    category: text("category").notNull(),
    areaSlug: text("area_slug")
      .notNull()
      .references(() => areas.slug, { onUpdate: "cascade" }),
    /** The first occurrence's start and end (the rule's DTSTART). */
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    allDay: boolean("all_day").notNull().default(false),
    repeat: text("repeat").notNull().default("none"),
    /** RRULE value (no DTSTART line), e.g. FREQ=WEEKLY;BYDAY=TU;UNTIL=20270301T235959Z. */
    rrule: text("rrule"),
    /** The venue: a directory business, or a free address (with optional coordinates). */
    venueBusinessId: uuid("venue_business_id").references(() => businesses.id, { onDelete: "set null" }),
    venueName: text("venue_name").notNull().default(""),
    venueAddress: text("venue_address").notNull().default(""),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Null: free. Otherwise minor units (cents or céntimos) in `costCurrency`. */
    costMinor: integer("cost_minor"),
    costCurrency: text("cost_currency").notNull().default("USD"),
    /** Places per occurrence; null: no limit (RSVPs are still counted). */
    maxAttendees: integer("max_attendees"),
    /** Minimum age to attend; null: all ages. */
    minAge: integer("min_age"),
    contactEmail: text("contact_email").notNull(),
    /** The organiser's WhatsApp number, optional: visitors get a click-to-chat button and a call link. */
    organizerWhatsapp: text("organizer_whatsapp"),
    links: text("links").array().notNull().default(sql`'{}'::text[]`),
    /** A photo from the upload pipeline (its public path). */
    photoUrl: text("photo_url"),
    organizerId: text("organizer_id").references(() => users.id, { onDelete: "set null" }),
    /** Organised on behalf of a business the organiser owns. */
    organizerBusinessId: uuid("organizer_business_id").references(() => businesses.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    statusReason: text("status_reason"),
    /** The organiser cancelled the whole event (it stays readable, marked cancelled). */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("events_slug_idx").on(table.slug),
    index("events_organizer_idx").on(table.organizerId),
    index("events_venue_business_idx").on(table.venueBusinessId),
    index("events_organizer_business_idx").on(table.organizerBusinessId),
    index("events_status_idx").on(table.status, table.createdAt),
    check("events_category_check", oneOf("category", eventCategories)),
    check("events_status_check", oneOf("status", eventStatuses)),
    check("events_repeat_check", oneOf("repeat", repeatKinds)),
    check("events_currency_check", sql`"cost_currency" in ('USD', 'CRC')`),
    check("events_cost_check", sql`"cost_minor" is null or "cost_minor" > 0`),
    check("events_max_attendees_check", sql`"max_attendees" is null or "max_attendees" > 0`),
    check("events_min_age_check", sql`"min_age" is null or "min_age" between 1 and 99`),
    check("events_time_check", sql`"ends_at" >= "starts_at"`),
  ],
);

/**
 * One date an event happens on, with its own RSVP list. `occurrenceKey` is the local date the rule
 * gave it (YYYY-MM-DD), so an edit of the time keeps each date's RSVPs; a moved occurrence (an
 * exception) keeps its key with other times, a cancelled one keeps its row with `cancelledAt`.
 */
export const eventOccurrences = pgTable(
  "event_occurrences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    occurrenceKey: text("occurrence_key").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Moved by the organiser away from the rule's time (kept across edits of the rule). */
    isException: boolean("is_exception").notNull().default(false),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("event_occurrences_key_idx").on(table.eventId, table.occurrenceKey),
    index("event_occurrences_starts_idx").on(table.startsAt),
    check("event_occurrences_time_check", sql`"ends_at" >= "starts_at"`),
  ],
);

/**
 * A person's RSVP to one occurrence. `seq` orders the waitlist first come, first served: RSVPs to
 * one occurrence are written while its row is locked, so the sequence follows arrival.
 */
export const eventRsvps = pgTable(
  "event_rsvps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    occurrenceId: uuid("occurrence_id")
      .notNull()
      .references(() => eventOccurrences.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    partySize: integer("party_size").notNull().default(1),
    status: text("status").notNull(),
    /** The person confirmed the event's minimum age when they answered. */
    ageConfirmed: boolean("age_confirmed").notNull().default(false),
    promotedAt: timestamp("promoted_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One live answer per person and occurrence; cancelled ones stay as history.
    uniqueIndex("event_rsvps_live_idx").on(table.occurrenceId, table.userId).where(sql`"status" <> 'cancelled'`),
    index("event_rsvps_queue_idx").on(table.occurrenceId, table.status, table.seq),
    index("event_rsvps_user_idx").on(table.userId),
    check("event_rsvps_status_check", oneOf("status", rsvpStatuses)),
    check("event_rsvps_party_check", sql`"party_size" between 1 and 50`),
  ],
);

/** Tables whose rows public pages show: a write to one changes "events" content. */
export const eventPublicTables = publicTables("events", [events, eventOccurrences]);
