import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { assertCan, assertSignedIn } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { isLanguage, type Language } from "#app/lib/i18n";
import { markdownToPlainText } from "#app/lib/markdown.server";
import { checkEdit, checkPublish } from "#app/platform/moderation/moderation.server";
import { publicName, userSummaries } from "#app/platform/people/people.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { editWindowMinutes, repliesPerPage } from "./forms";
import { indexDiscussion } from "./indexing.server";
import { notifyFollowers } from "./notifications.server";
import { forumCategories, forumDiscussions, forumFollows, forumLikes, forumReplies } from "./schema";

// The forums' discussions and replies (their authors'), likes and follows, and the helpers the
// other forum modules share: categories (forum-categories.server.ts), moderation by admins
// (forum-admin.server.ts) and a member's own activity (forum-mine.server.ts). Every write checks
// permission, runs in one transaction, and declares the "forums" content kind when what a public
// page shows changes. Statuses follow the moderation contract.

export type PostStatus = "published" | "pending" | "hidden" | "deleted";
type Viewer = Actor | null | undefined;

export const categoryScope = (categoryId: string) => ({ type: "forum-category", id: categoryId });

/** Ids come from forms and URLs: anything that is not a uuid names nothing (and never reaches SQL as one). */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export function localized<T extends { nameEn: string; nameEs: string; descriptionEn: string; descriptionEs: string }>(
  row: T,
  language: Language,
) {
  return {
    name: language === "es" ? row.nameEs || row.nameEn : row.nameEn || row.nameEs,
    description: language === "es" ? row.descriptionEs || row.descriptionEn : row.descriptionEn || row.descriptionEs,
  };
}

export function excerptOf(markdown: string, length = 180) {
  const text = markdownToPlainText(markdown);
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}

async function authorNames(ids: (string | null)[], executor: Executor = getDb()) {
  const people = await userSummaries(
    ids.filter((id): id is string => Boolean(id)),
    executor,
  );
  return (row: { authorId: string | null; demoAuthorName: string | null }) =>
    row.demoAuthorName ??
    (row.authorId ? publicName(people.get(row.authorId) ?? { firstName: null, lastName: null, name: null }) : null);
}

/** Whether the viewer may see an item with this status written by this author. */
function visibleTo(viewer: Viewer, item: { status: string; authorId: string | null }) {
  if (item.status === "published") return true;
  if (item.status === "deleted") return false;
  if (viewer && item.authorId === viewer.id) return true;
  return can(viewer, "manage:forum:any");
}

/** Authors edit for `editWindowMinutes` after writing; those who may edit any post, always. */
export function canEditPost(
  viewer: Viewer,
  item: { authorId: string | null; createdAt: Date; status: string },
  now = new Date(),
) {
  if (!viewer || item.status === "deleted") return false;
  if (can(viewer, "update:forum-post:any")) return true;
  if (!can(viewer, "update:forum-post:own", { ownerId: item.authorId })) return false;
  return now.getTime() - item.createdAt.getTime() <= editWindowMinutes * 60_000;
}

export function canDeletePost(viewer: Viewer, item: { authorId: string | null; status: string }) {
  return (
    Boolean(viewer) && item.status !== "deleted" && can(viewer, "delete:forum-post:own", { ownerId: item.authorId })
  );
}

// ---------------------------------------------------------------------------------------------
// Discussions: lists

export interface DiscussionListItem {
  id: string;
  title: string;
  excerpt: string;
  language: Language;
  status: PostStatus;
  pinned: boolean;
  locked: boolean;
  replyCount: number;
  likeCount: number;
  lastActivityAt: string;
  createdAt: string;
  author: string | null;
  isDemo: boolean;
  category: { slug: string; name: string };
}

