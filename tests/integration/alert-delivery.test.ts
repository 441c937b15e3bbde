import { and, eq } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { endAlert, publishAlert, updateAlert } from "#app/features/alerts/alerts.server";
import {
  deliveryLimits,
  fanOutAlertDeliveries,
  queueAlertDelivery,
  runAlertDelivery,
} from "#app/features/alerts/delivery.server";
import { alertDeliveries, alertDeliveryQueue, alertSubscriptions } from "#app/features/alerts/subscription-schema";
import {
  confirmEmailSubscription,
  subscribeByEmail,
  subscribeByPush,
  unsubscribeByToken,
} from "#app/features/alerts/subscriptions.server";
import { getDb } from "#app/lib/db.server";
import { isAppError } from "#app/lib/errors";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { emailOutbox } from "#app/platform/outbox/schema";
import type { Actor } from "#app/lib/authorization";
import { createTestUser } from "#tests/factories/accounts";
import { alertInput } from "#tests/factories/alerts";
import { startTestPushService } from "#tests/support/test-push-service";

// Delivery of alerts to their subscribers, against a push service on loopback that checks each
// request's VAPID signature and decrypts its payload with the subscription's own keys
// (tests/support/web-push-decrypt.ts, node:crypto only): each subscriber gets each revision once,
// in their language, also with two workers running at once; a gone subscription is removed; other
// failures retry up to the bound; an email address gets alerts only once confirmed.

const pushService = await startTestPushService();
const vapid = webpush.generateVAPIDKeys();
process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
process.env.VAPID_SUBJECT = "mailto:alerts@playahub.test";
process.env.WEB_PUSH_EXTRA_ORIGINS = pushService.origin;

afterAll(() => pushService.close());

beforeEach(() => {
  clearRateLimitersForTests();
  pushService.received.length = 0;
  pushService.problems.length = 0;
});

let admin: Actor | null = null;

/** Publishes an alert as an admin, through the alerts' own write (which queues its delivery). */
async function publish(overrides: Parameters<typeof alertInput>[0] = {}) {
  admin ??= { id: (await createTestUser({ roles: ["admin"] })).id, role: "admin" };
  // publishAlert reads the site's time zone through a cache outside its transaction: on the embedded
  // database's one connection a cold cache would wait on the transaction itself.
  await getSiteConfig("en");
  const { id } = await publishAlert({ actor: admin, input: alertInput(overrides) });
  return id;
}

let ipCounter = 0;
const ip = () => {
  ipCounter += 1;
  return `203.0.113.${ipCounter % 250}`;
};

async function pushSubscriber(options: { language?: "en" | "es"; areas?: string[]; kinds?: string[] } = {}) {
  const subscription = pushService.subscribe();
  const { token } = await subscribeByPush({
    actor: null,
    input: {
      intent: "push",
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      areas: options.areas ?? [],
      kinds: options.kinds ?? [],
    },
    language: options.language ?? "en",
    ip: ip(),
  });
  return { ...subscription, token };
}

const receivedBy = (id: string) => pushService.received.filter((push) => push.id === id);

async function emailsTo(address: string) {
  return getDb().select().from(emailOutbox).where(eq(emailOutbox.to, address));
}

/** Two instances' workers at the same moment, as two servers would run them. */
async function twoWorkers() {
  return Promise.all([runAlertDelivery(), runAlertDelivery()]);
}

