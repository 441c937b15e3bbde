import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, isNull, lte, ne, or } from "drizzle-orm";
import { getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { formatDate } from "#app/lib/format";
import { isLanguage, type Language } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { repeatingJob } from "#app/lib/repeating-job.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { emailLink, getSigningSecret } from "#app/platform/accounts/auth.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { userSummaries } from "#app/platform/people/people.server";
import { extendAd, isRenewable } from "./classifieds.server";
import { reminderLeadMs } from "./constants";
import { adPath, indexAd } from "./indexing.server";
import { classifiedAds } from "./schema";

// Ads last 30 days. Three days before an ad expires its author gets one email with a one-click
// renewal link (signed for that ad and that expiry, so it works once: renewing moves the expiry),
// sent by a job that runs in every instance like the group link checker: due ads are claimed with
// FOR UPDATE SKIP LOCKED under a short lease, each email is queued in its own transaction that
// also records which expiry it was for. Two runs at once send one email; a crashed run's ads come
// back after the lease. The same job takes expired ads out of the search index.

const claimLeaseMs = 10 * 60 * 1000;

async function tokenFor(adId: string, expiresAt: Date) {
  const secret = await getSigningSecret();
  return createHmac("sha256", secret).update(`classified-renew\n${adId}\n${expiresAt.getTime()}`).digest("base64url");
}

/** The renewal link's query for an ad as it is now (its current expiry). */
export async function renewalQuery(adId: string, expiresAt: Date) {
  return { a: adId, e: String(expiresAt.getTime()), t: await tokenFor(adId, expiresAt) };
}

/**
 * Renews an ad through its emailed link: no session needed, the signed token is the proof. A link
 * for an expiry the ad no longer has was used already (the ad was renewed): it says so.
 */
export async function renewAdByToken(options: { adId: string; expiry: string; token: string; now?: Date }) {
  const now = options.now ?? new Date();
  const invalid = () => new AppError("not_found", "classifieds:renew.invalid");
  if (!/^[0-9a-f-]{36}$/i.test(options.adId) || !/^\d{1,15}$/.test(options.expiry) || options.token.length > 100)
    throw invalid();
  const expiry = new Date(Number(options.expiry));
  const expected = Buffer.from(await tokenFor(options.adId, expiry));
  const given = Buffer.from(options.token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  return getDb().transaction(async (tx) => {
    const [ad] = await tx
      .select({
        id: classifiedAds.id,
        slug: classifiedAds.slug,
        title: classifiedAds.title,
        status: classifiedAds.status,
        soldAt: classifiedAds.soldAt,
        expiresAt: classifiedAds.expiresAt,
      })
      .from(classifiedAds)
      .where(eq(classifiedAds.id, options.adId))
      .for("update");
    if (!ad || ad.status === "deleted") throw invalid();
    if (ad.expiresAt.getTime() !== expiry.getTime()) {
      if (ad.expiresAt > expiry) return { slug: ad.slug, title: ad.title, expiresAt: ad.expiresAt, already: true };
      throw invalid();
    }
    if (!isRenewable(ad, now)) throw new AppError("conflict", "classifieds:errors.notRenewable");
    const expiresAt = await extendAd(ad.id, tx, now);
    return { slug: ad.slug, title: ad.title, expiresAt, already: false };
  });
}

async function claimDueReminders(now: Date, limit: number) {
  return getDb().transaction(async (tx) => {
    const due = await tx
      .select({ id: classifiedAds.id, expiresAt: classifiedAds.expiresAt })
      .from(classifiedAds)
      .where(
        and(
          eq(classifiedAds.status, "published"),
          isNull(classifiedAds.soldAt),
          eq(classifiedAds.isDemo, false),
          gt(classifiedAds.expiresAt, now),
          lte(classifiedAds.expiresAt, new Date(now.getTime() + reminderLeadMs)),
          or(isNull(classifiedAds.reminderSentFor), ne(classifiedAds.reminderSentFor, classifiedAds.expiresAt)),
          or(isNull(classifiedAds.reminderLeaseUntil), lte(classifiedAds.reminderLeaseUntil, now)),
        ),
      )
      .orderBy(asc(classifiedAds.expiresAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    for (const ad of due) {
      await tx
        .update(classifiedAds)
        .set({ reminderLeaseUntil: new Date(now.getTime() + claimLeaseMs) })
        .where(eq(classifiedAds.id, ad.id));
    }
    return due;
  });
}

async function sendReminder(ad: { id: string; expiresAt: Date }, _now: Date): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({
        slug: classifiedAds.slug,
        title: classifiedAds.title,
        authorId: classifiedAds.authorId,
        status: classifiedAds.status,
        soldAt: classifiedAds.soldAt,
        expiresAt: classifiedAds.expiresAt,
        reminderSentFor: classifiedAds.reminderSentFor,
      })
      .from(classifiedAds)
      .where(eq(classifiedAds.id, ad.id))
      .for("update");
    // Renewed, sold, taken down or already reminded while we waited: nothing to send.
    if (
      current?.status !== "published" ||
      current.soldAt ||
      current.expiresAt.getTime() !== ad.expiresAt.getTime() ||
      current.reminderSentFor?.getTime() === current.expiresAt.getTime()
    )
      return false;
    const author = current.authorId ? (await userSummaries([current.authorId], tx)).get(current.authorId) : undefined;
    if (author) {
      const language: Language = isLanguage(author.preferredLanguage) ? author.preferredLanguage : "en";
      const { getTranslator } = await import("#app/lib/i18n.server");
      const t = await getTranslator(language);
      await sendEmail(
        {
          to: author.email,
          subject: t("classifieds:emails.reminder.subject", { title: current.title }),
          text: t("classifieds:emails.reminder.text", {
            name: author.firstName || author.name,
            title: current.title,
            date: formatDate(current.expiresAt, language),
            renew: emailLink("/classifieds/renew", language, await renewalQuery(ad.id, current.expiresAt)),
            link: emailLink(adPath(current.slug), language),
            dashboard: emailLink("/dashboard/classifieds", language),
            siteName: "Playa Hub",
          }),
        },
        tx,
      );
    }
    await tx
      .update(classifiedAds)
      .set({ reminderSentFor: current.expiresAt, reminderLeaseUntil: null })
      .where(eq(classifiedAds.id, ad.id));
    return Boolean(author);
  });
}

/** Takes ads that expired since the last run out of the search index (the list filters them by date already). */
async function unindexExpired(now: Date, limit: number) {
  const expired = await getDb()
    .select({ id: classifiedAds.id })
    .from(classifiedAds)
    .where(and(eq(classifiedAds.indexed, true), lte(classifiedAds.expiresAt, now)))
    .limit(limit);
  if (!expired.length) return 0;
  await getDb().transaction(async (tx) => {
    for (const ad of expired) await indexAd(ad.id, tx, now);
    await bumpContentVersion(tx, "classifieds");
  });
  return expired.length;
}

/** One run: reminders for ads expiring within 3 days, once per expiry; expired ads out of search. */
export async function runClassifiedExpiry(options: { now?: Date; limit?: number } = {}) {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 50;
  const claimed = await claimDueReminders(now, limit);
  const reminded: string[] = [];
  for (const ad of claimed) if (await sendReminder(ad, now)) reminded.push(ad.id);
  const unindexed = await unindexExpired(now, limit);
  if (reminded.length || unindexed) logger.info({ reminded: reminded.length, unindexed }, "classified ads expiry run");
  return { reminded, unindexed };
}

/** Runs every 15 minutes while the server runs (every instance; they share the rows). */
export const classifiedExpiryJob = repeatingJob({
  run: () => runClassifiedExpiry(),
  intervalMs: 15 * 60_000,
  failure: "classified expiry run failed",
});