export const listColumns = {
  id: forumDiscussions.id,
  title: forumDiscussions.title,
  body: forumDiscussions.body,
  language: forumDiscussions.language,
  status: forumDiscussions.status,
  pinned: forumDiscussions.pinned,
  locked: forumDiscussions.locked,
  replyCount: forumDiscussions.replyCount,
  likeCount: forumDiscussions.likeCount,
  lastActivityAt: forumDiscussions.lastActivityAt,
  createdAt: forumDiscussions.createdAt,
  authorId: forumDiscussions.authorId,
  demoAuthorName: forumDiscussions.demoAuthorName,
  isDemo: forumDiscussions.isDemo,
  categorySlug: forumCategories.slug,
  nameEn: forumCategories.nameEn,
  nameEs: forumCategories.nameEs,
  descriptionEn: forumCategories.descriptionEn,
  descriptionEs: forumCategories.descriptionEs,
};

type ListRow = Omit<
  { [K in keyof typeof listColumns]: (typeof listColumns)[K]["_"]["data"] },
  "authorId" | "demoAuthorName"
> & {
  authorId: string | null;
  demoAuthorName: string | null;
};

export async function toListItems(rows: ListRow[], language: Language): Promise<DiscussionListItem[]> {
  const nameOf = await authorNames(rows.map((row) => row.authorId));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    excerpt: excerptOf(row.body),
    language: isLanguage(row.language) ? row.language : "en",
    status: row.status as PostStatus,
    pinned: row.pinned,
    locked: row.locked,
    replyCount: row.replyCount,
    likeCount: row.likeCount,
    lastActivityAt: row.lastActivityAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    author: nameOf(row),
    isDemo: row.isDemo,
    category: { slug: row.categorySlug, name: localized(row, language).name },
  }));
}

/** Public discussions, most recently active first (all categories), for the community page. */
export async function listLatestDiscussions(options: { language: Language; limit?: number }) {
  const rows = await getDb()
    .select(listColumns)
    .from(forumDiscussions)
    .innerJoin(forumCategories, eq(forumCategories.id, forumDiscussions.categoryId))
    .where(eq(forumDiscussions.status, "published"))
    .orderBy(desc(forumDiscussions.lastActivityAt))
    .limit(Math.min(options.limit ?? 5, 50));
  return toListItems(rows, options.language);
}

/** The latest public discussion of each category, by category id. */
export async function latestByCategory(options: { language: Language }) {
  const rows = await getDb()
    .selectDistinctOn([forumDiscussions.categoryId], { ...listColumns, categoryId: forumDiscussions.categoryId })
    .from(forumDiscussions)
    .innerJoin(forumCategories, eq(forumCategories.id, forumDiscussions.categoryId))
    .where(eq(forumDiscussions.status, "published"))
    .orderBy(forumDiscussions.categoryId, desc(forumDiscussions.lastActivityAt));
  const items = await toListItems(rows, options.language);
  return new Map(rows.map((row, index) => [row.categoryId, items[index]]));
}

export const discussionsPerPage = 20;

/**
 * A category's public discussions, pinned first, then by last activity. Anonymous pages are
 * cached, so the viewer's own pending threads are a separate read (listMyPendingDiscussions).
 */
export async function listCategoryDiscussions(options: { categoryId: string; language: Language; page: number }) {
  const where = and(eq(forumDiscussions.categoryId, options.categoryId), eq(forumDiscussions.status, "published"));
  const [total] = await getDb().select({ n: count() }).from(forumDiscussions).where(where);
  const pageCount = Math.max(1, Math.ceil(Number(total?.n ?? 0) / discussionsPerPage));
  const page = Math.min(Math.max(1, options.page), pageCount);
  const rows = await getDb()
    .select(listColumns)
    .from(forumDiscussions)
    .innerJoin(forumCategories, eq(forumCategories.id, forumDiscussions.categoryId))
    .where(where)
    .orderBy(desc(forumDiscussions.pinned), desc(forumDiscussions.lastActivityAt), desc(forumDiscussions.id))
    .limit(discussionsPerPage)
    .offset((page - 1) * discussionsPerPage);
  return { items: await toListItems(rows, options.language), page, pageCount, total: Number(total?.n ?? 0) };
}

