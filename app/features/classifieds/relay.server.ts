import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { env } from "#app/lib/env.server";
import { AppError, isAppError } from "#app/lib/errors";
import { isLanguage, type Language } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { emailLink } from "#app/platform/accounts/auth.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { publicName, userSummaries } from "#app/platform/people/people.server";
import { classifiedLimits } from "./constants";
import { adPath } from "./indexing.server";
import { classifiedAds, classifiedConversations } from "./schema";

// Buyers write to sellers without either address showing. A buyer (signed in: a confirmed address
// we can hold to account, rate-limit and suspend) writes through the ad's form; the outbox mails
// the seller with Reply-To set to relay+<token>@<relay domain>, the token naming this buyer's
// conversation about this ad. The mail provider posts replies to that address to the inbound
// endpoint (api/v1/inbound-mail), which relays them to the other side with the same Reply-To, so
// the two can go on writing from their own mail programs. The relay lives as long as the ad: once
// it expires, is hidden or deleted, nothing more is relayed (a sold ad still relays the
// conversations it has, so buyer and seller can arrange the pick-up; it takes no new ones).

/** The relay addresses' domain: RELAY_MAIL_DOMAIN, else the domain MAIL_FROM sends from. */
export function relayDomain(): string {
  const configured = env().RELAY_MAIL_DOMAIN;
  if (configured) return configured.toLowerCase();
  const from = env().MAIL_FROM.match(/@([^>\s]+)/);
  return (from?.[1] ?? "playahub.local").toLowerCase();
}

export function relayAddress(token: string) {
  return `relay+${token}@${relayDomain()}`;
}

/** The conversation token in a recipient list ("Name <relay+abc@domain>, other@x"), if any. */
export function relayTokenIn(recipients: string): string | null {
  const domain = relayDomain().replace(/[.]/g, "\\.");
  const match = recipients.toLowerCase().match(new RegExp(`relay\\+([0-9a-f]{32})@${domain}`));
  return match?.[1] ?? null;
}

/** The bare address in "Name <a@b.cr>" or "a@b.cr", lower-cased. */
export function bareAddress(value: string): string {
  const angled = value.match(/<([^<>\s]+@[^<>\s]+)>/);
  return (angled?.[1] ?? value.trim()).toLowerCase();
}

function languageOf(person: { preferredLanguage: string } | undefined): Language {
  return person && isLanguage(person.preferredLanguage) ? person.preferredLanguage : "en";
}

async function translatorFor(language: Language) {
  // Loaded on first use, as the account emails do: scripts that import the domain run without it.
  const { getTranslator } = await import("#app/lib/i18n.server");
  return getTranslator(language);
}

/** Whether an ad still carries messages: published and not expired (new contacts also need it unsold). */
function relayOpen(ad: { status: string; expiresAt: Date }, now: Date) {
  return ad.status === "published" && ad.expiresAt > now;
}

/**
 * A signed-in buyer writes to the seller of a listed ad. Rate-limited per sender (an hour and a
 * day); the seller gets the message by email with the relay as Reply-To, never the buyer's address.
 */
export async function contactSeller(
  options: { actor: Actor; adId: string; message: string; now?: Date },
  executor?: Executor,
) {
  assertCan(options.actor, "contact:classified:any");
  const now = options.now ?? new Date();
  const db = executor ?? getDb();
  const [ad] = await db
    .select({
      id: classifiedAds.id,
      slug: classifiedAds.slug,
      title: classifiedAds.title,
      authorId: classifiedAds.authorId,
      status: classifiedAds.status,
      soldAt: classifiedAds.soldAt,
      expiresAt: classifiedAds.expiresAt,
    })
    .from(classifiedAds)
    .where(eq(classifiedAds.id, options.adId));
  if (!ad || ad.status === "deleted") throw new AppError("not_found", "classifieds:errors.notFound");
  if (!relayOpen(ad, now) || ad.soldAt || !ad.authorId)
    throw new AppError("conflict", "classifieds:contact.errors.closed");
  const sellerId = ad.authorId;
  if (ad.authorId === options.actor.id) throw new AppError("conflict", "classifieds:contact.errors.own");
  await consumeRateLimit({
    key: `classifieds:contact:hour:${options.actor.id}`,
    points: classifiedLimits.contactsPerHour,
    durationSeconds: 60 * 60,
  });
  await consumeRateLimit({
    key: `classifieds:contact:day:${options.actor.id}`,
    points: classifiedLimits.contactsPerDay,
    durationSeconds: 24 * 60 * 60,
  });
  return inTransaction(executor, async (tx) => {
    await tx
      .insert(classifiedConversations)
      .values({ adId: ad.id, buyerId: options.actor.id, token: randomBytes(16).toString("hex") })
      .onConflictDoNothing({ target: [classifiedConversations.adId, classifiedConversations.buyerId] });
    const [conversation] = await tx
      .update(classifiedConversations)
      .set({ messageCount: sql`${classifiedConversations.messageCount} + 1`, lastMessageAt: now })
      .where(and(eq(classifiedConversations.adId, ad.id), eq(classifiedConversations.buyerId, options.actor.id)))
      .returning({ id: classifiedConversations.id, token: classifiedConversations.token });
    const people = await userSummaries([sellerId, options.actor.id], tx);
    const seller = people.get(sellerId);
    const buyer = people.get(options.actor.id);
    if (!seller || !buyer) throw new AppError("not_found", "classifieds:errors.notFound");
    const language = languageOf(seller);
    const t = await translatorFor(language);
    await sendEmail(
      {
        to: seller.email,
        subject: t("classifieds:emails.contact.subject", { title: ad.title }),
        text: t("classifieds:emails.contact.text", {
          name: seller.firstName || seller.name,
          buyer: publicName(buyer),
          title: ad.title,
          message: options.message,
          link: emailLink(adPath(ad.slug), language),
          siteName: "Playa Hub",
        }),
        replyTo: relayAddress(conversation.token),
      },
      tx,
    );
    return { conversationId: conversation.id };
  });
}

