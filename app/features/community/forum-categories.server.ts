import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { contentMemo } from "#app/lib/minute-memo.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import type { CategoryInput } from "./forms";
import { categoryScope, isUuid, latestByCategory, listLatestDiscussions, localized } from "./forums.server";
import { indexDiscussion } from "./indexing.server";
import { forumCategories, forumDiscussions } from "./schema";

// Forum categories: their order and texts (admins') and the public list with counts.

export interface CategorySummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  position: number;
  discussionCount: number;
  replyCount: number;
}

/** A category's id, slug and texts in both languages, as every read of one selects them. */
const categoryColumns = {
  id: forumCategories.id,
  slug: forumCategories.slug,
  nameEn: forumCategories.nameEn,
  nameEs: forumCategories.nameEs,
  descriptionEn: forumCategories.descriptionEn,
  descriptionEs: forumCategories.descriptionEs,
};

/** Every category in order, with its public discussion and reply counts. */
export async function listCategories(options: { language: Language }, executor: Executor = getDb()) {
  const rows = await executor
    .select({
      ...categoryColumns,
      position: forumCategories.position,
      discussionCount: sql<number>`count(${forumDiscussions.id})::int`,
      replyCount: sql<number>`coalesce(sum(${forumDiscussions.replyCount}), 0)::int`,
    })
    .from(forumCategories)
    .leftJoin(
      forumDiscussions,
      and(eq(forumDiscussions.categoryId, forumCategories.id), eq(forumDiscussions.status, "published")),
    )
    .groupBy(forumCategories.id)
    .orderBy(asc(forumCategories.position), asc(forumCategories.slug));
  return rows.map(
    (row): CategorySummary => ({
      id: row.id,
      slug: row.slug,
      ...localized(row, options.language),
      position: row.position,
      discussionCount: Number(row.discussionCount),
      replyCount: Number(row.replyCount),
    }),
  );
}

/** Every category with both languages' texts, for the admin's forms. */
export async function listCategoriesForAdmin(options: { actor: Actor }) {
  assertCan(options.actor, "manage:forum:any");
  return getDb()
    .select({
      ...categoryColumns,
      position: forumCategories.position,
    })
    .from(forumCategories)
    .orderBy(asc(forumCategories.position), asc(forumCategories.slug));
}

export async function getCategory(options: { slug: string; language: Language }) {
  // Slugs are lowercase words and hyphens (forms.ts); anything else (a NUL byte, say) names nothing.
  if (!/^[a-z0-9-]{1,100}$/.test(options.slug)) throw new AppError("not_found", "community:category.notFound");
  const [row] = await getDb()
    .select(categoryColumns)
    .from(forumCategories)
    .where(eq(forumCategories.slug, options.slug));
  if (!row) throw new AppError("not_found", "community:category.notFound");
  return { id: row.id, slug: row.slug, ...localized(row, options.language) };
}

export const createCategory = defineWrite(
  {
    permission: "manage:forum:any",
    contentKinds: ["forums"],
    audit: (row, options) => ({
      action: "forum.category.create",
      targetType: "forum_category",
      targetId: row.id,
      details: { slug: options.input.slug },
    }),
  },
  async (options: { actor: Actor; input: CategoryInput }, tx: Executor) => {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${forumCategories.position}), 0)::int` })
      .from(forumCategories);
    const [row] = await tx
      .insert(forumCategories)
      .values({ ...options.input, position: Number(last?.position ?? 0) + 10 })
      .onConflictDoNothing()
      .returning({ id: forumCategories.id });
    if (!row) throw new AppError("conflict", "community:errors.slugTaken", { field: "slug" });
    return row;
  },
);

export const updateCategory = defineWrite(
  {
    contentKinds: ["forums"],
    audit: (_, options) => ({
      action: "forum.category.update",
      targetType: "forum_category",
      targetId: options.id,
      details: { slug: options.input.slug },
    }),
  },
  async (options: { actor: Actor; id: string; input: CategoryInput }, tx: Executor) => {
    // A moderator of this category may edit it: the check needs the category's scope.
    assertCan(options.actor, "manage:forum:any", { scope: categoryScope(options.id) });
    if (!isUuid(options.id)) throw new AppError("not_found", "community:category.notFound");
    const [clash] = await tx
      .select({ id: forumCategories.id })
      .from(forumCategories)
      .where(and(eq(forumCategories.slug, options.input.slug), ne(forumCategories.id, options.id)));
    if (clash) throw new AppError("conflict", "community:errors.slugTaken", { field: "slug" });
    const updated = await tx
      .update(forumCategories)
      .set(options.input)
      .where(eq(forumCategories.id, options.id))
      .returning({ id: forumCategories.id });
    if (!updated.length) throw new AppError("not_found", "community:category.notFound");
    // Threads carry their category's name in the search index.
    const threads = await tx
      .select({ id: forumDiscussions.id })
      .from(forumDiscussions)
      .where(and(eq(forumDiscussions.categoryId, options.id), eq(forumDiscussions.status, "published")));
    for (const thread of threads) await indexDiscussion(thread.id, tx);
  },
);

/** Moves a category one place up or down in the order; false when it is already first or last. */
export const moveCategory = defineWrite(
  {
    permission: "manage:forum:any",
    contentKinds: (moved) => (moved ? ["forums"] : []),
    audit: (moved, options) =>
      moved
        ? {
            action: "forum.category.reorder",
            targetType: "forum_category",
            targetId: options.id,
            details: { direction: options.direction },
          }
        : null,
  },
  async (options: { actor: Actor; id: string; direction: "up" | "down" }, tx: Executor) => {
    const rows = await tx
      .select({ id: forumCategories.id, position: forumCategories.position })
      .from(forumCategories)
      .orderBy(asc(forumCategories.position), asc(forumCategories.slug))
      .for("update");
    const index = rows.findIndex((row) => row.id === options.id);
    if (index < 0) throw new AppError("not_found", "community:category.notFound");
    const other = options.direction === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= rows.length) return false;
    const order = rows.map((row) => row.id);
    [order[index], order[other]] = [order[other], order[index]];
    // Renumbered every time, so equal positions (an old database, a seed) cannot make a swap a no-op.
    for (const [position, id] of order.entries())
      await tx
        .update(forumCategories)
        .set({ position: (position + 1) * 10 })
        .where(eq(forumCategories.id, id));
    return true;
  },
);

const fronts = contentMemo<{
  categories: Awaited<ReturnType<typeof listCategories>>;
  latest: Awaited<ReturnType<typeof listLatestDiscussions>>;
  latestEach: Awaited<ReturnType<typeof latestByCategory>>;
}>(["forums", "site"], 4);

/**
 * The community page's forum blocks (the categories with their latest discussion, the latest
 * discussions), remembered for the minute and the forums' version (and the site's, for names) they
 * were read at: the same for every visitor, signed in or not, and three statements on every render.
 */
export function forumFront(options: { language: Language; latestLimit: number }) {
  return fronts(`${options.language}:${options.latestLimit}`, new Date(), async () => {
    const [categories, latest, latestEach] = await Promise.all([
      listCategories({ language: options.language }),
      listLatestDiscussions({ language: options.language, limit: options.latestLimit }),
      latestByCategory({ language: options.language }),
    ]);
    return { categories, latest, latestEach };
  });
}