/** The viewer's own discussions waiting for review in a category (shown to them alone). */
export async function listMyPendingDiscussions(options: { categoryId?: string; actor: Actor; language: Language }) {
  const rows = await getDb()
    .select(listColumns)
    .from(forumDiscussions)
    .innerJoin(forumCategories, eq(forumCategories.id, forumDiscussions.categoryId))
    .where(
      and(
        eq(forumDiscussions.authorId, options.actor.id),
        eq(forumDiscussions.status, "pending"),
        options.categoryId ? eq(forumDiscussions.categoryId, options.categoryId) : undefined,
      ),
    )
    .orderBy(desc(forumDiscussions.createdAt))
    .limit(20);
  return toListItems(rows, options.language);
}

// ---------------------------------------------------------------------------------------------
// A discussion and its replies

export async function getDiscussion(options: { id: string; viewer: Viewer; language: Language }) {
  if (!isUuid(options.id)) throw new AppError("not_found", "community:post.notFound");
  const [row] = await getDb()
    .select({
      ...listColumns,
      categoryId: forumDiscussions.categoryId,
      editedAt: forumDiscussions.editedAt,
    })
    .from(forumDiscussions)
    .innerJoin(forumCategories, eq(forumCategories.id, forumDiscussions.categoryId))
    .where(eq(forumDiscussions.id, options.id));
  if (!row || !visibleTo(options.viewer, row)) throw new AppError("not_found", "community:post.notFound");
  const nameOf = await authorNames([row.authorId]);
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    language: (isLanguage(row.language) ? row.language : "en") as Language,
    status: row.status as PostStatus,
    pinned: row.pinned,
    locked: row.locked,
    replyCount: row.replyCount,
    likeCount: row.likeCount,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    lastActivityAt: row.lastActivityAt,
    authorId: row.authorId,
    author: nameOf(row),
    isDemo: row.isDemo,
    category: { id: row.categoryId, slug: row.categorySlug, ...localized(row, options.language) },
  };
}

export type Discussion = Awaited<ReturnType<typeof getDiscussion>>;

/** Statuses every reader sees in the thread: published replies, and deleted ones as a marker. */
const sharedReplyStatuses = ["published", "deleted"];

function replyVisibility(discussionId: string, viewer: Viewer) {
  const base = eq(forumReplies.discussionId, discussionId);
  if (can(viewer, "manage:forum:any")) return base;
  const shared = inArray(forumReplies.status, sharedReplyStatuses);
  return and(
    base,
    viewer ? or(shared, and(eq(forumReplies.authorId, viewer.id), eq(forumReplies.status, "pending"))) : shared,
  );
}

