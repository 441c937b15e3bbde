import { bigserial, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAtColumn as createdAt } from "../../lib/db-columns";
import { businesses } from "../../platform/listings/schema";
import { users } from "../../platform/people/schema";

/**
 * A conversation between a visitor and a business: the visitor writes from the business page, the
 * owner answers from the dashboard inbox, and answers reach the visitor by email. A visitor who
 * writes again with the same address continues the same thread.
 */
export const messageThreads = pgTable(
  "message_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    visitorName: text("visitor_name").notNull(),
    /** Lower-cased, so a second message from the same address finds its thread. */
    visitorEmail: text("visitor_email").notNull(),
    visitorUserId: text("visitor_user_id").references(() => users.id, { onDelete: "set null" }),
    language: text("language").notNull().default("en"),
    /** Visitor messages the owner has not opened yet. */
    ownerUnread: integer("owner_unread").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index("message_threads_business_idx").on(table.businessId, table.lastMessageAt),
    index("message_threads_visitor_idx").on(table.businessId, table.visitorEmail),
  ],
);

export const threadMessages = pgTable(
  "thread_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => messageThreads.id, { onDelete: "cascade" }),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** visitor | owner */
    sender: text("sender").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("thread_messages_thread_idx").on(table.threadId, table.id),
    index("thread_messages_business_created_idx").on(table.businessId, table.createdAt),
  ],
);
