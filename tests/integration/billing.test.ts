import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runSubscriptionLapse, stripeLapseGraceMs } from "#app/features/billing/grants.server";
import { billingReceipts, planRequests, stripeEvents } from "#app/features/billing/schema";
import { setStripeSettingsForTests } from "#app/features/billing/stripe.server";
import { getDatabaseHandle, getDb, useDatabase } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { auditLog } from "#app/platform/audit/schema";
import { businesses } from "#app/platform/listings/schema";
import { subscriptions } from "#app/platform/plans/schema";
import { checkSubscription } from "#app/platform/plans/subscription.server";
import * as adminSubscriptions from "#app/routes/admin/subscriptions";
import * as webhook from "#app/routes/api/v1/billing/stripe-webhook";
import * as billingPage from "#app/routes/dashboard/billing";
import * as featuresPage from "#app/routes/dashboard/features";
import * as subscriptionPage from "#app/routes/dashboard/subscription";
import { createSignedInUser, sessionCookieFor } from "#tests/factories/accounts";
import { postAdminSubscriptions, postSubscriptionPage } from "#tests/factories/billing";
import { createBusiness } from "#tests/factories/directory";
import { type FakeStripe, startFakeStripe } from "#tests/factories/fake-stripe";
import { emailsTo } from "#tests/factories/outbox";
import { callRoute, loadPage } from "#tests/factories/route-calls";

// Plans without a payment provider (admin grants, requests, the lapse job) and with Stripe (a
// local fake API server; webhooks signed with the SDK's test helper): the listing's premium
// follows its plan either way, through the same sync.

const webhookSecret = "whsec_test_billing";
const signer = new Stripe("sk_test_signer");
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let fake: FakeStripe;

async function listing(id: string) {
  const [row] = await getDb().select().from(businesses).where(eq(businesses.id, id));
  return row;
}

async function ownerCookie(ownerId: string) {
  return sessionCookieFor(ownerId);
}

async function ownerEmail(ownerId: string) {
  const { userSummaries } = await import("#app/platform/people/people.server");
  return (await userSummaries([ownerId])).get(ownerId)?.email as string;
}

