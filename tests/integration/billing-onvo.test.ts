import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOnvoSettingsForTests } from "#app/features/billing/onvo.server";
import { billingReceipts, onvoEvents, onvoPayments } from "#app/features/billing/schema";
import { setSinpeNumberForTests } from "#app/features/billing/sinpe.server";
import { setStripeSettingsForTests } from "#app/features/billing/stripe.server";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { subscriptions } from "#app/platform/plans/schema";
import { setExchangeRate } from "#app/platform/site/site-config.server";
import * as adminSubscriptions from "#app/routes/admin/subscriptions";
import * as webhook from "#app/routes/api/v1/billing/onvo-webhook";
import * as subscriptionPage from "#app/routes/dashboard/subscription";
import { createSignedInUser } from "#tests/factories/accounts";
import { postSubscriptionPage } from "#tests/factories/billing";
import { createBusiness, isPremium } from "#tests/factories/directory";
import { type FakeOnvo, type FakeOnvoEvent, startFakeOnvo } from "#tests/factories/fake-onvo";
import { callRoute, loadPage } from "#tests/factories/route-calls";

// Plans paid through ONVO Pay (a local stand-in for its API): the owner is sent to ONVO's hosted
// Checkout for the plan's price in colones; the webhook (X-Webhook-Secret) grants the plan with a
// paid receipt once, checked against ONVO's own record of the payment. Replays, forgeries, failed
// and short payments, and two deliveries at once change nothing more.

const secretKey = "onvo_test_secret_key_billing";
const webhookSecret = "webhook_secret_billing";
let fake: FakeOnvo;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

function hook(event: FakeOnvoEvent | string, secret: string | null = webhookSecret) {
  return callRoute(
    webhook,
    "action",
    new Request("http://localhost/api/v1/billing/onvo-webhook", {
      method: "POST",
      headers: { "content-type": "application/json", ...(secret === null ? {} : { "x-webhook-secret": secret }) },
      body: typeof event === "string" ? event : JSON.stringify(event),
    }),
  );
}

async function ownerWithListing() {
  const owner = await createSignedInUser({ roles: ["business_owner"] });
  const business = await createBusiness({ name: `Onvo Bistro ${owner.id.slice(0, 6)}`, owner: owner.id });
  return { owner, business };
}

/** The owner asks for a plan through ONVO: answers the Checkout session the stand-in made. */
async function startCheckout(owner: { cookie: string }, businessId: string, interval = "month") {
  const response = await postSubscriptionPage(
    { intent: "onvo", planId: "premium", businessId, interval },
    owner.cookie,
  );
  expect(response.status).toBe(302);
  const location = response.location as string;
  expect(location.startsWith(`${fake.url}/checkout/cs_onvo_`)).toBe(true);
  const sessionId = location.split("/").at(-1) as string;
  return fake.sessions.get(sessionId) as NonNullable<ReturnType<FakeOnvo["sessions"]["get"]>>;
}

async function planOf(businessId: string) {
  return getDb().select().from(subscriptions).where(eq(subscriptions.businessId, businessId));
}

async function receiptsOf(userId: string) {
  return getDb().select().from(billingReceipts).where(eq(billingReceipts.userId, userId));
}

beforeAll(async () => {
  clearRateLimitersForTests();
  fake = await startFakeOnvo({ secretKey });
  setOnvoSettingsForTests({ secretKey, webhookSecret, apiBase: fake.url });
  setStripeSettingsForTests(null);
  setSinpeNumberForTests(null);
  admin = await createSignedInUser({ roles: ["admin"] });
  const asAdmin: Actor = { id: admin.id, role: "admin" };
  await setExchangeRate({ actor: asAdmin, crcPerUsd: 500, on: "2026-11-20" });
});

afterAll(async () => {
  setOnvoSettingsForTests(undefined);
  setStripeSettingsForTests(undefined);
  setSinpeNumberForTests(undefined);
  await fake?.close();
});

