import { and, eq, gte, inArray } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { assertSignedIn, suspendedError } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { accountStanding } from "#app/platform/people/people.server";
import { moderationLimits as limits, type ModeratedKind, type TrustLevel } from "./kinds";
import { registeredAdapters } from "./registry.server";
import { moderationNotices } from "./schema";
import { activeSuspension } from "./suspension.server";

// Trust levels and what they allow (docs/moderation.md). "new" accounts post under limits and
// their first items wait for an admin; only reports from non-new accounts count towards hiding.

const day = 24 * 60 * 60 * 1000;

/** Decisions that mean a report against the author was upheld. */
const upheldDecisions = ["hide", "delete", "warn", "suspend"];

// One kind after another, not all at once: the executor is often a transaction, one connection,
// and pg runs a connection's queries one at a time anyway (it warns, and its next major version
// refuses, when they are sent together).
async function countAcrossKinds(count: (adapter: ReturnType<typeof registeredAdapters>[number]) => Promise<number>) {
  let total = 0;
  for (const adapter of registeredAdapters()) total += await count(adapter);
  return total;
}

function publishedItems(userId: string, executor: Executor) {
  return countAcrossKinds((adapter) => adapter.countByAuthor({ authorId: userId, status: "published" }, executor));
}

function itemsSince(userId: string, since: Date | undefined, executor: Executor) {
  return countAcrossKinds((adapter) => adapter.countByAuthor({ authorId: userId, since }, executor));
}

/** Trust level, from account age and published activity: "new" | "member" | "trusted". Admins are trusted. */
export async function trustLevelOf(options: { userId: string }, executor: Executor = getDb()): Promise<TrustLevel> {
  const user = await accountStanding(options.userId, executor);
  if (!user) return "new";
  // Whoever may moderate (admins) is trusted.
  if (can({ id: options.userId, role: user.role }, "moderate:content:any")) return "trusted";
  const ageDays = (Date.now() - user.createdAt.getTime()) / day;
  const published = await publishedItems(options.userId, executor);
  if (ageDays < limits.newAccountDays || published < limits.newAccountPublished) return "new";
  if (ageDays < limits.trustedAccountDays || published < limits.trustedPublished) return "member";
  const upheld = await executor
    .select({ id: moderationNotices.id })
    .from(moderationNotices)
    .where(
      and(
        eq(moderationNotices.userId, options.userId),
        inArray(moderationNotices.decision, upheldDecisions),
        gte(moderationNotices.createdAt, new Date(Date.now() - limits.trustedCleanDays * day)),
      ),
    )
    .limit(1);
  return upheld.length ? "member" : "trusted";
}

/** Links in a body: bare http(s) URLs, www. addresses and Markdown links, each counted once. */
export function countLinks(body: string): number {
  return (body.match(/\bhttps?:\/\/[^\s<>)\]]+|\bwww\.[^\s<>)\]]+/gi) ?? []).length;
}

/** @mentions in a body (an @ not preceded by a word character, so e-mail addresses do not count). */
export function countMentions(body: string): number {
  return (body.match(/(?<![\w@.])@[\p{L}\p{N}_.-]{2,}/gu) ?? []).length;
}

/**
 * Call before publishing anything user-written, inside the writing transaction. Throws the
 * translated AppError when the actor is suspended or over a new-account limit (posts per hour,
 * links, mentions). Returns the status the new item starts with: 'pending' for a new account's
 * first posts, otherwise 'published'.
 */
/** A new account's limits on what one item may hold: links and @mentions. */
function assertNewAccountBody(body: string) {
  if (countLinks(body) > limits.newAccountLinksPerPost) {
    throw new AppError("invalid", "moderation:errors.tooManyLinks", {
      field: "body",
      count: limits.newAccountLinksPerPost,
    });
  }
  if (countMentions(body) > limits.newAccountMentionsPerPost) {
    throw new AppError("invalid", "moderation:errors.tooManyMentions", {
      field: "body",
      count: limits.newAccountMentionsPerPost,
    });
  }
}

/**
 * Call before saving an edit of something the actor wrote, inside the writing transaction: a
 * suspended author cannot edit, and a new account's edit keeps to the same link and mention
 * limits as its posts (otherwise a post could be published plain and filled with links after).
 * The item keeps its status; an edit is not a new post, so the hourly count does not apply.
 */
export async function checkEdit(options: { actor: Actor; body: string }, executor: Executor = getDb()) {
  const { actor } = options;
  assertSignedIn(actor);
  const suspension = await activeSuspension(actor.id, executor);
  if (suspension) throw suspendedError(suspension);
  if ((await trustLevelOf({ userId: actor.id }, executor)) === "new") assertNewAccountBody(options.body);
}

export async function checkPublish(
  options: { actor: Actor; kind: ModeratedKind; body: string },
  executor: Executor = getDb(),
): Promise<{ status: "published" | "pending" }> {
  const { actor } = options;
  assertSignedIn(actor);
  // Read again here, not only from the session: a suspension decided a second ago applies now.
  const suspension = await activeSuspension(actor.id, executor);
  if (suspension) throw suspendedError(suspension);
  const level = await trustLevelOf({ userId: actor.id }, executor);
  if (level !== "new") return { status: "published" };
  assertNewAccountBody(options.body);
  const lastHour = await itemsSince(actor.id, new Date(Date.now() - 60 * 60 * 1000), executor);
  if (lastHour >= limits.newAccountPostsPerHour) {
    throw new AppError("rate_limited", "moderation:errors.tooManyPosts", {
      count: limits.newAccountPostsPerHour,
      retryAfterSeconds: 60 * 60,
    });
  }
  const everything = await itemsSince(actor.id, undefined, executor);
  return { status: everything < limits.newAccountQueuedPosts ? "pending" : "published" };
}