function signed(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  return new Request("http://localhost/api/v1/billing/stripe-webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
}

function subscriptionEvent(options: {
  id: string;
  type: string;
  created: number;
  subscription: string;
  status: string;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  metadata: Record<string, string>;
}) {
  return {
    id: options.id,
    object: "event",
    type: options.type,
    created: options.created,
    data: {
      object: {
        id: options.subscription,
        object: "subscription",
        customer: "cus_test_1",
        status: options.status,
        cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
        metadata: options.metadata,
        items: { object: "list", data: [{ id: "si_1", current_period_end: options.periodEnd }] },
      },
    },
  };
}

async function subscriptionRow(externalId: string) {
  const [row] = await getDb().select().from(subscriptions).where(eq(subscriptions.externalId, externalId));
  return row;
}

beforeAll(async () => {
  clearRateLimitersForTests();
  admin = await createSignedInUser({ roles: ["admin"] });
  fake = await startFakeStripe();
});

afterAll(async () => {
  setStripeSettingsForTests(undefined);
  await fake.close();
});

describe("plans granted by an admin (no payment provider)", () => {
  it("grants premium to a listing with an end date and a reason: premium at once, audited, owner told; the lapse job ends it", async () => {
    setStripeSettingsForTests(null);
    const business = await createBusiness({ name: "Guanacaste Grant Café", owner: "new", phone: "+506 0000 1234" });
    const ownerId = business.ownerId as string;
    const end = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    const endsAt = end.toISOString().slice(0, 10);
    const result = await postAdminSubscriptions(
      { intent: "grant", planId: "premium", businessSlug: business.slug, endsAt, reason: "Launch partner" },
      admin.cookie,
    );
    expect(result.status).toBe(302);
    expect((await listing(business.id)).isPremium).toBe(true);
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "billing.subscription.grant"), eq(auditLog.targetId, business.id)));
    expect(audit.details).toMatchObject({ plan: "premium", reason: "Launch partner" });
    const mail = await emailsTo(await ownerEmail(ownerId));
    expect(mail[0].subject).toContain("premium");
    // The owner sees it: the plan on the subscription page, its features, a receipt line.
    const cookie = await ownerCookie(ownerId);
    const features = await loadPage(featuresPage, "/dashboard/features", cookie);
    const mine = features.data.listings.find((row: { id: string }) => row.id === business.id);
    expect(mine.planId).toBe("premium");
    expect(mine.features).toContain("contactDetails");
    const receipts = await loadPage(billingPage, "/dashboard/billing", cookie);
    expect(receipts.data.receipts[0]).toMatchObject({ planId: "premium", status: "granted" });
    expect(await checkSubscription(ownerId)).toMatchObject({ subscribed: true, product_id: "premium" });
    // The subscription page does not offer the listing the plan it already has, and a post for it
    // anyway is refused with nothing written.
    const offers = async () => (await loadPage(subscriptionPage, "/dashboard/subscription", cookie)).data.offers;
    const premiumOffer = (await offers()).find((offer: { id: string }) => offer.id === "premium");
    expect(premiumOffer.currentFor).toEqual([business.id]);
    const again = await postSubscriptionPage({ intent: "request", planId: "premium", businessId: business.id }, cookie);
    expect(again.status).toBe(409);
    expect(again.data.error).toBe("billing:errors.alreadyOnPlan");
    expect(await getDb().select().from(planRequests).where(eq(planRequests.businessId, business.id))).toHaveLength(0);

    // A day after the end date the job ends the plan and the listing goes back to free.
    const later = new Date(end.getTime() + 24 * 60 * 60 * 1000);
    const run1 = await runSubscriptionLapse({ now: later });
    expect(run1.lapsed.length).toBeGreaterThanOrEqual(1);
    expect((await listing(business.id)).isPremium).toBe(false);
    const [row] = await getDb().select().from(subscriptions).where(eq(subscriptions.businessId, business.id));
    expect(row.status).toBe("expired");
    expect((await emailsTo(await ownerEmail(ownerId)))[0].subject).toContain("free listing");
    // Ended, so it is offered again.
    expect((await offers()).find((offer: { id: string }) => offer.id === "premium").currentFor).toEqual([]);
    // Running again changes nothing.
    const run2 = await runSubscriptionLapse({ now: later });
    expect(run2.lapsed).not.toContain(row.id);
  });

  it("refuses a grant without a reason or for an unknown listing, keeping what was typed", async () => {
    const noReason = await postAdminSubscriptions(
      { intent: "grant", planId: "premium", businessSlug: "x", reason: "" },
      admin.cookie,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.data.error).toBe("billing:errors.reason");
    const unknown = await postAdminSubscriptions(
      { intent: "grant", planId: "premium", businessSlug: "no-such-listing", reason: "Test" },
      admin.cookie,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.data.values.businessSlug).toBe("no-such-listing");
  });

  it("an admin ends a plan now: premium drops in the same transaction", async () => {
    const business = await createBusiness({ name: "Ended Plan Bistro", owner: "new" });
    await postAdminSubscriptions(
      { intent: "grant", planId: "premium", businessSlug: business.slug, reason: "Trial" },
      admin.cookie,
    );
    const [row] = await getDb().select().from(subscriptions).where(eq(subscriptions.businessId, business.id));
    expect((await listing(business.id)).isPremium).toBe(true);
    const ended = await postAdminSubscriptions(
      { intent: "end", subscriptionId: String(row.id), reason: "" },
      admin.cookie,
    );
    expect(ended.status).toBe(302);
    expect((await listing(business.id)).isPremium).toBe(false);
    const again = await postAdminSubscriptions({ intent: "end", subscriptionId: String(row.id) }, admin.cookie);
    expect(again.status).toBe(409);
  });

  it("an owner requests a plan for their own listing only; admins see it and get an email", async () => {
    setStripeSettingsForTests(null);
    const business = await createBusiness({ name: "Request Surf Shop", owner: "new" });
    const other = await createBusiness({ name: "Someone Else's Shop", owner: "new" });
    const cookie = await ownerCookie(business.ownerId as string);
    const foreign = await postSubscriptionPage({ intent: "request", planId: "premium", businessId: other.id }, cookie);
    expect(foreign.status).toBe(404);
    const ok = await postSubscriptionPage(
      { intent: "request", planId: "premium", businessId: business.id, note: "Please call me" },
      cookie,
    );
    expect(ok.status).toBe(302);
    const twice = await postSubscriptionPage({ intent: "request", planId: "premium", businessId: business.id }, cookie);
    expect(twice.status).toBe(302);
    const open = await getDb().select().from(planRequests).where(eq(planRequests.businessId, business.id));
    expect(open).toHaveLength(1);
    const page = await loadPage(adminSubscriptions, "/admin/subscriptions", admin.cookie);
    expect(page.data.requests.map((row: { business: string }) => row.business)).toContain("Request Surf Shop");
    expect((await emailsTo(admin.email))[0].subject).toContain("Request Surf Shop");
  });

  it("changes a plan's prices and features as data; a bad price is refused next to what was typed", async () => {
    const bad = await postAdminSubscriptions(
      { intent: "plan", planId: "basic", nameEn: "Basic", nameEs: "Básico", monthly: "12,5", yearly: "" },
      admin.cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ error: "billing:errors.price", form: "plan-basic" });
    const body = new URLSearchParams({
      intent: "plan",
      planId: "basic",
      nameEn: "Basic",
      nameEs: "Básico",
      monthly: "25",
      yearly: "250",
      listingLimit: "2",
      active: "on",
    });
    for (const feature of ["listing", "hours", "menu", "seo"]) body.append("features", feature);
    const saved = await callRoute(
      adminSubscriptions,
      "action",
      new Request("http://localhost/admin/subscriptions", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: admin.cookie },
        body: body.toString(),
      }),
    );
    expect(saved.status).toBe(302);
    const { getPlanRow } = await import("#app/features/billing/plans.server");
    expect(await getPlanRow("basic")).toMatchObject({
      monthlyPriceUsdCents: 2500,
      yearlyPriceUsdCents: 25000,
      listingLimit: 2,
      features: ["listing", "hours", "menu", "seo"],
    });
  });
});

