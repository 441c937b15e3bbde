import { eq } from "drizzle-orm";
import { createDiscussion, createReply } from "#app/features/community/forums.server";
import { forumCategories, forumDiscussions, forumReplies } from "#app/features/community/schema";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { uniqueId } from "./unique";

// Forum test data through the domain's own writes (so counts, follows and the index are as in
// real use); never the demo seed.

export async function createForumCategory(options: { slug?: string; nameEn?: string; nameEs?: string } = {}) {
  const slug =
    options.slug ??
    uniqueId("cat")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-");
  const [row] = await getDb()
    .insert(forumCategories)
    .values({
      slug,
      nameEn: options.nameEn ?? `Category ${slug}`,
      nameEs: options.nameEs ?? `Categoría ${slug}`,
      descriptionEn: "A test category",
      descriptionEs: "Una categoría de prueba",
      position: 100,
    })
    .returning();
  return row;
}

export async function createForumDiscussion(options: {
  author: Actor;
  categoryId: string;
  title?: string;
  body?: string;
  language?: "en" | "es";
}) {
  return createDiscussion({
    actor: options.author,
    categoryId: options.categoryId,
    title: options.title ?? "Where to buy fresh fish?",
    body: options.body ?? "Looking for the best place for fresh fish near Brasilito.",
    language: options.language ?? "en",
  });
}

export async function createForumReply(options: {
  author: Actor;
  discussionId: string;
  body?: string;
  quote?: string;
}) {
  return createReply({
    actor: options.author,
    discussionId: options.discussionId,
    body: options.body ?? "Try the fishermen at the Brasilito beach in the morning.",
    language: "en",
    quote: options.quote,
  });
}

/** Moves a post's writing time back, to test the edit window. */
export async function agePost(kind: "post" | "reply", id: string, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000);
  if (kind === "post") await getDb().update(forumDiscussions).set({ createdAt: at }).where(eq(forumDiscussions.id, id));
  else await getDb().update(forumReplies).set({ createdAt: at }).where(eq(forumReplies.id, id));
}
