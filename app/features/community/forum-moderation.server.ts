import { eq, inArray } from "drizzle-orm";
import { markdownToPlainText } from "#app/lib/markdown.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import {
  authoredQueries,
  itemsById,
  moderationExcerpt,
  uuidShapedIds,
} from "#app/platform/moderation/authored-queries.server";
import type { ModeratedItem, ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { recountDiscussion } from "./forums.server";
import { indexDiscussion } from "./indexing.server";
import { notifyFollowers } from "./notifications.server";
import { forumDiscussions, forumReplies } from "./schema";

// Forum posts (a discussion's opening post) and replies as moderated kinds: what the moderation
// queue shows of them, and how a decision changes them. A decision changes the public pages, so
// it bumps the "forums" content version and keeps counts and the search index in step.

export const forumPostAdapter: ModeratedKindAdapter = {
  kind: "forum_post",

  async describe(ids, executor) {
    const valid = uuidShapedIds(ids);
    if (!valid.length) return new Map<string, ModeratedItem>();
    const rows = await executor
      .select({
        id: forumDiscussions.id,
        authorId: forumDiscussions.authorId,
        title: forumDiscussions.title,
        body: forumDiscussions.body,
        status: forumDiscussions.status,
        createdAt: forumDiscussions.createdAt,
      })
      .from(forumDiscussions)
      .where(inArray(forumDiscussions.id, valid));
    return itemsById(rows, (row) => ({
      id: row.id,
      authorId: row.authorId,
      title: row.title,
      excerpt: moderationExcerpt(markdownToPlainText(row.body)),
      href: `/forums/post/${row.id}`,
      status: row.status as ModeratedItem["status"],
      createdAt: row.createdAt,
    }));
  },

  async setStatus(id, status, executor) {
    await executor.update(forumDiscussions).set({ status }).where(eq(forumDiscussions.id, id));
    await indexDiscussion(id, executor);
    await bumpContentVersion(executor, "forums");
  },

  ...authoredQueries({
    table: forumDiscussions,
    id: forumDiscussions.id,
    author: forumDiscussions.authorId,
    status: forumDiscussions.status,
    createdAt: forumDiscussions.createdAt,
  }),
};

export const forumReplyAdapter: ModeratedKindAdapter = {
  kind: "forum_reply",

  async describe(ids, executor) {
    const valid = uuidShapedIds(ids);
    if (!valid.length) return new Map<string, ModeratedItem>();
    const rows = await executor
      .select({
        id: forumReplies.id,
        discussionId: forumReplies.discussionId,
        authorId: forumReplies.authorId,
        body: forumReplies.body,
        status: forumReplies.status,
        createdAt: forumReplies.createdAt,
        title: forumDiscussions.title,
      })
      .from(forumReplies)
      .innerJoin(forumDiscussions, eq(forumDiscussions.id, forumReplies.discussionId))
      .where(inArray(forumReplies.id, valid));
    return itemsById(rows, (row) => ({
      id: row.id,
      authorId: row.authorId,
      title: row.title,
      excerpt: moderationExcerpt(markdownToPlainText(row.body)),
      href: `/forums/post/${row.discussionId}#reply-${row.id}`,
      status: row.status as ModeratedItem["status"],
      createdAt: row.createdAt,
    }));
  },

  async setStatus(id, status, executor) {
    const [before] = await executor
      .select({ status: forumReplies.status, notifiedAt: forumReplies.notifiedAt })
      .from(forumReplies)
      .where(eq(forumReplies.id, id))
      .for("update");
    // A newcomer's reply approved from the queue reaches the thread's followers only now; one that
    // was published (and announced) before it was hidden by reports is not announced again.
    const announce = before?.status === "pending" && status === "published" && before.notifiedAt === null;
    const [row] = await executor
      .update(forumReplies)
      .set({
        status,
        deletedAt: status === "deleted" ? new Date() : null,
        ...(announce ? { notifiedAt: new Date() } : {}),
      })
      .where(eq(forumReplies.id, id))
      .returning({ discussionId: forumReplies.discussionId, authorId: forumReplies.authorId });
    if (!row) return;
    await recountDiscussion(row.discussionId, executor);
    if (announce)
      await notifyFollowers({ discussionId: row.discussionId, replyId: id, authorId: row.authorId }, executor);
    await bumpContentVersion(executor, "forums");
  },

  ...authoredQueries({
    table: forumReplies,
    id: forumReplies.id,
    author: forumReplies.authorId,
    status: forumReplies.status,
    createdAt: forumReplies.createdAt,
  }),
};