describe("paying for a plan through ONVO Pay", () => {
  it("offers ONVO on the plan card and sends the owner to a one-time link for the price in colones", async () => {
    const { owner, business } = await ownerWithListing();
    const page = await loadPage(subscriptionPage, "/dashboard/subscription", owner.cookie);
    expect(page.data.onvo).toBe(true);
    expect(page.data.stripe).toBe(false);

    const session = await startCheckout(owner, business.id);
    // Premium is USD 49 a month; at 500 colones a dollar, ₡24,500 in céntimos.
    expect(session.lineItems).toEqual([
      expect.objectContaining({ quantity: 1, unitAmount: 2_450_000, currency: "CRC" }),
    ]);
    expect(session.redirectUrl).toMatch(/\/dashboard\/subscription\?checkout=done$/);
    expect(session.metadata).toMatchObject({ userId: owner.id, businessId: business.id, planId: "premium" });
    const call0 = fake.calls.find((row) => row.path === "/v1/checkout/sessions/one-time-link");
    expect(call0?.authorization).toBe(`Bearer ${secretKey}`);
    const [payment] = await getDb().select().from(onvoPayments).where(eq(onvoPayments.businessId, business.id));
    expect(payment).toMatchObject({ status: "open", checkoutSessionId: session.id, amountCrcCents: 2_450_000 });
    // Nothing is granted before ONVO says it was paid.
    expect(await planOf(business.id)).toEqual([]);
  });

  it("a paid session grants the plan with a paid receipt, once; a replay changes nothing", async () => {
    const { owner, business } = await ownerWithListing();
    const session = await startCheckout(owner, business.id, "year");
    const events = await fake.pay(session.id, { method: "mobile_transfer" });
    const paid = events.find((event) => event.type === "checkout-session.succeeded") as FakeOnvoEvent;
    const intentEvent = events.find((event) => event.type === "payment-intent.succeeded") as FakeOnvoEvent;

    // The intent's own event, without our metadata, finds nothing of ours: accepted, no effect.
    const first = await hook(intentEvent);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ verified: true, applied: false });

    const response = await hook(paid);
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ verified: true, duplicate: false, applied: true });
    const plans = await planOf(business.id);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ planId: "premium", status: "active", source: "onvo" });
    const end = plans[0].currentPeriodEnd as Date;
    expect(end.getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
    expect(await isPremium(business.id)).toBe(true);
    const receipts = await receiptsOf(owner.id);
    expect(receipts).toEqual([
      expect.objectContaining({
        status: "paid",
        source: "onvo",
        amountUsdCents: 49_000,
        externalId: `onvo:${session.paymentIntentId}`,
      }),
    ]);

    const replay = await hook(paid);
    expect(replay.status).toBe(200);
    expect(replay.data).toMatchObject({ duplicate: true, applied: false });
    expect(await planOf(business.id)).toHaveLength(1);
    expect(await receiptsOf(owner.id)).toHaveLength(1);

    // Admins find it by its source.
    const admins = await loadPage(adminSubscriptions, "/admin/subscriptions?source=onvo", admin.cookie);
    expect(admins.data.filters.source).toBe("onvo");
    expect(admins.data.list.rows.every((row: { source: string }) => row.source === "onvo")).toBe(true);
    expect(admins.data.list.rows.some((row: { businessId: string }) => row.businessId === business.id)).toBe(true);

    // The owner's page shows the plan, paid through ONVO.
    const page = await loadPage(subscriptionPage, "/dashboard/subscription", owner.cookie);
    expect(page.data.subscriptions).toEqual([
      expect.objectContaining({ planId: "premium", source: "onvo", live: true }),
    ]);
  });

  it("refuses a forged webhook (wrong, missing or near-miss secret) and writes nothing", async () => {
    const { owner, business } = await ownerWithListing();
    const session = await startCheckout(owner, business.id);
    const events = await fake.pay(session.id);
    const paid = events.find((event) => event.type === "checkout-session.succeeded") as FakeOnvoEvent;
    for (const secret of [null, "", "webhook_secret_wrong", `${webhookSecret}x`, webhookSecret.slice(0, -1)]) {
      const response = await hook(paid, secret);
      expect(response.status).toBe(401);
    }
    // Not JSON, or not an event, with the right secret: refused too.
    expect((await hook("not json")).status).toBe(401);
    expect((await hook(JSON.stringify({ type: "checkout-session.succeeded" }))).status).toBe(401);
    expect(await planOf(business.id)).toEqual([]);
    const kept = await getDb()
      .select()
      .from(onvoEvents)
      .where(eq(onvoEvents.id, `checkout-session.succeeded:${session.id}`));
    expect(kept).toEqual([]);
    // The genuine delivery still applies afterwards.
    expect((await hook(paid)).data).toMatchObject({ applied: true });
  });

  it("a failed payment grants nothing, and a session naming a failed or short payment grants nothing", async () => {
    const { owner, business } = await ownerWithListing();
    const session = await startCheckout(owner, business.id);
    const [failed] = await fake.pay(session.id, { outcome: "failed" });
    expect(failed.type).toBe("payment-intent.failed");
    expect((await hook(failed)).status).toBe(200);
    expect(await planOf(business.id)).toEqual([]);

    // A session event pointing at the failed intent (a bug or a replayed id) is checked with ONVO.
    const forgedOnFailed = {
      type: "checkout-session.succeeded",
      data: { id: session.id, status: "succeeded", paymentIntentId: failed.data.id },
    };
    expect((await hook(forgedOnFailed)).data).toMatchObject({ applied: false });
    expect(await planOf(business.id)).toEqual([]);
    // Nothing was kept for it: when the owner then pays, the session's event applies.
    const retried = await fake.pay(session.id);
    const paidAfter = retried.find((event) => event.type === "checkout-session.succeeded") as FakeOnvoEvent;
    expect((await hook(paidAfter)).data).toMatchObject({ applied: true, duplicate: false });
    expect(await planOf(business.id)).toHaveLength(1);

    // Paid, but for less than the plan's price in colones: nothing granted.
    const other = await ownerWithListing();
    const short = await startCheckout(other.owner, other.business.id);
    const events = await fake.pay(short.id, { amount: 100_000 });
    const paid = events.find((event) => event.type === "checkout-session.succeeded") as FakeOnvoEvent;
    expect((await hook(paid)).data).toMatchObject({ verified: true, applied: false });
    expect(await planOf(other.business.id)).toEqual([]);
    expect(await receiptsOf(other.owner.id)).toEqual([]);
    expect(await isPremium(other.business.id)).toBe(false);
  });

  it("two deliveries at once (the same event, and the intent's with the session's) apply once", async () => {
    const { owner, business } = await ownerWithListing();
    const session = await startCheckout(owner, business.id);
    const events = await fake.pay(session.id);
    const paid = events.find((event) => event.type === "checkout-session.succeeded") as FakeOnvoEvent;
    // The intent's event carrying our payment's id (as a session's metadata would) races the session's.
    const [payment] = await getDb().select().from(onvoPayments).where(eq(onvoPayments.businessId, business.id));
    const intentEvent = {
      type: "payment-intent.succeeded",
      data: { ...(events[0].data as object), metadata: { paymentId: String(payment.id) } },
    };
    const answers = await Promise.all([hook(paid), hook(paid), hook(intentEvent)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const bodies = answers.map((answer) => answer.data);
    expect(bodies.filter((body) => body.applied)).toHaveLength(1);
    expect(await planOf(business.id)).toHaveLength(1);
    expect(await receiptsOf(owner.id)).toHaveLength(1);
  });

  it("a late failure after the payment changes nothing; an unknown session is accepted and ignored", async () => {
    const { owner, business } = await ownerWithListing();
    const session = await startCheckout(owner, business.id);
    const events = await fake.pay(session.id);
    const paid = events.find((event) => event.type === "checkout-session.succeeded") as FakeOnvoEvent;
    expect((await hook(paid)).data).toMatchObject({ applied: true });
    const [payment] = await getDb().select().from(onvoPayments).where(eq(onvoPayments.businessId, business.id));
    const late = {
      type: "payment-intent.failed",
      data: { id: payment.paymentIntentId, status: "requires_payment_method", amount: 0, currency: "CRC" },
    };
    expect((await hook(late)).data).toMatchObject({ applied: false });
    const [after] = await getDb().select().from(onvoPayments).where(eq(onvoPayments.id, payment.id));
    expect(after.status).toBe("paid");
    expect((await planOf(business.id))[0].status).toBe("active");

    const stranger = {
      type: "payment-intent.deferred",
      data: { id: "pi_not_ours", status: "processing", amount: 1, currency: "CRC" },
    };
    expect((await hook(stranger)).data).toMatchObject({ verified: true, applied: false });
    const [latest] = await getDb().select().from(onvoEvents).orderBy(desc(onvoEvents.processedAt)).limit(1);
    expect(latest.id).toBe("payment-intent.deferred:pi_not_ours");
  });

  it("another owner cannot pay for a listing that is not theirs", async () => {
    const { business } = await ownerWithListing();
    const intruder = await createSignedInUser({ roles: ["business_owner"] });
    const response = await postSubscriptionPage(
      { intent: "onvo", planId: "premium", businessId: business.id, interval: "month" },
      intruder.cookie,
    );
    expect(response.status).toBe(404);
    expect(await getDb().select().from(onvoPayments).where(eq(onvoPayments.businessId, business.id))).toEqual([]);
  });
});
