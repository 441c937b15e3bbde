import { desc, eq } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { type Language, languages, localizePath } from "#app/lib/i18n";
import { markdownToPlainText } from "#app/lib/markdown.server";
import { removeSearchDocuments, upsertSearchDocument } from "#app/lib/search/index.server";
import { registerSitemapSource } from "#app/lib/sitemap.server";
import { forumCategories, forumDiscussions } from "./schema";

export const discussionSearchKind = "forum_post";

/**
 * Writes a discussion into the site-wide search index, one document per language (the post's own
 * words in both, its category's name in each language), or removes it when it is not public.
 * Call it in the transaction that changed the discussion.
 */
export async function indexDiscussion(discussionId: string, executor: Executor = getDb()) {
  const [row] = await executor
    .select({
      id: forumDiscussions.id,
      title: forumDiscussions.title,
      body: forumDiscussions.body,
      status: forumDiscussions.status,
      nameEn: forumCategories.nameEn,
      nameEs: forumCategories.nameEs,
    })
    .from(forumDiscussions)
    .innerJoin(forumCategories, eq(forumCategories.id, forumDiscussions.categoryId))
    .where(eq(forumDiscussions.id, discussionId));
  if (row?.status !== "published") {
    await removeSearchDocuments(discussionSearchKind, discussionId, executor);
    return;
  }
  const text = markdownToPlainText(row.body).slice(0, 4000);
  for (const language of languages as readonly Language[]) {
    await upsertSearchDocument(
      {
        kind: discussionSearchKind,
        refId: row.id,
        locale: language,
        title: row.title,
        body: text,
        url: localizePath(`/forums/post/${row.id}`, language),
        tags: [row.nameEn, row.nameEs],
      },
      executor,
    );
  }
}

// The forums' categories and their published discussions in sitemap.xml and /sitemap (the
// discussions most recently active first).
registerSitemapSource("forum-categories", async () => {
  const rows = await getDb()
    .select({
      slug: forumCategories.slug,
      nameEn: forumCategories.nameEn,
      nameEs: forumCategories.nameEs,
      updatedAt: forumCategories.updatedAt,
    })
    .from(forumCategories)
    .orderBy(forumCategories.position);
  return rows.map((row) => ({
    path: `/forums/category/${row.slug}`,
    lastModified: row.updatedAt,
    title: { en: row.nameEn || row.nameEs, es: row.nameEs || row.nameEn },
  }));
});

registerSitemapSource("forum-posts", async () => {
  const rows = await getDb()
    .select({ id: forumDiscussions.id, title: forumDiscussions.title, lastActivityAt: forumDiscussions.lastActivityAt })
    .from(forumDiscussions)
    .where(eq(forumDiscussions.status, "published"))
    .orderBy(desc(forumDiscussions.lastActivityAt))
    .limit(1000);
  return rows.map((row) => ({
    path: `/forums/post/${row.id}`,
    lastModified: row.lastActivityAt,
    title: { en: row.title, es: row.title },
  }));
});