describe("alert delivery", () => {
  it("sends each revision once to each matching subscriber, in their language, with two workers at once", async () => {
    const english = await pushSubscriber({ language: "en" });
    const spanish = await pushSubscriber({ language: "es", areas: ["playa-flamingo"], kinds: ["red-tide"] });
    const otherArea = await pushSubscriber({ areas: ["surfside"] });
    const otherKind = await pushSubscriber({ kinds: ["power"] });
    const person = await createTestUser({ preferredLanguage: "es" });
    await subscribeByEmail({
      actor: { id: person.id, role: "user" },
      input: { intent: "email", email: person.email, areas: [], kinds: [] },
      language: "es",
      ip: ip(),
    });

    const alertId = await publish();
    const runs = await twoWorkers();
    expect(runs.reduce((sum, run) => sum + run.fannedOut, 0)).toBe(1);

    expect(pushService.problems).toEqual([]);
    expect(receivedBy(english.id)).toHaveLength(1);
    expect(receivedBy(spanish.id)).toHaveLength(1);
    expect(receivedBy(otherArea.id)).toHaveLength(0);
    expect(receivedBy(otherKind.id)).toHaveLength(0);
    const [toEnglish] = receivedBy(english.id);
    expect(toEnglish.payload).toMatchObject({
      title: "Red tide at Playa Flamingo",
      body: "Avoid swimming and do not eat shellfish from the bay.",
      url: `http://localhost:3000/alerts/${alertId}`,
      lang: "en",
      alertId,
      revision: 1,
    });
    const [toSpanish] = receivedBy(spanish.id);
    expect(toSpanish.payload).toMatchObject({
      title: "Marea roja en Playa Flamingo",
      body: "Evite bañarse y no consuma moluscos de la bahía.",
      url: `http://localhost:3000/es/alerts/${alertId}`,
      lang: "es",
    });
    // Signed for this push service by the site's key (RFC 8292).
    expect(toEnglish.vapid).toMatchObject({
      aud: pushService.origin,
      sub: "mailto:alerts@playahub.test",
      publicKey: vapid.publicKey,
    });
    expect(toEnglish.headers.ttl).toBe(String(deliveryLimits.pushTtlSeconds));

    const alertEmails = (await emailsTo(person.email)).filter((email) => email.subject.includes("Marea roja"));
    expect(alertEmails).toHaveLength(1);
    expect(alertEmails[0].subject).toBe("Alerta: Marea roja en Playa Flamingo");
    expect(alertEmails[0].text).toContain("Evite bañarse y no consuma moluscos de la bahía.");
    expect(alertEmails[0].text).toContain(`/es/alerts/${alertId}`);
    expect(alertEmails[0].headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(alertEmails[0].headers?.["List-Unsubscribe"]).toMatch(/\/es\/alerts\/unsubscribe\?token=[\w-]{43}>$/);

    // The update is a new revision, and so is the end: one more each, what changed first; then
    // nothing is left to send.
    await updateAlert({
      actor: admin,
      alertId,
      input: alertInput(),
      note: { noteEn: "The tide is receding.", noteEs: "La marea está retrocediendo." },
    });
    await twoWorkers();
    await twoWorkers();
    expect(receivedBy(english.id).map((push) => (push.payload as { revision: number }).revision)).toEqual([1, 2]);
    expect(receivedBy(spanish.id)).toHaveLength(2);
    expect(receivedBy(spanish.id)[1].payload).toMatchObject({
      title: "Actualización: Marea roja en Playa Flamingo",
      body: "La marea está retrocediendo.",
    });
    await endAlert({ actor: admin, alertId, note: { noteEn: "All clear.", noteEs: "Ya pasó." } });
    await twoWorkers();
    expect(receivedBy(english.id)[2].payload).toMatchObject({
      title: "Over: Red tide at Playa Flamingo",
      body: "All clear.",
    });
    const emails = (await emailsTo(person.email)).filter((email) => email.subject.includes("Marea roja"));
    expect(emails.map((email) => email.subject)).toEqual([
      "Alerta: Marea roja en Playa Flamingo",
      "Actualización de alerta: Marea roja en Playa Flamingo",
      "Alerta terminada: Marea roja en Playa Flamingo",
    ]);
    expect(emails[1].text).toContain("La marea está retrocediendo.\n\nEvite bañarse");
    expect(await runAlertDelivery()).toMatchObject({ fannedOut: 0, emailed: 0, pushed: 0 });
    expect(pushService.problems).toEqual([]);
  });

  it("queues nothing when the publishing transaction rolls back", async () => {
    const subscriber = await pushSubscriber();
    admin ??= { id: (await createTestUser({ roles: ["admin"] })).id, role: "admin" };
    const actor = admin;
    // The write reads the site's time zone through its cache, outside the caller's transaction: read
    // it first, or the embedded database's one connection waits on itself.
    await getSiteConfig("en");
    await expect(
      getDb().transaction(async (tx) => {
        await publishAlert({ actor, input: alertInput({ titleEn: "Rolled back", titleEs: "Revertida" }) }, tx);
        throw new Error("the caller's later step failed");
      }),
    ).rejects.toThrow("later step");
    await runAlertDelivery();
    expect(receivedBy(subscriber.id)).toEqual([]);
  });

  it("never creates a second delivery when a revision is fanned out again", async () => {
    const subscriber = await pushSubscriber();
    const alertId = await publish();
    // The same revision queued again (a retried write) changes nothing.
    const [queued] = await getDb().select().from(alertDeliveryQueue).where(eq(alertDeliveryQueue.alertId, alertId));
    await getDb().transaction((tx) => queueAlertDelivery(queued as Parameters<typeof queueAlertDelivery>[0], tx));
    await Promise.all([fanOutAlertDeliveries(), fanOutAlertDeliveries()]);
    // As if the first fan-out's mark had been lost: the unique key still holds.
    await getDb().update(alertDeliveryQueue).set({ fannedOutAt: null }).where(eq(alertDeliveryQueue.alertId, alertId));
    await fanOutAlertDeliveries();
    const rows = await getDb()
      .select()
      .from(alertDeliveries)
      .where(
        and(eq(alertDeliveries.alertId, alertId), eq(alertDeliveries.subscriptionId, await idOf(subscriber.token))),
      );
    expect(rows).toHaveLength(1);
    await twoWorkers();
    expect(receivedBy(subscriber.id)).toHaveLength(1);
  });

  it("reaches every area's subscribers when an alert names no area", async () => {
    const surfside = await pushSubscriber({ areas: ["surfside"] });
    await publish({ areas: [] });
    await runAlertDelivery();
    expect(receivedBy(surfside.id)).toHaveLength(1);
  });

  it("removes a subscription its push service says is gone (410 or 404)", async () => {
    const expired = await pushSubscriber();
    const unknown = await pushSubscriber();
    pushService.respond(expired.id, 410);
    pushService.respond(unknown.id, 404);
    await publish();
    const run = await runAlertDelivery();
    expect(run.removed).toBeGreaterThanOrEqual(2);
    const left = await getDb()
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.token, expired.token))
      .union(getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.token, unknown.token)));
    expect(left).toEqual([]);
  });

  it("retries other failures with backoff, up to the bound, then gives up", async () => {
    const troubled = await pushSubscriber();
    pushService.respond(troubled.id, 500);
    const alertId = await publish();
    await runAlertDelivery();
    const subscriptionId = await idOf(troubled.token);
    const [afterFirst] = await getDb()
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.subscriptionId, subscriptionId), eq(alertDeliveries.alertId, alertId)));
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1 });
    expect(afterFirst.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a run now sends nothing.
    await runAlertDelivery();
    expect(receivedBy(troubled.id)).toHaveLength(1);
    for (let hour = 1; hour <= 10; hour += 1) await runAlertDelivery({ now: new Date(Date.now() + hour * 3_600_000) });
    expect(receivedBy(troubled.id)).toHaveLength(deliveryLimits.maxAttempts);
    const [last] = await getDb()
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.subscriptionId, subscriptionId), eq(alertDeliveries.alertId, alertId)));
    expect(last).toMatchObject({ status: "failed", attempts: deliveryLimits.maxAttempts });
    expect(last.lastError).toContain("500");
  });

  it("does not send again a push whose worker stopped mid-request", async () => {
    const subscriber = await pushSubscriber();
    const alertId = await publish();
    await fanOutAlertDeliveries();
    const subscriptionId = await idOf(subscriber.token);
    await getDb()
      .update(alertDeliveries)
      .set({ status: "sending", attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(alertDeliveries.subscriptionId, subscriptionId));
    await runAlertDelivery();
    expect(receivedBy(subscriber.id)).toHaveLength(0);
    const [row] = await getDb()
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.subscriptionId, subscriptionId));
    expect(row.status).toBe("failed");
  });
});

