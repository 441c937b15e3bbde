import { eq } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { type Language, languages, localizePath } from "#app/lib/i18n";
import { markdownToPlainText } from "#app/lib/markdown.server";
import { removeSearchDocuments, upsertSearchDocument } from "#app/lib/search/index.server";
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
