import { boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAtColumn as createdAt, updatedAtColumn as updatedAt } from "../../lib/db-columns";
import { users } from "../../platform/people/schema";

/**
 * One visitor's conversation with the concierge, found by the SHA-256 of a random token kept in the
 * visitor's own cookie (never the token itself), so a follow-up ("and is it open tomorrow?") knows
 * what "it" is. Nobody else can reach it: there is no way to list or open a conversation by id.
 */
export const conciergeConversations = pgTable(
  "concierge_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** What the last answers were about: { businessSlug, category, area, intent, beach }. */
    context: jsonb("context").$type<Record<string, string>>().notNull().default({}),
    /** The last few turns, question and answer, for the model's follow-ups. */
    turns: jsonb("turns").$type<{ question: string; answer: string }[]>().notNull().default([]),
    turnCount: integer("turn_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("concierge_conversations_updated_idx").on(table.updatedAt)],
);

/**
 * One asked question, anonymised, for the admins' counts: the intent, the language and whether
 * it was answered. The words are kept only for unanswered questions (to improve the guides), with
 * emails, phone numbers and long digit runs masked; never who asked, from where, or in which
 * conversation.
 */
export const conciergeQuestions = pgTable(
  "concierge_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    intent: text("intent").notNull(),
    language: text("language").notNull(),
    answered: boolean("answered").notNull(),
    question: text("question"),
    createdAt: createdAt(),
  },
  (table) => [index("concierge_questions_created_idx").on(table.createdAt)],
);