/** One page of a discussion's replies, oldest first, with what each quotes. */
export async function listReplies(options: { discussionId: string; viewer: Viewer; page: number }) {
  const db = getDb();
  // Every visible reply's id in order: a quote links to the page its reply is on.
  const order = await db
    .select({ id: forumReplies.id })
    .from(forumReplies)
    .where(replyVisibility(options.discussionId, options.viewer))
    .orderBy(asc(forumReplies.createdAt), asc(forumReplies.id));
  const pageCount = Math.max(1, Math.ceil(order.length / repliesPerPage));
  const page = Math.min(Math.max(1, options.page), pageCount);
  const ids = order.slice((page - 1) * repliesPerPage, page * repliesPerPage).map((row) => row.id);
  const pageOf = new Map(order.map((row, index) => [row.id, Math.floor(index / repliesPerPage) + 1]));
  if (!ids.length) return { items: [], page, pageCount, total: order.length };
  const rows = await db
    .select({
      id: forumReplies.id,
      body: forumReplies.body,
      language: forumReplies.language,
      status: forumReplies.status,
      authorId: forumReplies.authorId,
      demoAuthorName: forumReplies.demoAuthorName,
      quotedReplyId: forumReplies.quotedReplyId,
      quotesPost: forumReplies.quotesPost,
      likeCount: forumReplies.likeCount,
      editedAt: forumReplies.editedAt,
      createdAt: forumReplies.createdAt,
      isDemo: forumReplies.isDemo,
    })
    .from(forumReplies)
    .where(inArray(forumReplies.id, ids))
    .orderBy(asc(forumReplies.createdAt), asc(forumReplies.id));
  const quotedIds = rows.flatMap((row) => row.quotedReplyId ?? []);
  const quoted = quotedIds.length
    ? await db
        .select({
          id: forumReplies.id,
          body: forumReplies.body,
          status: forumReplies.status,
          authorId: forumReplies.authorId,
          demoAuthorName: forumReplies.demoAuthorName,
        })
        .from(forumReplies)
        .where(inArray(forumReplies.id, quotedIds))
    : [];
  const nameOf = await authorNames([...rows, ...quoted].map((row) => row.authorId));
  const quotedById = new Map(quoted.map((row) => [row.id, row]));
  return {
    items: rows.map((row) => {
      const target = row.quotedReplyId ? quotedById.get(row.quotedReplyId) : undefined;
      const shown = row.status !== "deleted";
      return {
        id: row.id,
        // A deleted reply stays in place as a marker; its words are not sent to anyone.
        body: shown ? row.body : "",
        language: (isLanguage(row.language) ? row.language : "en") as Language,
        status: row.status as PostStatus,
        authorId: row.authorId,
        author: shown ? nameOf(row) : null,
        likeCount: row.likeCount,
        editedAt: row.editedAt,
        createdAt: row.createdAt,
        isDemo: row.isDemo,
        quote: !shown
          ? null
          : row.quotesPost
            ? ({ kind: "post" } as const)
            : target
              ? ({
                  kind: "reply",
                  id: target.id,
                  page: pageOf.get(target.id) ?? null,
                  // Only a published reply's words are repeated in a quote.
                  author: target.status === "published" ? nameOf(target) : null,
                  excerpt: target.status === "published" ? excerptOf(target.body, 280) : null,
                } as const)
              : null,
      };
    }),
    page,
    pageCount,
    total: order.length,
  };
}

export type ReplyItem = Awaited<ReturnType<typeof listReplies>>["items"][number];

