import { and, desc, eq, ne } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import type { Language } from "#app/lib/i18n";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { categoryScope, listColumns, loadCategoryForWrite, lockDiscussion, toListItems } from "./forums.server";
import { indexDiscussion } from "./indexing.server";
import { forumCategories, forumDiscussions } from "./schema";

// Forum moderation by admins: pinning, locking and moving threads, and the moderation list.

/**
 * A moderator's change to a thread: locks it, checks the actor moderates its category, applies what
 * `change` returns and reindexes it. Null (nothing written, nothing audited) when it was already so.
 */
async function moderate(
  tx: Executor,
  options: { actor: Actor; id: string },
  change: (
    row: Awaited<ReturnType<typeof lockDiscussion>>,
  ) => Promise<Partial<typeof forumDiscussions.$inferInsert> | null>,
) {
  const row = await lockDiscussion(tx, options.id);
  assertCan(options.actor, "manage:forum:any", { scope: categoryScope(row.categoryId) });
  const set = await change(row);
  if (!set) return null;
  await tx.update(forumDiscussions).set(set).where(eq(forumDiscussions.id, row.id));
  await indexDiscussion(row.id, tx);
  return row;
}

export const setPinned = defineWrite(
  {
    permission: "manage:forum:any",
    contentKinds: (row) => (row ? ["forums"] : []),
    audit: (row, options) =>
      row && {
        action: options.pinned ? "forum.post.pin" : "forum.post.unpin",
        targetType: "forum_post",
        targetId: row.id,
        details: { title: row.title },
      },
  },
  (options: { actor: Actor; id: string; pinned: boolean }, tx: Executor) =>
    moderate(tx, options, async (row) => (row.pinned === options.pinned ? null : { pinned: options.pinned })),
);

export const setLocked = defineWrite(
  {
    permission: "manage:forum:any",
    contentKinds: (row) => (row ? ["forums"] : []),
    audit: (row, options) =>
      row && {
        action: options.locked ? "forum.post.lock" : "forum.post.unlock",
        targetType: "forum_post",
        targetId: row.id,
        details: { title: row.title },
      },
  },
  (options: { actor: Actor; id: string; locked: boolean }, tx: Executor) =>
    moderate(tx, options, async (row) => (row.locked === options.locked ? null : { locked: options.locked })),
);

export const moveDiscussion = defineWrite(
  {
    permission: "manage:forum:any",
    contentKinds: (row) => (row ? ["forums"] : []),
    audit: (row, options) =>
      row && {
        action: "forum.post.move",
        targetType: "forum_post",
        targetId: row.id,
        details: { title: row.title, to: options.categoryId },
      },
  },
  (options: { actor: Actor; id: string; categoryId: string }, tx: Executor) =>
    moderate(tx, options, async (row) => {
      await loadCategoryForWrite(tx, options.categoryId);
      assertCan(options.actor, "manage:forum:any", { scope: categoryScope(options.categoryId) });
      return row.categoryId === options.categoryId ? null : { categoryId: options.categoryId };
    }),
);

/** Threads for the forum moderation page: pinned or locked ones first, then the latest. */
export async function listDiscussionsForAdmin(options: {
  actor: Actor;
  language: Language;
  filter: "all" | "pinned" | "locked";
  limit?: number;
}) {
  assertCan(options.actor, "manage:forum:any");
  const rows = await getDb()
    .select({ ...listColumns, categoryId: forumDiscussions.categoryId })
    .from(forumDiscussions)
    .innerJoin(forumCategories, eq(forumCategories.id, forumDiscussions.categoryId))
    .where(
      and(
        ne(forumDiscussions.status, "deleted"),
        options.filter === "pinned" ? eq(forumDiscussions.pinned, true) : undefined,
        options.filter === "locked" ? eq(forumDiscussions.locked, true) : undefined,
      ),
    )
    .orderBy(desc(forumDiscussions.pinned), desc(forumDiscussions.lastActivityAt))
    .limit(Math.min(options.limit ?? 50, 200));
  const items = await toListItems(rows, options.language);
  return items.map((item, index) => ({ ...item, categoryId: rows[index].categoryId }));
}