async function idOf(token: string) {
  const [row] = await getDb()
    .select({ id: alertSubscriptions.id })
    .from(alertSubscriptions)
    .where(eq(alertSubscriptions.token, token));
  return row.id;
}

describe("email subscriptions", () => {
  it("sends nothing but a confirmation link until the address is confirmed, then each alert with its unsubscribe link", async () => {
    const address = `visitor-${Date.now()}@example.test`;
    const answer = await subscribeByEmail({
      actor: null,
      input: { intent: "email", email: address.toUpperCase(), areas: ["playa-flamingo"], kinds: ["red-tide"] },
      language: "en",
      ip: ip(),
    });
    expect(answer).toEqual({ confirmed: false });
    const [confirmation] = await emailsTo(address);
    expect(confirmation.subject).toMatch(/confirm/i);
    const token = confirmation.text.match(/\/alerts\/confirm\?token=([\w-]{43})/)?.[1] as string;
    expect(token).toBeTruthy();

    await publish();
    await runAlertDelivery();
    expect(await emailsTo(address)).toHaveLength(1);

    await confirmEmailSubscription({ token });
    const after = await publish();
    await twoWorkers();
    const emails = await emailsTo(address);
    expect(emails).toHaveLength(2);
    expect(emails.find((email) => email.id !== confirmation.id)?.text).toContain(`/alerts/${after}`);

    // A second subscription for a confirmed address changes nothing and tells only its owner.
    await subscribeByEmail({
      actor: null,
      input: { intent: "email", email: address, areas: [], kinds: [] },
      language: "en",
      ip: ip(),
    });
    const [row] = await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.email, address));
    expect(row).toMatchObject({ areas: ["playa-flamingo"], kinds: ["red-tide"] });
    expect(row.confirmedAt).not.toBeNull();
    expect(await emailsTo(address)).toHaveLength(3);

    await unsubscribeByToken({ token });
    await unsubscribeByToken({ token });
    await publish();
    await runAlertDelivery();
    expect(await emailsTo(address)).toHaveLength(3);
  });

  it("refuses an unknown area or kind, and a push service that is not one", async () => {
    const refused = async (call: () => Promise<unknown>) => {
      try {
        await call();
      } catch (error) {
        return isAppError(error) ? { code: error.code, field: error.details?.field } : error;
      }
      return "accepted";
    };
    expect(
      await refused(() =>
        subscribeByEmail({
          actor: null,
          input: { intent: "email", email: "a@example.test", areas: ["atlantis"], kinds: [] },
          language: "en",
          ip: ip(),
        }),
      ),
    ).toEqual({ code: "invalid", field: "areas" });
    expect(
      await refused(() =>
        subscribeByEmail({
          actor: null,
          input: { intent: "email", email: "a@example.test", areas: [], kinds: ["volcano"] },
          language: "en",
          ip: ip(),
        }),
      ),
    ).toEqual({ code: "invalid", field: "kinds" });
    const keys = pushService.subscribe().keys;
    expect(
      await refused(() =>
        subscribeByPush({
          actor: null,
          input: {
            intent: "push",
            endpoint: "https://internal.example/steal",
            p256dh: keys.p256dh,
            auth: keys.auth,
            areas: [],
            kinds: [],
          },
          language: "en",
          ip: ip(),
        }),
      ),
    ).toEqual({ code: "invalid", field: "endpoint" });
    expect(
      await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.email, "a@example.test")),
    ).toEqual([]);
  });
});
