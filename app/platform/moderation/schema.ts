import { sql } from "drizzle-orm";
import { bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAtColumn as createdAt } from "../../lib/db-columns";
import { users } from "../people/schema";

// Moderation (docs/moderation.md): reports on any kind of user-written item, the notices its
// authors get when an admin decides, and suspensions. Items themselves stay in their own domain's
// table; `kind` + `item_id` name them, and the kind's adapter (registry.server.ts) reads and
// changes them.

/** One person's report of one item (once per reporter and item). Resolved by an admin's decision. */
export const moderationReports = pgTable(
  "moderation_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    itemId: text("item_id").notNull(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    note: text("note"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** The decision that resolved it (approve, hide, delete, warn, suspend). */
    resolution: text("resolution"),
  },
  (table) => [
    uniqueIndex("moderation_reports_reporter_item_idx").on(table.reporterId, table.kind, table.itemId),
    index("moderation_reports_open_idx").on(table.kind, table.itemId).where(sql`${table.resolvedAt} is null`),
  ],
);

/** What an author is told about a decision on their item, in their language, on their dashboard. */
export const moderationNotices = pgTable(
  "moderation_notices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    itemId: text("item_id").notNull(),
    /** The item's title when decided, so the notice still names it once the item is gone. */
    itemTitle: text("item_title").notNull().default(""),
    decision: text("decision").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [index("moderation_notices_user_idx").on(table.userId, table.createdAt)],
);

/** A suspension: until `until`, every write by the user is refused; their session stays. */
export const userSuspensions = pgTable(
  "user_suspensions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    until: timestamp("until", { withTimezone: true }).notNull(),
    reason: text("reason").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("user_suspensions_user_idx").on(table.userId, table.until),
    check("user_suspensions_reason_check", sql`length(${table.reason}) > 0`),
  ],
);