/** What the signed-in viewer has done in a thread: following it, and which posts they liked. */
export async function viewerThreadState(options: { discussionId: string; actor: Actor; replyIds: string[] }) {
  const db = getDb();
  const [follow] = await db
    .select({ userId: forumFollows.userId })
    .from(forumFollows)
    .where(and(eq(forumFollows.discussionId, options.discussionId), eq(forumFollows.userId, options.actor.id)));
  const likes = await db
    .select({ targetType: forumLikes.targetType, targetId: forumLikes.targetId })
    .from(forumLikes)
    .where(
      and(
        eq(forumLikes.userId, options.actor.id),
        inArray(forumLikes.targetId, [options.discussionId, ...options.replyIds]),
      ),
    );
  return {
    following: Boolean(follow),
    likedPost: likes.some((like) => like.targetType === "post" && like.targetId === options.discussionId),
    likedReplies: likes.filter((like) => like.targetType === "reply").map((like) => like.targetId),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

export async function loadCategoryForWrite(tx: Executor, categoryId: string) {
  if (!isUuid(categoryId)) throw new AppError("invalid", "community:errors.categoryRequired", { field: "categoryId" });
  const [category] = await tx
    .select({ id: forumCategories.id })
    .from(forumCategories)
    .where(eq(forumCategories.id, categoryId));
  if (!category) throw new AppError("invalid", "community:errors.categoryRequired", { field: "categoryId" });
  return category;
}

/** A new thread; public at once unless moderation holds it ("pending"), when no public page changes. */
export const createDiscussion = defineWrite(
  { contentKinds: (created) => (created.status === "published" ? ["forums"] : []) },
  async (
    options: { actor: Actor; categoryId: string; title: string; body: string; language: Language },
    tx: Executor,
  ) => {
    // Posting may be granted for one category: the check needs the category's scope.
    assertCan(options.actor, "create:forum-post:any", { scope: categoryScope(options.categoryId) });
    await loadCategoryForWrite(tx, options.categoryId);
    const { status } = await checkPublish(
      { actor: options.actor, kind: "forum_post", body: `${options.title}\n\n${options.body}` },
      tx,
    );
    const [row] = await tx
      .insert(forumDiscussions)
      .values({
        categoryId: options.categoryId,
        authorId: options.actor.id,
        title: options.title,
        body: options.body,
        language: options.language,
        status,
      })
      .returning({ id: forumDiscussions.id });
    // The author hears about replies to their own thread (one click stops it).
    await tx.insert(forumFollows).values({ discussionId: row.id, userId: options.actor.id }).onConflictDoNothing();
    if (status === "published") await indexDiscussion(row.id, tx);
    return { id: row.id, status };
  },
);

export async function lockDiscussion(tx: Executor, id: string) {
  if (!isUuid(id)) throw new AppError("not_found", "community:post.notFound");
  const [row] = await tx
    .select({
      id: forumDiscussions.id,
      authorId: forumDiscussions.authorId,
      status: forumDiscussions.status,
      locked: forumDiscussions.locked,
      pinned: forumDiscussions.pinned,
      categoryId: forumDiscussions.categoryId,
      title: forumDiscussions.title,
      createdAt: forumDiscussions.createdAt,
    })
    .from(forumDiscussions)
    .where(eq(forumDiscussions.id, id))
    .for("update");
  if (!row || row.status === "deleted") throw new AppError("not_found", "community:post.notFound");
  return row;
}

/** The audit line of an edit or a deletion: only when someone other than the author (a moderator) made it. */
function byModerator(action: string, targetType: string) {
  return (post: { id: string; authorId: string | null }, options: { actor: Actor }) =>
    post.authorId === options.actor.id ? null : { action, targetType, targetId: post.id };
}

export const editDiscussion = defineWrite(
  { contentKinds: ["forums"], audit: byModerator("forum.post.edit", "forum_post") },
  async (options: { actor: Actor; id: string; title: string; body: string; language: Language }, tx: Executor) => {
    assertSignedIn(options.actor);
    const row = await lockDiscussion(tx, options.id);
    if (!visibleTo(options.actor, row)) throw new AppError("not_found", "community:post.notFound");
    assertCan(options.actor, "update:forum-post:own", { ownerId: row.authorId, scope: categoryScope(row.categoryId) });
    if (!canEditPost(options.actor, row))
      throw new AppError("forbidden", "community:errors.editWindowClosed", { minutes: editWindowMinutes });
    if (row.authorId === options.actor.id) await checkEdit({ actor: options.actor, body: options.body }, tx);
    await tx
      .update(forumDiscussions)
      .set({ title: options.title, body: options.body, language: options.language, editedAt: new Date() })
      .where(eq(forumDiscussions.id, row.id));
    await indexDiscussion(row.id, tx);
    return { id: row.id, authorId: row.authorId };
  },
);

/** The author (or a moderator) deletes a thread: it leaves every public page and the index. */
export const deleteDiscussion = defineWrite(
  { contentKinds: ["forums"], audit: byModerator("forum.post.delete", "forum_post") },
  async (options: { actor: Actor; id: string }, tx: Executor) => {
    assertSignedIn(options.actor);
    const row = await lockDiscussion(tx, options.id);
    if (!visibleTo(options.actor, row)) throw new AppError("not_found", "community:post.notFound");
    assertCan(options.actor, "delete:forum-post:own", { ownerId: row.authorId, scope: categoryScope(row.categoryId) });
    await tx.update(forumDiscussions).set({ status: "deleted" }).where(eq(forumDiscussions.id, row.id));
    await indexDiscussion(row.id, tx);
    return { id: row.id, authorId: row.authorId };
  },
);

/** Published replies and the latest activity of a thread, recomputed from its rows. */
export async function recountDiscussion(discussionId: string, tx: Executor) {
  await tx
    .update(forumDiscussions)
    .set({
      replyCount: sql`(select count(*)::int from ${forumReplies} where ${forumReplies.discussionId} = ${discussionId} and ${forumReplies.status} = 'published')`,
      lastActivityAt: sql`greatest(${forumDiscussions.createdAt}, coalesce((select max(${forumReplies.createdAt}) from ${forumReplies} where ${forumReplies.discussionId} = ${discussionId} and ${forumReplies.status} = 'published'), ${forumDiscussions.createdAt}))`,
    })
    .where(eq(forumDiscussions.id, discussionId));
}

/** A reply; its thread's followers hear of it and public pages change only once it is published. */
export const createReply = defineWrite(
  {
    permission: "create:forum-post:any",
    contentKinds: (reply) => (reply.status === "published" ? ["forums"] : []),
  },
  async (
    options: { actor: Actor; discussionId: string; body: string; language: Language; quote?: string },
    tx: Executor,
  ) => {
    const discussion = await lockDiscussion(tx, options.discussionId);
    if (discussion.status !== "published") throw new AppError("not_found", "community:post.notFound");
    assertCan(options.actor, "create:forum-post:any", { scope: categoryScope(discussion.categoryId) });
    if (discussion.locked && !can(options.actor, "manage:forum:any", { scope: categoryScope(discussion.categoryId) }))
      throw new AppError("forbidden", "community:errors.locked");
    let quotedReplyId: string | null = null;
    let quotesPost = false;
    if (options.quote === "post") quotesPost = true;
    else if (options.quote?.startsWith("reply:")) {
      const [target] = await tx
        .select({ id: forumReplies.id })
        .from(forumReplies)
        .where(
          and(
            eq(forumReplies.id, options.quote.slice("reply:".length)),
            eq(forumReplies.discussionId, discussion.id),
            eq(forumReplies.status, "published"),
          ),
        );
      if (!target) throw new AppError("invalid", "community:errors.quoteGone");
      quotedReplyId = target.id;
    }
    const { status } = await checkPublish({ actor: options.actor, kind: "forum_reply", body: options.body }, tx);
    const [row] = await tx
      .insert(forumReplies)
      .values({
        discussionId: discussion.id,
        authorId: options.actor.id,
        body: options.body,
        language: options.language,
        status,
        quotedReplyId,
        quotesPost,
        notifiedAt: status === "published" ? new Date() : null,
      })
      .returning({ id: forumReplies.id, createdAt: forumReplies.createdAt });
    await tx
      .insert(forumFollows)
      .values({ discussionId: discussion.id, userId: options.actor.id })
      .onConflictDoNothing();
    if (status === "published") {
      await recountDiscussion(discussion.id, tx);
      await notifyFollowers({ discussionId: discussion.id, replyId: row.id, authorId: options.actor.id }, tx);
    }
    return { id: row.id, status };
  },
);

async function lockReply(tx: Executor, id: string) {
  if (!isUuid(id)) throw new AppError("not_found", "community:reply.notFound");
  const [row] = await tx
    .select({
      id: forumReplies.id,
      discussionId: forumReplies.discussionId,
      authorId: forumReplies.authorId,
      status: forumReplies.status,
      createdAt: forumReplies.createdAt,
      categoryId: forumDiscussions.categoryId,
      discussionStatus: forumDiscussions.status,
    })
    .from(forumReplies)
    .innerJoin(forumDiscussions, eq(forumDiscussions.id, forumReplies.discussionId))
    .where(eq(forumReplies.id, id))
    .for("update", { of: forumReplies });
  if (!row || row.status === "deleted" || row.discussionStatus === "deleted")
    throw new AppError("not_found", "community:reply.notFound");
  return row;
}

export const editReply = defineWrite(
  { contentKinds: ["forums"], audit: byModerator("forum.reply.edit", "forum_reply") },
  async (options: { actor: Actor; replyId: string; body: string; language: Language }, tx: Executor) => {
    assertSignedIn(options.actor);
    const row = await lockReply(tx, options.replyId);
    if (!visibleTo(options.actor, row)) throw new AppError("not_found", "community:reply.notFound");
    assertCan(options.actor, "update:forum-post:own", { ownerId: row.authorId, scope: categoryScope(row.categoryId) });
    if (!canEditPost(options.actor, row))
      throw new AppError("forbidden", "community:errors.editWindowClosed", { minutes: editWindowMinutes });
    if (row.authorId === options.actor.id) await checkEdit({ actor: options.actor, body: options.body }, tx);
    await tx
      .update(forumReplies)
      .set({ body: options.body, language: options.language, editedAt: new Date() })
      .where(eq(forumReplies.id, row.id));
    return { id: row.id, authorId: row.authorId };
  },
);

/** Soft delete: the reply stays in its place as "deleted", so the thread still reads in order. */
export const deleteReply = defineWrite(
  { contentKinds: ["forums"], audit: byModerator("forum.reply.delete", "forum_reply") },
  async (options: { actor: Actor; replyId: string }, tx: Executor) => {
    assertSignedIn(options.actor);
    const row = await lockReply(tx, options.replyId);
    if (!visibleTo(options.actor, row)) throw new AppError("not_found", "community:reply.notFound");
    assertCan(options.actor, "delete:forum-post:own", { ownerId: row.authorId, scope: categoryScope(row.categoryId) });
    await tx.update(forumReplies).set({ status: "deleted", deletedAt: new Date() }).where(eq(forumReplies.id, row.id));
    await recountDiscussion(row.discussionId, tx);
    return { id: row.id, authorId: row.authorId };
  },
);

/** Likes a published post or reply, or takes the like back. Returns whether it is liked now. */
export const toggleLike = defineWrite(
  { permission: "react:forum-post:any", contentKinds: ["forums"] },
  async (options: { actor: Actor; target: "post" | "reply"; id: string }, tx: Executor) => {
    if (!isUuid(options.id)) throw new AppError("not_found", "community:post.notFound");
    const table = options.target === "post" ? forumDiscussions : forumReplies;
    const [item] = await tx
      .select({ id: table.id, authorId: table.authorId, status: table.status })
      .from(table)
      .where(eq(table.id, options.id))
      .for("update");
    if (!item || item.status !== "published") throw new AppError("not_found", "community:post.notFound");
    if (item.authorId === options.actor.id) throw new AppError("forbidden", "community:errors.ownLike");
    const removed = await tx
      .delete(forumLikes)
      .where(
        and(
          eq(forumLikes.targetType, options.target),
          eq(forumLikes.targetId, item.id),
          eq(forumLikes.userId, options.actor.id),
        ),
      )
      .returning({ userId: forumLikes.userId });
    if (!removed.length)
      await tx.insert(forumLikes).values({ targetType: options.target, targetId: item.id, userId: options.actor.id });
    await tx
      .update(table)
      .set({
        likeCount: sql`(select count(*)::int from ${forumLikes} where ${forumLikes.targetType} = ${options.target} and ${forumLikes.targetId} = ${item.id})`,
      })
      .where(eq(table.id, item.id));
    return { liked: !removed.length };
  },
);

/** Follows (emails about new replies) are the member's own: no public page shows them. */
export const setFollowing = defineWrite(
  { permission: "react:forum-post:any", contentKinds: [] },
  async (options: { actor: Actor; discussionId: string; follow: boolean }, tx: Executor) => {
    if (options.follow) {
      const row = await lockDiscussion(tx, options.discussionId);
      if (!visibleTo(options.actor, row)) throw new AppError("not_found", "community:post.notFound");
      await tx.insert(forumFollows).values({ discussionId: row.id, userId: options.actor.id }).onConflictDoNothing();
    } else {
      if (!isUuid(options.discussionId)) return;
      await tx
        .delete(forumFollows)
        .where(and(eq(forumFollows.discussionId, options.discussionId), eq(forumFollows.userId, options.actor.id)));
    }
  },
);