export type RelayOutcome =
  | { relayed: true; to: "buyer" | "seller" }
  | { relayed: false; reason: "no-conversation" | "closed" | "unknown-sender" | "empty" | "rate-limited" };

/**
 * A reply that reached a relay address (from the mail provider's webhook): relayed to the other
 * side of the conversation when it comes from one of its two people and the ad is still open.
 * Refusals send nothing. Quoted history below the reply is passed on as written (mail programs
 * quote the relayed message, which never holds an address of ours).
 */
export async function relayInboundMail(
  options: {
    to: string;
    from: string;
    subject?: string;
    text: string;
    now?: Date;
  },
  executor?: Executor,
): Promise<RelayOutcome> {
  const now = options.now ?? new Date();
  const token = relayTokenIn(options.to);
  if (!token) return { relayed: false, reason: "no-conversation" };
  const body = options.text.replace(/\r\n/g, "\n").trim().slice(0, 10_000);
  const db = executor ?? getDb();
  const [row] = await db
    .select({
      id: classifiedConversations.id,
      buyerId: classifiedConversations.buyerId,
      adSlug: classifiedAds.slug,
      title: classifiedAds.title,
      sellerId: classifiedAds.authorId,
      status: classifiedAds.status,
      expiresAt: classifiedAds.expiresAt,
    })
    .from(classifiedConversations)
    .innerJoin(classifiedAds, eq(classifiedAds.id, classifiedConversations.adId))
    .where(eq(classifiedConversations.token, token));
  if (!row) return { relayed: false, reason: "no-conversation" };
  if (!relayOpen(row, now)) {
    logger.info({ conversation: row.id }, "relay refused: the ad is no longer listed");
    return { relayed: false, reason: "closed" };
  }
  if (!row.sellerId) return { relayed: false, reason: "closed" };
  const people = await userSummaries([row.sellerId, row.buyerId], db);
  const seller = people.get(row.sellerId);
  const buyer = people.get(row.buyerId);
  if (!seller || !buyer) return { relayed: false, reason: "closed" };
  const sender = bareAddress(options.from);
  const direction =
    sender === seller.email.toLowerCase() ? "buyer" : sender === buyer.email.toLowerCase() ? "seller" : null;
  // Only the conversation's two people may write through it: a leaked relay address is no open relay.
  if (!direction) return { relayed: false, reason: "unknown-sender" };
  if (!body) return { relayed: false, reason: "empty" };
  // Over the conversation's hourly limit: refused like a closed relay (the mail provider must not
  // see an error, or it retries and the storm goes on).
  try {
    await consumeRateLimit({
      key: `classifieds:relay:${row.id}`,
      points: classifiedLimits.relayedPerConversationHour,
      durationSeconds: 60 * 60,
    });
  } catch (error) {
    if (isAppError(error) && error.code === "rate_limited") return { relayed: false, reason: "rate-limited" };
    throw error;
  }
  const recipient = direction === "buyer" ? buyer : seller;
  const author = direction === "buyer" ? seller : buyer;
  const language = languageOf(recipient);
  const t = await translatorFor(language);
  await inTransaction(executor, async (tx) => {
    await tx
      .update(classifiedConversations)
      .set({ messageCount: sql`${classifiedConversations.messageCount} + 1`, lastMessageAt: now })
      .where(eq(classifiedConversations.id, row.id));
    await sendEmail(
      {
        to: recipient.email,
        subject: t("classifieds:emails.relay.subject", { title: row.title }),
        text: t(direction === "buyer" ? "classifieds:emails.relay.toBuyer" : "classifieds:emails.relay.toSeller", {
          name: recipient.firstName || recipient.name,
          author: publicName(author),
          title: row.title,
          message: body,
          link: emailLink(adPath(row.adSlug), language),
          siteName: "Playa Hub",
        }),
        replyTo: relayAddress(token),
      },
      tx,
    );
  });
  return { relayed: true, to: direction };
}
