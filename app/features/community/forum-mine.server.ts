import { and, count, desc, eq, ne } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertSignedIn } from "#app/lib/authorization.server";
import { getDb } from "#app/lib/db.server";
import type { Language } from "#app/lib/i18n";
import { excerptOf, listColumns, type PostStatus, toListItems } from "./forums.server";
import { forumCategories, forumDiscussions, forumFollows, forumReplies } from "./schema";

// A member's own forum activity, for the dashboard: their threads, replies and follows.

export async function listMyDiscussions(options: { actor: Actor; language: Language }) {
  assertSignedIn(options.actor);
  const rows = await getDb()
    .select(listColumns)
    .from(forumDiscussions)
    .innerJoin(forumCategories, eq(forumCategories.id, forumDiscussions.categoryId))
    .where(and(eq(forumDiscussions.authorId, options.actor.id), ne(forumDiscussions.status, "deleted")))
    .orderBy(desc(forumDiscussions.createdAt))
    .limit(100);
  return toListItems(rows, options.language);
}

export async function listMyReplies(options: { actor: Actor }) {
  assertSignedIn(options.actor);
  const rows = await getDb()
    .select({
      id: forumReplies.id,
      body: forumReplies.body,
      status: forumReplies.status,
      createdAt: forumReplies.createdAt,
      discussionId: forumDiscussions.id,
      discussionTitle: forumDiscussions.title,
    })
    .from(forumReplies)
    .innerJoin(forumDiscussions, eq(forumDiscussions.id, forumReplies.discussionId))
    .where(
      and(
        eq(forumReplies.authorId, options.actor.id),
        ne(forumReplies.status, "deleted"),
        ne(forumDiscussions.status, "deleted"),
      ),
    )
    .orderBy(desc(forumReplies.createdAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    excerpt: excerptOf(row.body, 140),
    status: row.status as PostStatus,
    createdAt: row.createdAt.toISOString(),
    discussion: { id: row.discussionId, title: row.discussionTitle },
  }));
}

export async function listMyFollows(options: { actor: Actor }) {
  assertSignedIn(options.actor);
  const rows = await getDb()
    .select({
      id: forumDiscussions.id,
      title: forumDiscussions.title,
      replyCount: forumDiscussions.replyCount,
      lastActivityAt: forumDiscussions.lastActivityAt,
      followedAt: forumFollows.createdAt,
    })
    .from(forumFollows)
    .innerJoin(forumDiscussions, eq(forumDiscussions.id, forumFollows.discussionId))
    .where(and(eq(forumFollows.userId, options.actor.id), eq(forumDiscussions.status, "published")))
    .orderBy(desc(forumDiscussions.lastActivityAt))
    .limit(100);
  return rows.map((row) => ({
    ...row,
    lastActivityAt: row.lastActivityAt.toISOString(),
    followedAt: row.followedAt.toISOString(),
  }));
}

/** Counts for the dashboard overview and the section's header. */
export async function countMyForumActivity(options: { actor: Actor }) {
  const db = getDb();
  const [discussions] = await db
    .select({ n: count() })
    .from(forumDiscussions)
    .where(and(eq(forumDiscussions.authorId, options.actor.id), ne(forumDiscussions.status, "deleted")));
  const [replies] = await db
    .select({ n: count() })
    .from(forumReplies)
    .where(and(eq(forumReplies.authorId, options.actor.id), ne(forumReplies.status, "deleted")));
  return { discussions: Number(discussions?.n ?? 0), replies: Number(replies?.n ?? 0) };
}
