import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
import {
  bilingualText,
  createdAtColumn as createdAt,
  requiredBilingualText,
  updatedAtColumn as updatedAt,
} from "../../lib/db-columns";
import { publicTables } from "../../lib/response-cache/public-tables";
import { users } from "../../platform/people/schema";

// The forums. Categories are the admins'; discussions and replies are their authors',
// with the moderation contract's statuses: only 'published' rows are public, an author sees their
// own 'pending' ones with a marker, and 'deleted' replies stay in place as "deleted".

/** A forum category, bilingual, ordered by position (admins reorder them). */
export const forumCategories = pgTable(
  "forum_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    ...requiredBilingualText("name"),
    ...bilingualText("description"),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("forum_categories_slug_idx").on(table.slug)],
);

/** A discussion: the opening post and the thread's state. */
export const forumDiscussions = pgTable(
  "forum_discussions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => forumCategories.id),
    /** Null once the author deletes their account: the thread stays, without a name. */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Demo threads have no account behind them (db/seed). */
    demoAuthorName: text("demo_author_name"),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The language the author wrote in (en | es). */
    language: text("language").notNull().default("en"),
    status: text("status").notNull().default("published"),
    pinned: boolean("pinned").notNull().default(false),
    locked: boolean("locked").notNull().default(false),
    /** Published replies, kept in step by every reply write. */
    replyCount: integer("reply_count").notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("forum_discussions_category_idx").on(table.categoryId, table.status, table.lastActivityAt),
    index("forum_discussions_author_idx").on(table.authorId, table.createdAt),
    index("forum_discussions_status_idx").on(table.status, table.createdAt),
    check("forum_discussions_status_check", sql`${table.status} in ('published', 'pending', 'hidden', 'deleted')`),
    check("forum_discussions_language_check", sql`${table.language} in ('en', 'es')`),
  ],
);

/** A reply in a discussion, optionally quoting the opening post or another reply. */
export const forumReplies = pgTable(
  "forum_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => forumDiscussions.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    demoAuthorName: text("demo_author_name"),
    body: text("body").notNull(),
    language: text("language").notNull().default("en"),
    status: text("status").notNull().default("published"),
    /** The reply this one quotes; null with quotesPost false: no quote. */
    quotedReplyId: uuid("quoted_reply_id").references((): AnyPgColumn => forumReplies.id, { onDelete: "set null" }),
    quotesPost: boolean("quotes_post").notNull().default(false),
    likeCount: integer("like_count").notNull().default(0),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** When followers were emailed about it: once, even if it is hidden and approved again later. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("forum_replies_discussion_idx").on(table.discussionId, table.createdAt),
    index("forum_replies_author_idx").on(table.authorId, table.createdAt),
    index("forum_replies_status_idx").on(table.status, table.createdAt),
    check("forum_replies_status_check", sql`${table.status} in ('published', 'pending', 'hidden', 'deleted')`),
    check("forum_replies_language_check", sql`${table.language} in ('en', 'es')`),
  ],
);

/** One like per person per post or reply. */
export const forumLikes = pgTable(
  "forum_likes",
  {
    /** "post" (a discussion's opening post) or "reply". */
    targetType: text("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.targetType, table.targetId, table.userId] }),
    index("forum_likes_user_idx").on(table.userId),
    check("forum_likes_target_check", sql`${table.targetType} in ('post', 'reply')`),
  ],
);

/** Who gets an email when a discussion gets a new reply. */
export const forumFollows = pgTable(
  "forum_follows",
  {
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => forumDiscussions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.discussionId, table.userId] }),
    index("forum_follows_user_idx").on(table.userId, table.createdAt),
  ],
);

/** Tables whose rows public pages show: a write to one changes "forums" content. */
export const forumPublicTables = publicTables("forums", [forumCategories, forumDiscussions, forumReplies, forumLikes]);
