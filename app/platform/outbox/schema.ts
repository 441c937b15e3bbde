import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAtColumn as createdAt } from "../../lib/db-columns";

/**
 * Outgoing email. Written in the same transaction as what caused it, then drained by any instance
 * (FOR UPDATE SKIP LOCKED). Without SMTP the row stays here with status "kept", readable by admins.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Where a reply goes when it is not the sender (a relay address, the person who wrote in). */
    replyTo: text("reply_to"),
    /** Extra headers from an allow-list (List-Unsubscribe and its one-click partner). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Files sent along, from an allow-list of types (a booking's calendar entry, text/calendar). */
    attachments: jsonb("attachments").$type<{ filename: string; contentType: string; content: string }[]>(),
    /** pending (waiting for SMTP) | sent | failed (gave up) | kept (no SMTP configured) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("email_outbox_pending_idx").on(table.status, table.nextAttemptAt),
    index("email_outbox_created_at_idx").on(table.createdAt),
  ],
);
