import { and, asc, eq, isNull, lt, lte, sql } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { siteOrigin } from "#app/lib/env.server";
import { isLanguage, type Language, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { repeatingJob } from "#app/lib/repeating-job.server";
import { emailLink } from "#app/platform/accounts/auth.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { sendPush } from "./push.server";
import {
  type AlertDeliveryContent,
  alertDeliveries,
  alertDeliveryQueue,
  alertSubscriptions,
} from "./subscription-schema";

// Delivery of alerts to their subscribers, at most once per subscriber and revision however many
// instances run it:
//  1. publishing, updating or ending an alert queues that revision (queueAlertDelivery, in the
//     write's own transaction, so a rolled-back change is never sent);
//  2. a worker fans each queued revision out into one alert_deliveries row per matching confirmed
//     subscription; the unique (subscription, alert, revision) makes a second fan-out a no-op;
//  3. a worker claims due rows FOR UPDATE SKIP LOCKED. An email is written to the outbox in the
//     claiming transaction (the outbox then sends it once). A push is marked `sending` with a lease
//     and sent after the claim commits, so no transaction is held open over the network; a row left
//     `sending` past its lease (its worker stopped mid-request) becomes `failed`, never sent again.
// A push service's 404 or 410 removes the subscription; other failures are retried with backoff up
// to maxAttempts. docs/alerts.md.

export type AlertChangeKind = "published" | "updated" | "ended";

export interface AlertRevisionDelivery {
  alertId: number;
  revision: number;
  change: AlertChangeKind;
  kind: string;
  /** Area slugs the alert concerns; empty: everyone. */
  areas: readonly string[];
  content: AlertDeliveryContent;
  /** The alert's page in English, e.g. /alerts/12. */
  path: string;
}

export const deliveryLimits = {
  maxAttempts: 5,
  /** A push request times out after 10 s; the lease leaves room for a slow claim and clock skew. */
  leaseMs: 60_000,
  /** How long a push service keeps a message for a device that is offline. */
  pushTtlSeconds: 24 * 60 * 60,
  batch: 50,
} as const;

/**
 * Queues one revision of an alert for its subscribers, in the caller's transaction (the write
 * that publishes, updates or ends it). Queuing the same revision twice changes nothing.
 */
export async function queueAlertDelivery(revision: AlertRevisionDelivery, executor: Executor) {
  await executor
    .insert(alertDeliveryQueue)
    .values({
      alertId: revision.alertId,
      revision: revision.revision,
      change: revision.change,
      kind: revision.kind,
      areas: [...revision.areas],
      content: revision.content,
      path: revision.path,
    })
    .onConflictDoNothing();
  scheduleRun();
}

const arrayOfText = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/**
 * Turns queued revisions into deliveries: one per confirmed subscription whose areas meet the
 * alert's (either side empty: all) and whose kinds include the alert's (empty: all). Returns how
 * many revisions it fanned out.
 */
export async function fanOutAlertDeliveries(
  options: { now?: Date; limit?: number } = {},
  executor?: Executor,
): Promise<number> {
  // Due from the run's own clock: a worker that fans out and then sends finds them due at once.
  const now = options.now ?? new Date();
  const run = async (tx: Executor) => {
    const queued = await tx
      .select()
      .from(alertDeliveryQueue)
      .where(isNull(alertDeliveryQueue.fannedOutAt))
      .orderBy(asc(alertDeliveryQueue.createdAt))
      .limit(options.limit ?? deliveryLimits.batch)
      .for("update", { skipLocked: true });
    for (const item of queued) {
      const areas = arrayOfText(item.areas);
      await tx.execute(sql`
        insert into ${alertDeliveries} (subscription_id, alert_id, revision, next_attempt_at)
        select ${alertSubscriptions.id}, ${item.alertId}, ${item.revision}, ${now}
        from ${alertSubscriptions}
        where ${alertSubscriptions.confirmedAt} is not null
          and (cardinality(${alertSubscriptions.areas}) = 0 or cardinality(${areas}) = 0
            or ${alertSubscriptions.areas} && ${areas})
          and (cardinality(${alertSubscriptions.kinds}) = 0 or ${item.kind} = any(${alertSubscriptions.kinds}))
        on conflict (subscription_id, alert_id, revision) do nothing`);
      await tx
        .update(alertDeliveryQueue)
        .set({ fannedOutAt: new Date() })
        .where(and(eq(alertDeliveryQueue.alertId, item.alertId), eq(alertDeliveryQueue.revision, item.revision)));
    }
    return queued.length;
  };
  return executor ? run(executor) : getDb().transaction(run);
}

interface Claimed {
  id: number;
  attempts: number;
  subscriptionId: string;
  channel: string;
  email: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  language: string;
  token: string;
  alertId: number;
  revision: number;
  change: string;
  content: AlertDeliveryContent;
  path: string;
}

/** An alert's page (in English; links add the subscriber's language). */
export function alertPath(alertId: number) {
  return `/alerts/${alertId}`;
}

/** The revision's words in the subscriber's language, the other one where a text is missing. */
function textFor(item: Pick<Claimed, "content">, language: Language) {
  const own = item.content[language];
  const other = item.content[language === "en" ? "es" : "en"];
  return {
    title: own.title || other.title,
    body: own.body || other.body,
    note: own.note || other.note || "",
  };
}

async function pushPayload(item: Claimed, language: Language) {
  const t = await getTranslator(language);
  const { title, body, note } = textFor(item, language);
  // A notification has room for a few lines: what changed, when the revision says, else the alert.
  const text = note || body;
  return JSON.stringify({
    title: t(`alerts:subscriptions.push.title.${item.change}`, { title }),
    body: text.length > 300 ? `${text.slice(0, 299)}…` : text,
    url: `${siteOrigin()}${localizePath(item.path, language)}`,
    tag: `alert-${item.alertId}`,
    lang: language,
    alertId: item.alertId,
    revision: item.revision,
  });
}

async function queueAlertEmail(item: Claimed, language: Language, tx: Executor) {
  const t = await getTranslator(language);
  const { title, body, note } = textFor(item, language);
  const unsubscribe = emailLink("/alerts/unsubscribe", language, { token: item.token });
  await sendEmail(
    {
      to: item.email as string,
      subject: t(`alerts:subscriptions.emails.alert.subject.${item.change}`, { title }),
      text: t("alerts:subscriptions.emails.alert.text", {
        title,
        body: note ? `${note}\n\n${body}` : body,
        link: emailLink(item.path, language),
        unsubscribe,
      }),
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    },
    tx,
  );
}

/** Claims due deliveries: emails are queued in the outbox here; pushes are leased and returned. */
async function claimDue(now: Date, limit: number): Promise<{ claimed: number; emailed: number; pushes: Claimed[] }> {
  return getDb().transaction(async (tx) => {
    // A push whose worker stopped mid-request: whether it reached the device is unknown, and sending
    // it again could show it twice.
    await tx
      .update(alertDeliveries)
      .set({ status: "failed", leaseUntil: null, lastError: "the sending worker stopped; outcome unknown" })
      .where(and(eq(alertDeliveries.status, "sending"), lt(alertDeliveries.leaseUntil, now)));
    const due = await tx
      .select({
        id: alertDeliveries.id,
        attempts: alertDeliveries.attempts,
        subscriptionId: alertDeliveries.subscriptionId,
        channel: alertSubscriptions.channel,
        email: alertSubscriptions.email,
        endpoint: alertSubscriptions.endpoint,
        p256dh: alertSubscriptions.p256dh,
        auth: alertSubscriptions.auth,
        language: alertSubscriptions.language,
        token: alertSubscriptions.token,
        alertId: alertDeliveries.alertId,
        revision: alertDeliveries.revision,
        change: alertDeliveryQueue.change,
        content: alertDeliveryQueue.content,
        path: alertDeliveryQueue.path,
      })
      .from(alertDeliveries)
      .innerJoin(alertSubscriptions, eq(alertSubscriptions.id, alertDeliveries.subscriptionId))
      .innerJoin(
        alertDeliveryQueue,
        and(
          eq(alertDeliveryQueue.alertId, alertDeliveries.alertId),
          eq(alertDeliveryQueue.revision, alertDeliveries.revision),
        ),
      )
      .where(and(eq(alertDeliveries.status, "pending"), lte(alertDeliveries.nextAttemptAt, now)))
      .orderBy(asc(alertDeliveries.id))
      .limit(limit)
      .for("update", { of: alertDeliveries, skipLocked: true });
    const pushes: Claimed[] = [];
    let emailed = 0;
    for (const item of due) {
      const language: Language = isLanguage(item.language) ? item.language : "en";
      if (item.channel === "email") {
        await queueAlertEmail(item, language, tx);
        await tx
          .update(alertDeliveries)
          .set({ status: "sent", attempts: item.attempts + 1, sentAt: now, lastError: null })
          .where(eq(alertDeliveries.id, item.id));
        emailed += 1;
      } else {
        await tx
          .update(alertDeliveries)
          .set({
            status: "sending",
            attempts: item.attempts + 1,
            leaseUntil: new Date(now.getTime() + deliveryLimits.leaseMs),
          })
          .where(eq(alertDeliveries.id, item.id));
        pushes.push({ ...item, attempts: item.attempts + 1 });
      }
    }
    return { claimed: due.length, emailed, pushes };
  });
}

async function settlePush(item: Claimed, now: Date): Promise<"sent" | "removed" | "retry" | "failed"> {
  const language: Language = isLanguage(item.language) ? item.language : "en";
  const result = await sendPush(
    { endpoint: item.endpoint as string, p256dh: item.p256dh as string, auth: item.auth as string },
    await pushPayload(item, language),
    { ttlSeconds: deliveryLimits.pushTtlSeconds, topic: `alert${item.alertId}` },
  );
  const mine = and(eq(alertDeliveries.id, item.id), eq(alertDeliveries.status, "sending"));
  if (result.ok) {
    await getDb()
      .update(alertDeliveries)
      .set({ status: "sent", sentAt: new Date(), leaseUntil: null, lastError: null })
      .where(mine);
    return "sent";
  }
  if (result.gone) {
    // The browser unsubscribed or the push service dropped it: nothing will ever arrive there.
    await getDb().delete(alertSubscriptions).where(eq(alertSubscriptions.id, item.subscriptionId));
    logger.info({ subscriptionId: item.subscriptionId, error: result.error }, "push subscription gone; removed");
    return "removed";
  }
  const gaveUp = item.attempts >= deliveryLimits.maxAttempts;
  await getDb()
    .update(alertDeliveries)
    .set({
      status: gaveUp ? "failed" : "pending",
      leaseUntil: null,
      lastError: result.error,
      // 1, 4, 9, 16 minutes: long enough for a push service to come back, short for news.
      nextAttemptAt: new Date(now.getTime() + item.attempts * item.attempts * 60_000),
    })
    .where(mine);
  logger.warn({ deliveryId: item.id, attempts: item.attempts, gaveUp, error: result.error }, "alert push failed");
  return gaveUp ? "failed" : "retry";
}

export interface DeliveryRun {
  fannedOut: number;
  emailed: number;
  pushed: number;
  removed: number;
  retrying: number;
  failed: number;
}

/**
 * One run of the delivery job: fans out queued revisions, then sends what is due. Safe to run on
 * several instances at once. Returns what this run did.
 */
export async function runAlertDelivery(options: { now?: Date; limit?: number } = {}): Promise<DeliveryRun> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? deliveryLimits.batch;
  const result: DeliveryRun = { fannedOut: 0, emailed: 0, pushed: 0, removed: 0, retrying: 0, failed: 0 };
  result.fannedOut = await fanOutAlertDeliveries({ now, limit });
  for (;;) {
    const { claimed, emailed, pushes } = await claimDue(now, limit);
    result.emailed += emailed;
    const outcomes = await Promise.all(pushes.map((item) => settlePush(item, now)));
    for (const outcome of outcomes) {
      if (outcome === "sent") result.pushed += 1;
      else if (outcome === "removed") result.removed += 1;
      else if (outcome === "retry") result.retrying += 1;
      else result.failed += 1;
    }
    if (claimed < limit) break;
  }
  return result;
}

// Runs delivery every 30 seconds while the server runs (instances share the rows; locked ones are skipped).
const deliveryJob = repeatingJob({
  run: () => runAlertDelivery(),
  intervalMs: 30_000,
  failure: "alert delivery failed",
});
let kick: NodeJS.Timeout | null = null;

function runInBackground() {
  runAlertDelivery().catch((error) => logger.error({ err: error }, "alert delivery failed"));
}

/** Soon after an alert's transaction commits, rather than at the next tick of the job. */
function scheduleRun() {
  if (!deliveryJob.isRunning() || kick) return;
  kick = setTimeout(() => {
    kick = null;
    runInBackground();
  }, 500);
  kick.unref();
}

export const startAlertDelivery = deliveryJob.start;

export function stopAlertDelivery() {
  deliveryJob.stop();
  if (kick) clearTimeout(kick);
  kick = null;
}