describe("checkSubscription's failure rule", () => {
  it("logs and answers not subscribed, no product, no end date when the database fails", async () => {
    const handle = getDatabaseHandle();
    const spy = vi.spyOn(logger, "error");
    useDatabase(null);
    try {
      expect(await checkSubscription(admin.id)).toEqual({
        subscribed: false,
        product_id: null,
        subscription_end: null,
      });
    } finally {
      useDatabase(handle);
    }
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe("Stripe: checkout, webhook, portal", () => {
  it("refuses a webhook whose signature does not verify, and applies nothing", async () => {
    setStripeSettingsForTests({ secretKey: "sk_test_fake", webhookSecret, apiBase: fake.url });
    const payload = JSON.stringify({ id: "evt_forged", type: "customer.subscription.created", created: 1, data: {} });
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_wrong" });
    const result = await callRoute(
      webhook,
      "action",
      new Request("http://localhost/api/v1/billing/stripe-webhook", {
        method: "POST",
        headers: { "stripe-signature": forged },
        body: payload,
      }),
    );
    expect(result.status).toBe(400);
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, "evt_forged"))).toHaveLength(0);
  });

  it("checkout → active → duplicate and late events ignored → cancelled → premium off; a lost cancellation lapses", async () => {
    setStripeSettingsForTests({ secretKey: "sk_test_fake", webhookSecret, apiBase: fake.url });
    const business = await createBusiness({ name: "Checkout Taco Bar", owner: "new", phone: "+506 0000 9988" });
    const ownerId = business.ownerId as string;
    const cookie = await ownerCookie(ownerId);

    const checkout = await postSubscriptionPage(
      { intent: "checkout", planId: "premium", businessId: business.id, interval: "year" },
      cookie,
    );
    expect(checkout.status).toBe(302);
    expect(checkout.location).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    const sent = fake.calls.at(-1);
    expect(sent?.path).toBe("/v1/checkout/sessions");
    expect(sent?.authorization).toBe("Bearer sk_test_fake");
    expect(sent?.body.get("line_items[0][price_data][unit_amount]")).toBe("49000");
    expect(sent?.body.get("line_items[0][price_data][recurring][interval]")).toBe("year");
    const metadata = { userId: ownerId, businessId: business.id, planId: "premium", interval: "year" };
    expect(fake.sessions.get(checkout.location?.split("/").at(-1) ?? "")?.metadata).toEqual(metadata);

    const t0 = Math.floor(Date.now() / 1000);
    const periodEnd = t0 + 365 * 24 * 3600;
    const completed = {
      id: "evt_checkout_1",
      object: "event",
      type: "checkout.session.completed",
      created: t0,
      data: {
        object: {
          id: "cs_test_x",
          object: "checkout.session",
          mode: "subscription",
          subscription: "sub_test_1",
          customer: "cus_test_1",
          metadata,
        },
      },
    };
    const first = await callRoute(webhook, "action", signed(completed));
    expect(first.data).toMatchObject({ received: true, duplicate: false, applied: true });
    expect((await listing(business.id)).isPremium).toBe(true);
    // Stripe retries the same event: answered, not applied twice.
    const retry = await callRoute(webhook, "action", signed(completed));
    expect(retry.data).toMatchObject({ duplicate: true });
    expect(await getDb().select().from(subscriptions).where(eq(subscriptions.externalId, "sub_test_1"))).toHaveLength(
      1,
    );
    // A second checkout for the plan the listing now has is refused before Stripe is asked.
    const callsBefore = fake.calls.length;
    const twice = await postSubscriptionPage(
      { intent: "checkout", planId: "premium", businessId: business.id, interval: "month" },
      cookie,
    );
    expect(twice.status).toBe(409);
    expect(twice.data.error).toBe("billing:errors.alreadyOnPlan");
    expect(fake.calls.length).toBe(callsBefore);

    // The owner asks to cancel at period end (t0+20); the older "updated" (t0+10) arrives after it.
    const newer = subscriptionEvent({
      id: "evt_sub_newer",
      type: "customer.subscription.updated",
      created: t0 + 20,
      subscription: "sub_test_1",
      status: "active",
      periodEnd,
      cancelAtPeriodEnd: true,
      metadata,
    });
    const older = subscriptionEvent({
      id: "evt_sub_older",
      type: "customer.subscription.updated",
      created: t0 + 10,
      subscription: "sub_test_1",
      status: "active",
      periodEnd,
      cancelAtPeriodEnd: false,
      metadata,
    });
    await callRoute(webhook, "action", signed(newer));
    const late = await callRoute(webhook, "action", signed(older));
    expect(late.data).toMatchObject({ duplicate: false, applied: false });
    const afterLate = await subscriptionRow("sub_test_1");
    expect(afterLate.cancelAtPeriodEnd).toBe(true);
    expect(afterLate.currentPeriodEnd?.getTime()).toBe(periodEnd * 1000);
    expect(await checkSubscription(ownerId)).toMatchObject({ subscribed: true, product_id: "premium" });

    // The invoice: a receipt with Stripe's link, once, in the owner's billing page.
    const invoice = {
      id: "evt_invoice_1",
      object: "event",
      type: "invoice.paid",
      created: t0 + 21,
      data: {
        object: {
          id: "in_test_1",
          object: "invoice",
          amount_paid: 49000,
          amount_due: 49000,
          hosted_invoice_url: "https://invoice.example.test/in_test_1",
          parent: { subscription_details: { subscription: "sub_test_1" } },
          lines: { data: [{ period: { start: t0, end: periodEnd } }] },
        },
      },
    };
    await callRoute(webhook, "action", signed(invoice));
    await callRoute(webhook, "action", signed({ ...invoice, id: "evt_invoice_1_again" }));
    const receipts = await getDb().select().from(billingReceipts).where(eq(billingReceipts.externalId, "in_test_1"));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ amountUsdCents: 49000, status: "paid" });

    // The Billing Portal opens for the customer Stripe gave us.
    const portal = await postSubscriptionPage({ intent: "portal" }, cookie);
    expect(portal.location).toBe(`${fake.url}/portal/cus_test_1`);

    // Cancelled: deleted event → canceled, premium off, owner told.
    const deleted = subscriptionEvent({
      id: "evt_sub_deleted",
      type: "customer.subscription.deleted",
      created: t0 + 30,
      subscription: "sub_test_1",
      status: "canceled",
      periodEnd,
      metadata,
    });
    await callRoute(webhook, "action", signed(deleted));
    expect((await subscriptionRow("sub_test_1")).status).toBe("canceled");
    expect((await listing(business.id)).isPremium).toBe(false);
    expect((await emailsTo(await ownerEmail(ownerId)))[0].subject).toContain("free listing");
    // An "active" of the same second arriving afterwards does not revive it.
    await callRoute(
      webhook,
      "action",
      signed(
        subscriptionEvent({
          id: "evt_sub_same_second",
          type: "customer.subscription.updated",
          created: t0 + 30,
          subscription: "sub_test_1",
          status: "active",
          periodEnd,
          metadata,
        }),
      ),
    );
    expect((await subscriptionRow("sub_test_1")).status).toBe("canceled");

    // A second subscription whose cancellation never arrives lapses after the grace period.
    const lost = subscriptionEvent({
      id: "evt_sub_lost",
      type: "customer.subscription.created",
      created: t0 + 40,
      subscription: "sub_test_2",
      status: "active",
      periodEnd: t0 + 3600,
      metadata,
    });
    await callRoute(webhook, "action", signed(lost));
    expect((await listing(business.id)).isPremium).toBe(true);
    const beforeGrace = await runSubscriptionLapse({ now: new Date((t0 + 3600) * 1000 + 1000) });
    expect(beforeGrace.lapsed).toHaveLength(0);
    await runSubscriptionLapse({ now: new Date((t0 + 3600) * 1000 + stripeLapseGraceMs + 1000) });
    expect((await subscriptionRow("sub_test_2")).status).toBe("expired");
    expect((await listing(business.id)).isPremium).toBe(false);
  });

  it("a failed payment marks the plan failing, and admins see it with MRR by plan", async () => {
    setStripeSettingsForTests({ secretKey: "sk_test_fake", webhookSecret, apiBase: fake.url });
    const business = await createBusiness({ name: "Failing Card Cabinas", owner: "new" });
    const ownerId = business.ownerId as string;
    const metadata = { userId: ownerId, businessId: business.id, planId: "premium", interval: "month" };
    const t0 = Math.floor(Date.now() / 1000);
    await callRoute(
      webhook,
      "action",
      signed(
        subscriptionEvent({
          id: "evt_fail_created",
          type: "customer.subscription.created",
          created: t0,
          subscription: "sub_fail",
          status: "active",
          periodEnd: t0 + 30 * 24 * 3600,
          metadata,
        }),
      ),
    );
    const before = await loadPage(adminSubscriptions, "/admin/subscriptions", admin.cookie);
    const premiumMrr = before.data.list.mrr.find((row: { planId: string }) => row.planId === "premium");
    expect(premiumMrr.mrrUsd).toBeGreaterThanOrEqual(49);
    await callRoute(
      webhook,
      "action",
      signed({
        id: "evt_fail_invoice",
        object: "event",
        type: "invoice.payment_failed",
        created: t0 + 5,
        data: {
          object: {
            id: "in_fail_1",
            object: "invoice",
            amount_paid: 0,
            amount_due: 4900,
            subscription: "sub_fail",
            lines: { data: [] },
          },
        },
      }),
    );
    expect((await subscriptionRow("sub_fail")).status).toBe("past_due");
    const failing = await loadPage(adminSubscriptions, "/admin/subscriptions?status=failing", admin.cookie);
    expect(failing.data.list.rows.map((row: { business: string }) => row.business)).toEqual(["Failing Card Cabinas"]);
    expect(failing.data.list.failing).toBeGreaterThanOrEqual(1);
  });

  it("without Stripe configured the webhook does not exist", async () => {
    setStripeSettingsForTests(null);
    const result = await callRoute(webhook, "action", signed({ id: "evt_off", type: "x", created: 1, data: {} }));
    expect(result.status).toBe(404);
  });
});
