import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { siteOrigin } from "#app/lib/env.server";
import { AppError } from "#app/lib/errors";
import { type Language, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { userSummaries } from "#app/platform/people/people.server";
import {
  type EngagementListing,
  engagementListing,
  engagementListingsOwnedBy,
} from "#app/platform/plans/engagement.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { messageLimits, messageRateLimit } from "./constants";
import type { VisitorMessageInput } from "./forms";
import { messageThreads, threadMessages } from "./schema";

// Messages: visitors write to a premium business from its page; the owner reads and
// answers in the dashboard inbox; answers reach the visitor by email (through the outbox). Only the
// listing's owner sees its threads; someone else's thread looks like a missing one.

function notFound() {
  return new AppError("not_found", "messages:errors.notFound");
}

function inboxUrl(threadId: string, language: Language) {
  return `${siteOrigin()}${localizePath(`/dashboard/messages/${threadId}`, language)}`;
}

function businessUrl(slug: string, language: Language) {
  return `${siteOrigin()}${localizePath(`/business/${slug}`, language)}`;
}

/**
 * A visitor writes to a business. Limited per address and per email (spam), refused for listings
 * whose plan has no contact. A second message from the same email joins its thread.
 */
export async function sendBusinessMessage(
  options: {
    businessId: string;
    input: VisitorMessageInput;
    language: Language;
    user: Actor | null;
    clientIp: string;
  },
  executor?: Executor,
): Promise<{ threadId: string }> {
  const { input } = options;
  const email = input.email.toLowerCase();
  await consumeRateLimit({
    key: `message:ip:${options.clientIp}`,
    points: messageRateLimit.perIp,
    durationSeconds: messageRateLimit.windowSeconds,
  });
  await consumeRateLimit({
    key: `message:email:${email}`,
    points: messageRateLimit.perEmail,
    durationSeconds: messageRateLimit.windowSeconds,
  });
  await consumeRateLimit({
    key: `message:to-business:${options.businessId}`,
    points: messageRateLimit.perBusiness,
    durationSeconds: messageRateLimit.windowSeconds,
  });
  return insertVisitorMessage(
    { businessId: options.businessId, input, language: options.language, user: options.user },
    executor,
  );
}

/** sendBusinessMessage's transaction, once the limits are spent. No public page shows messages. */
const insertVisitorMessage = defineWrite(
  { contentKinds: [] },
  async (
    options: { businessId: string; input: VisitorMessageInput; language: Language; user: Actor | null },
    tx: Executor,
  ): Promise<{ threadId: string }> => {
    const { input } = options;
    const email = input.email.toLowerCase();
    const listing = await engagementListing({ id: options.businessId }, tx);
    if (!listing?.isVerified || !listing.ownerId) throw notFound();
    if (!listing.isPremium) throw new AppError("forbidden", "messages:errors.notAvailable");
    const [existing] = await tx
      .select({ id: messageThreads.id })
      .from(messageThreads)
      .where(and(eq(messageThreads.businessId, listing.id), eq(messageThreads.visitorEmail, email)))
      .orderBy(desc(messageThreads.lastMessageAt))
      .limit(1)
      .for("update");
    let threadId = existing?.id;
    if (threadId) {
      await tx
        .update(messageThreads)
        .set({
          ownerUnread: sql`${messageThreads.ownerUnread} + 1`,
          lastMessageAt: new Date(),
          visitorName: input.name,
          language: options.language,
        })
        .where(eq(messageThreads.id, threadId));
    } else {
      const [row] = await tx
        .insert(messageThreads)
        .values({
          businessId: listing.id,
          visitorName: input.name,
          visitorEmail: email,
          visitorUserId: options.user?.id ?? null,
          language: options.language,
          ownerUnread: 1,
        })
        .returning({ id: messageThreads.id });
      threadId = row.id;
    }
    await tx.insert(threadMessages).values({ threadId, businessId: listing.id, sender: "visitor", body: input.body });
    await notifyOwner(tx, listing, threadId, input);
    return { threadId };
  },
);

async function notifyOwner(tx: Executor, listing: EngagementListing, threadId: string, input: VisitorMessageInput) {
  if (!listing.ownerId) return;
  const owner = (await userSummaries([listing.ownerId], tx)).get(listing.ownerId);
  if (!owner) return;
  const language: Language = owner.preferredLanguage === "es" ? "es" : "en";
  const t = await getTranslator(language);
  await sendEmail(
    {
      to: owner.email,
      subject: t("messages:email.toOwner.subject", { business: listing.name, name: input.name }),
      text: t("messages:email.toOwner.text", {
        business: listing.name,
        name: input.name,
        body: input.body,
        url: inboxUrl(threadId, language),
      }),
    },
    tx,
  );
}

export interface ThreadSummary {
  id: string;
  businessId: string;
  businessName: string;
  visitorName: string;
  visitorEmail: string;
  unread: number;
  lastMessageAt: string;
  preview: string;
}

/** The inbox: every thread of the actor's listings, newest first, with unread counts. */
export async function listInbox(options: { actor: Actor }): Promise<{
  threads: ThreadSummary[];
  listings: { id: string; name: string; isPremium: boolean }[];
}> {
  const listings = await engagementListingsOwnedBy(options.actor.id);
  for (const listing of listings) assertCan(options.actor, "manage:business-message:own", { ownerId: listing.ownerId });
  if (!listings.length) return { threads: [], listings: [] };
  const names = new Map(listings.map((listing) => [listing.id, listing.name]));
  const rows = await getDb()
    .select({
      id: messageThreads.id,
      businessId: messageThreads.businessId,
      visitorName: messageThreads.visitorName,
      visitorEmail: messageThreads.visitorEmail,
      unread: messageThreads.ownerUnread,
      lastMessageAt: messageThreads.lastMessageAt,
      // The newest message's start; qualified by hand, as the subquery's columns share names with the outer table.
      preview: sql<string>`(select left(tm.body, 140) from thread_messages tm
        where tm.thread_id = message_threads.id order by tm.id desc limit 1)`,
    })
    .from(messageThreads)
    .where(inArray(messageThreads.businessId, [...names.keys()]))
    .orderBy(desc(messageThreads.lastMessageAt))
    .limit(messageLimits.threadsPerPage);
  return {
    threads: rows.map((row) => ({
      ...row,
      businessName: names.get(row.businessId) ?? "—",
      lastMessageAt: row.lastMessageAt.toISOString(),
      preview: row.preview ?? "",
    })),
    listings: listings.map((listing) => ({ id: listing.id, name: listing.name, isPremium: listing.isPremium })),
  };
}

/** The thread and its owner, refused (as missing) to anyone but the listing's owner. */
async function ownedThread(actor: Actor, threadId: string, executor: Executor, lock = false) {
  const query = executor.select().from(messageThreads).where(eq(messageThreads.id, threadId));
  const [thread] = lock ? await query.for("update") : await query;
  if (!thread) throw notFound();
  const listing = await engagementListing({ id: thread.businessId }, executor);
  // Anyone else's thread answers exactly like a missing one.
  if (!listing?.ownerId || !can(actor, "manage:business-message:own", { ownerId: listing.ownerId })) throw notFound();
  return { thread, listing };
}

/** Refuses (as missing) anyone who may not answer this thread, before a form is even read. */
export async function assertThreadAccess(options: { actor: Actor; threadId: string }) {
  await ownedThread(options.actor, options.threadId, getDb());
}

/** One thread for its owner; opening it marks it read. */
export const openThread = defineWrite(
  { contentKinds: [] },
  async (options: { actor: Actor; threadId: string }, tx: Executor) => {
    const { thread, listing } = await ownedThread(options.actor, options.threadId, tx, true);
    if (thread.ownerUnread > 0)
      await tx.update(messageThreads).set({ ownerUnread: 0 }).where(eq(messageThreads.id, thread.id));
    const messages = await tx
      .select({
        id: threadMessages.id,
        sender: threadMessages.sender,
        body: threadMessages.body,
        createdAt: threadMessages.createdAt,
      })
      .from(threadMessages)
      .where(eq(threadMessages.threadId, thread.id))
      .orderBy(threadMessages.id);
    return {
      thread: {
        id: thread.id,
        visitorName: thread.visitorName,
        visitorEmail: thread.visitorEmail,
        businessName: listing.name,
        businessSlug: listing.slug,
      },
      messages: messages.map((message) => ({
        id: message.id,
        sender: message.sender as "visitor" | "owner",
        body: message.body,
        createdAt: message.createdAt.toISOString(),
      })),
    };
  },
);

/** The owner answers; the visitor gets it by email (in the language they wrote in). */
export async function replyToThread(options: { actor: Actor; threadId: string; body: string }, executor?: Executor) {
  await consumeRateLimit({
    key: `message:reply:${options.actor.id}`,
    points: messageRateLimit.repliesPerOwner,
    durationSeconds: messageRateLimit.windowSeconds,
  });
  return insertOwnerReply(options, executor);
}

/** replyToThread's transaction, once the owner's own limit is spent. No public page shows messages. */
const insertOwnerReply = defineWrite(
  { contentKinds: [] },
  async (options: { actor: Actor; threadId: string; body: string }, tx: Executor) => {
    const { thread, listing } = await ownedThread(options.actor, options.threadId, tx, true);
    // Counted only once the thread is known to be the actor's: a guessed id spends nobody's limit.
    await consumeRateLimit({
      key: `message:reply-to:${thread.visitorEmail}`,
      points: messageRateLimit.repliesPerVisitorEmail,
      durationSeconds: messageRateLimit.windowSeconds,
    });
    await tx
      .insert(threadMessages)
      .values({ threadId: thread.id, businessId: listing.id, sender: "owner", body: options.body });
    await tx
      .update(messageThreads)
      .set({ lastMessageAt: new Date(), ownerUnread: 0 })
      .where(eq(messageThreads.id, thread.id));
    const language: Language = thread.language === "es" ? "es" : "en";
    const t = await getTranslator(language);
    await sendEmail(
      {
        to: thread.visitorEmail,
        subject: t("messages:email.toVisitor.subject", { business: listing.name }),
        text: t("messages:email.toVisitor.text", {
          name: thread.visitorName,
          business: listing.name,
          body: options.body,
          url: businessUrl(listing.slug, language),
        }),
      },
      tx,
    );
  },
);

// ---------------------------------------------------------------------------------------------
// Reads for the overview and analytics

/** Visitor messages not yet opened, across every listing the person owns. */
export async function unreadMessageCount(options: { ownerId: string }, executor: Executor = getDb()): Promise<number> {
  const listings = await engagementListingsOwnedBy(options.ownerId, executor);
  if (!listings.length) return 0;
  const [row] = await executor
    .select({ n: sql<number>`coalesce(sum(${messageThreads.ownerUnread}), 0)::int` })
    .from(messageThreads)
    .where(
      inArray(
        messageThreads.businessId,
        listings.map((listing) => listing.id),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Unread visitor messages per business id, over the owner's listings: the overview's tiles. */
export async function unreadMessagesByBusiness(
  options: { ownerId: string },
  executor: Executor = getDb(),
): Promise<Record<string, number>> {
  const listings = await engagementListingsOwnedBy(options.ownerId, executor);
  if (!listings.length) return {};
  const rows = await executor
    .select({
      businessId: messageThreads.businessId,
      n: sql<number>`coalesce(sum(${messageThreads.ownerUnread}), 0)::int`,
    })
    .from(messageThreads)
    .where(
      inArray(
        messageThreads.businessId,
        listings.map((listing) => listing.id),
      ),
    )
    .groupBy(messageThreads.businessId);
  return Object.fromEntries(rows.map((row) => [row.businessId, Number(row.n)]));
}

/** Visitor messages received per local day (YYYY-MM-DD) in [since, until): analytics' series. */
export async function visitorMessagesPerDay(
  options: { businessId: string; since: Date; until: Date; timeZone: string },
  executor: Executor = getDb(),
): Promise<Map<string, number>> {
  const rows = await executor
    .select({
      day: sql<string>`to_char(${threadMessages.createdAt} at time zone ${options.timeZone}, 'YYYY-MM-DD')`,
      n: sql<number>`count(*)::int`,
    })
    .from(threadMessages)
    .where(
      and(
        eq(threadMessages.businessId, options.businessId),
        eq(threadMessages.sender, "visitor"),
        gte(threadMessages.createdAt, options.since),
        lt(threadMessages.createdAt, options.until),
      ),
    )
    // By position: the time zone is a parameter, so a repeated expression would not match.
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}
