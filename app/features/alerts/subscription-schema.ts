import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAtColumn as createdAt } from "../../lib/db-columns";
import { users } from "../../platform/people/schema";
import { alerts } from "./schema";

// Who wants to hear about alerts and what each was sent. Nothing here is shown on a public page:
// a subscription is its subscriber's alone.

/**
 * One subscriber: a browser's Web Push subscription or an email address. `areas` and `kinds` are
 * what they chose (empty: every area, every kind). An email address receives nothing until it is
 * confirmed through the link sent to it; a push subscription is confirmed by the browser that
 * created it. `token` is the secret of the confirm and unsubscribe links.
 */
export const alertSubscriptions = pgTable(
  "alert_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel").notNull(),
    /** The signed-in person who subscribed (their dashboard lists it); null for anyone else. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Lower-cased; email subscriptions only. */
    email: text("email"),
    /** The push service's URL for this browser and its keys (RFC 8291); push subscriptions only. */
    endpoint: text("endpoint"),
    p256dh: text("p256dh"),
    auth: text("auth"),
    language: text("language").notNull().default("en"),
    areas: text("areas").array().notNull().default(sql`'{}'::text[]`),
    kinds: text("kinds").array().notNull().default(sql`'{}'::text[]`),
    token: text("token").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("alert_subscriptions_token_idx").on(table.token),
    uniqueIndex("alert_subscriptions_email_idx").on(table.email),
    uniqueIndex("alert_subscriptions_endpoint_idx").on(table.endpoint),
    index("alert_subscriptions_user_idx").on(table.userId),
    check(
      "alert_subscriptions_channel_check",
      sql`(${table.channel} = 'email' and ${table.email} is not null and ${table.endpoint} is null)
        or (${table.channel} = 'push' and ${table.endpoint} is not null and ${table.p256dh} is not null
          and ${table.auth} is not null and ${table.email} is null)`,
    ),
  ],
);

/** What one revision of an alert says, in both languages, frozen when it is queued. */
export interface AlertDeliveryContent {
  /** `note`: what this revision changed (an update's or an end's note), when it says. */
  en: { title: string; body: string; note?: string };
  es: { title: string; body: string; note?: string };
}

/**
 * Alert revisions to deliver, written in the transaction that publishes, updates or ends the
 * alert. A worker turns each into one delivery per matching subscription (`fannedOutAt`), under
 * FOR UPDATE SKIP LOCKED so two instances never fan out the same row.
 */
export const alertDeliveryQueue = pgTable(
  "alert_delivery_queue",
  {
    alertId: integer("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    /** published, updated or ended. */
    change: text("change").notNull(),
    kind: text("kind").notNull(),
    /** The areas the alert concerns; empty: everyone. */
    areas: text("areas").array().notNull().default(sql`'{}'::text[]`),
    content: jsonb("content").$type<AlertDeliveryContent>().notNull(),
    /** The alert's page, in English (the language prefix is added per subscriber). */
    path: text("path").notNull(),
    fannedOutAt: timestamp("fanned_out_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.alertId, table.revision] }),
    index("alert_delivery_queue_pending_idx").on(table.createdAt).where(sql`${table.fannedOutAt} is null`),
  ],
);

/**
 * One revision of one alert for one subscriber. The unique key is what makes delivery at most once:
 * however many workers fan out the same revision, one row exists, and only the worker that claims
 * it (status pending → sending, FOR UPDATE SKIP LOCKED) sends it.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => alertSubscriptions.id, { onDelete: "cascade" }),
    alertId: integer("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    /** pending → sending → sent; failed after the last attempt or when a send's outcome is unknown. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: when the claiming worker's request has certainly ended. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("alert_deliveries_once_idx").on(table.subscriptionId, table.alertId, table.revision),
    index("alert_deliveries_due_idx").on(table.status, table.nextAttemptAt),
    check("alert_deliveries_status_check", sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);
