import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSubscriptionLapse } from "#app/features/billing/grants.server";
import { billingReceipts, sinpeTransfers } from "#app/features/billing/schema";
import {
  confirmSinpeTransfer,
  runSinpeExpiry,
  setSinpeNumberForTests,
  sinpeExpiryMs,
} from "#app/features/billing/sinpe.server";
import { setStripeSettingsForTests } from "#app/features/billing/stripe.server";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { auditLog } from "#app/platform/audit/schema";
import { subscriptions } from "#app/platform/plans/schema";
import { setExchangeRate } from "#app/platform/site/site-config.server";
import * as adminSubscriptions from "#app/routes/admin/subscriptions";
import * as subscriptionPage from "#app/routes/dashboard/subscription";
import { createSignedInUser } from "#tests/factories/accounts";
import { postAdminSubscriptions, postSubscriptionPage } from "#tests/factories/billing";
import { createBusiness, isPremium } from "#tests/factories/directory";
import { emailsTo } from "#tests/factories/outbox";
import { loadPage } from "#tests/factories/route-calls";

// Paying for a plan by SINPE Móvil with no provider: the owner starts a transfer (amount in colones
// at the dated site rate, a code), submits the bank's reference, and an admin confirms or rejects it
// from the queue; the same reference never pays twice, two admins confirming at once grant once,
// and what nobody matched expires, each with an email in the owner's language.

let admin: Awaited<ReturnType<typeof createSignedInUser>>;
// The admin as the domain functions take them (called directly, as two tabs would at once).
const asAdmin = (user: { id: string }): Actor => ({ id: user.id, role: "admin" });

async function ownerWithListing(language: "en" | "es" = "en") {
  const owner = await createSignedInUser({ roles: ["business_owner"], preferredLanguage: language });
  const business = await createBusiness({ name: `Sinpe Cafe ${owner.id.slice(0, 6)}`, owner: owner.id });
  return { owner, business };
}

async function start(owner: { cookie: string }, businessId: string, planId = "premium", interval = "month") {
  return postSubscriptionPage({ intent: "sinpe", planId, businessId, interval }, owner.cookie);
}

async function transfersFor(businessId: string) {
  return getDb()
    .select()
    .from(sinpeTransfers)
    .where(eq(sinpeTransfers.businessId, businessId))
    .orderBy(desc(sinpeTransfers.id));
}

async function submit(owner: { cookie: string }, transferId: number, reference: string) {
  return postSubscriptionPage({ intent: "sinpe-reference", transferId: String(transferId), reference }, owner.cookie);
}

async function paidTransfer(language: "en" | "es", reference: string) {
  const { owner, business } = await ownerWithListing(language);
  expect((await start(owner, business.id)).status).toBe(302);
  const [transfer] = await transfersFor(business.id);
  expect((await submit(owner, transfer.id, reference)).status).toBe(302);
  return { owner, business, transfer };
}

beforeAll(async () => {
  clearRateLimitersForTests();
  setStripeSettingsForTests(null);
  setSinpeNumberForTests("88887777");
  admin = await createSignedInUser({ roles: ["admin"] });
  await setExchangeRate({ actor: asAdmin(admin), crcPerUsd: 505.5, on: "2026-11-20" });
});

afterAll(() => setSinpeNumberForTests(undefined));

describe("paying for a plan by SINPE Móvil", () => {
  it("the owner sees the site's number, the amount in colones at the dated rate and a code, and submits the reference", async () => {
    const { owner, business } = await ownerWithListing("es");
    expect((await start(owner, business.id)).status).toBe(302);
    const [transfer] = await transfersFor(business.id);
    // Premium is USD 49 a month: 49 × 505.5 = 24 769.5, rounded to whole colones.
    expect(transfer).toMatchObject({
      status: "awaiting",
      planId: "premium",
      interval: "month",
      amountUsdCents: 4900,
      amountCrc: 24770,
      crcPerUsd: 505.5,
      rateOn: "2026-11-20",
    });
    expect(transfer.code).toMatch(/^PH[A-Z2-9]{6}$/);

    const page = await loadPage(subscriptionPage, "/es/dashboard/subscription", owner.cookie);
    expect(page.data.sinpe).toEqual({ number: "+506 8888-7777" });
    expect(page.data.transfers[0]).toMatchObject({ code: transfer.code, status: "awaiting", rateOn: "2026-11-20" });
    expect(page.data.transfers[0].amountCrc).toMatch(/24.770/);

    expect((await submit(owner, transfer.id, " 2026 1120-8899 ")).status).toBe(302);
    const [submitted] = await transfersFor(business.id);
    expect(submitted).toMatchObject({ status: "submitted", bankReference: "202611208899" });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "billing.sinpe.submit"), eq(auditLog.targetId, String(transfer.id))));
    expect(audit.actorId).toBe(owner.id);
  });

  it("the admin confirms from the queue, oldest first: the plan is granted with a paid receipt, audited, and the owner emailed in Spanish", async () => {
    const first = await paidTransfer("es", "1000000001");
    const second = await paidTransfer("en", "1000000002");
    const queue = await loadPage(adminSubscriptions, "/admin/subscriptions", admin.cookie);
    const codes = queue.data.transfers.map((row: { code: string }) => row.code);
    expect(codes.indexOf(first.transfer.code)).toBeLessThan(codes.indexOf(second.transfer.code));

    const confirmed = await postAdminSubscriptions(
      { intent: "sinpe-confirm", transferId: String(first.transfer.id) },
      admin.cookie,
    );
    expect(confirmed.status).toBe(302);
    expect(await isPremium(first.business.id)).toBe(true);
    const [subscription] = await getDb()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.businessId, first.business.id));
    expect(subscription).toMatchObject({ planId: "premium", source: "sinpe", status: "active" });
    const end = subscription.currentPeriodEnd as Date;
    expect(end.getTime() - Date.now()).toBeGreaterThan(27 * 24 * 3600 * 1000);
    const receipts = await getDb()
      .select()
      .from(billingReceipts)
      .where(eq(billingReceipts.subscriptionId, subscription.id));
    expect(receipts.map((row) => [row.status, row.source, row.amountUsdCents, row.externalId])).toEqual([
      ["paid", "sinpe", 4900, "sinpe:1000000001"],
    ]);
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "billing.sinpe.confirm"), eq(auditLog.targetId, String(first.transfer.id))));
    expect(audit.actorId).toBe(admin.id);
    const mail = await emailsTo(first.owner.email);
    const sinpeMail = mail.find((row) => row.subject.includes("SINPE"));
    expect(sinpeMail?.subject).toBe(`Su pago por SINPE Móvil para ${first.business.name} está confirmado`);
    expect(sinpeMail?.text).toContain(first.transfer.code);

    const after = await loadPage(adminSubscriptions, "/admin/subscriptions", admin.cookie);
    expect(after.data.transfers.map((row: { code: string }) => row.code)).not.toContain(first.transfer.code);
    const ownerPage = await loadPage(subscriptionPage, "/dashboard/subscription", first.owner.cookie);
    expect(
      ownerPage.data.subscriptions
        .filter((row: { live: boolean }) => row.live)
        .map((row: { planId: string }) => row.planId),
    ).toEqual(["premium"]);
  });

  it("a plan paid by SINPE Móvil lapses at the end of the month it paid for", async () => {
    const paid = await paidTransfer("en", "6000000001");
    await confirmSinpeTransfer({ actor: asAdmin(admin), transferId: paid.transfer.id });
    expect(await isPremium(paid.business.id)).toBe(true);
    await runSubscriptionLapse({ now: new Date(Date.now() + 20 * 24 * 3600 * 1000) });
    expect(await isPremium(paid.business.id)).toBe(true);
    await runSubscriptionLapse({ now: new Date(Date.now() + 32 * 24 * 3600 * 1000) });
    expect(await isPremium(paid.business.id)).toBe(false);
    const [row] = await getDb().select().from(subscriptions).where(eq(subscriptions.businessId, paid.business.id));
    expect(row.status).toBe("expired");
  });

  it("the same bank reference is not confirmed twice", async () => {
    const first = await paidTransfer("en", "2000000001");
    const second = await paidTransfer("en", "2000000001");
    await confirmSinpeTransfer({ actor: asAdmin(admin), transferId: first.transfer.id });
    const again = await postAdminSubscriptions(
      { intent: "sinpe-confirm", transferId: String(second.transfer.id) },
      admin.cookie,
    );
    expect(again.status).toBe(409);
    expect(again.data.error).toBe("billing:errors.sinpeReferenceUsed");
    expect(await isPremium(second.business.id)).toBe(false);
    // A third owner quoting the used reference is told at once.
    const { owner, business } = await ownerWithListing();
    await start(owner, business.id);
    const [third] = await transfersFor(business.id);
    const refused = await submit(owner, third.id, "2000000001");
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ error: "billing:errors.sinpeReferenceUsed", reference: "2000000001" });
  });

  it("two admins confirming at once grant the plan once", async () => {
    const paid = await paidTransfer("en", "3000000001");
    const other = await createSignedInUser({ roles: ["admin"] });
    const results = await Promise.allSettled([
      confirmSinpeTransfer({ actor: asAdmin(admin), transferId: paid.transfer.id }),
      confirmSinpeTransfer({ actor: asAdmin(other), transferId: paid.transfer.id }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.messageKey).toBe("billing:errors.sinpeDecided");
    const live = await getDb().select().from(subscriptions).where(eq(subscriptions.businessId, paid.business.id));
    expect(live).toHaveLength(1);
  });

  it("the admin rejects with a reason the owner is emailed; without a reason nothing changes", async () => {
    const paid = await paidTransfer("en", "4000000001");
    const empty = await postAdminSubscriptions(
      { intent: "sinpe-reject", transferId: String(paid.transfer.id), reason: "  " },
      admin.cookie,
    );
    expect(empty.status).toBe(400);
    expect((await transfersFor(paid.business.id))[0].status).toBe("submitted");
    const rejected = await postAdminSubscriptions(
      { intent: "sinpe-reject", transferId: String(paid.transfer.id), reason: "Not on the statement" },
      admin.cookie,
    );
    expect(rejected.status).toBe(302);
    expect((await transfersFor(paid.business.id))[0]).toMatchObject({
      status: "rejected",
      reason: "Not on the statement",
    });
    const [mail] = await emailsTo(paid.owner.email);
    expect(mail.subject).toBe(`We could not confirm your SINPE Móvil payment for ${paid.business.name}`);
    expect(mail.text).toContain("Reason: Not on the statement");
    expect(await isPremium(paid.business.id)).toBe(false);
  });

  it("hostile or wrong input gets a message, never a 500, and writes nothing", async () => {
    const { owner, business } = await ownerWithListing();
    const stranger = await ownerWithListing();
    expect((await start(owner, stranger.business.id)).status).toBe(404);
    expect((await start(owner, business.id, "free")).status).toBe(400);
    expect((await start(owner, business.id, "../../x")).status).toBe(400);
    expect(await transfersFor(stranger.business.id)).toHaveLength(0);
    await start(owner, business.id);
    const [transfer] = await transfersFor(business.id);
    for (const reference of ["", "12", "<script>", "x".repeat(59)]) {
      const answer = await submit(owner, transfer.id, reference);
      expect(answer.status, reference).toBe(400);
      expect(answer.data.error).toBe("billing:errors.sinpeReference");
    }
    expect((await submit(owner, Number.NaN, "12345678")).status).toBe(400);
    // Another owner's transfer is not theirs to submit.
    expect((await submit(stranger.owner, transfer.id, "12345678")).status).toBe(404);
    expect((await transfersFor(business.id))[0].status).toBe("awaiting");
    // Only an admin confirms.
    const refused = await postAdminSubscriptions(
      { intent: "sinpe-confirm", transferId: String(transfer.id) },
      owner.cookie,
    );
    expect(refused.status).toBe(302);
    // An awaiting transfer (no reference yet) cannot be confirmed.
    const early = await postAdminSubscriptions(
      { intent: "sinpe-confirm", transferId: String(transfer.id) },
      admin.cookie,
    );
    expect(early.status).toBe(409);
    expect((await postAdminSubscriptions({ intent: "sinpe-confirm", transferId: "abc" }, admin.cookie)).status).toBe(
      400,
    );
  });

  it("without the site's number the option is not offered and cannot be forced", async () => {
    const { owner, business } = await ownerWithListing();
    setSinpeNumberForTests(null);
    try {
      const page = await loadPage(subscriptionPage, "/dashboard/subscription", owner.cookie);
      expect(page.data.sinpe).toBeNull();
      const forced = await start(owner, business.id);
      expect(forced.status).toBe(400);
      expect(forced.data.error).toBe("billing:errors.sinpeOff");
    } finally {
      setSinpeNumberForTests("88887777");
    }
  });

  it("an unmatched transfer expires after seven days with an email; a confirmed one does not", async () => {
    const waiting = await paidTransfer("es", "5000000001");
    const done = await paidTransfer("en", "5000000002");
    await confirmSinpeTransfer({ actor: asAdmin(admin), transferId: done.transfer.id });
    const early = await runSinpeExpiry({ now: new Date(Date.now() + sinpeExpiryMs - 60_000) });
    expect(early.expired).not.toContain(waiting.transfer.id);
    const later = await runSinpeExpiry({ now: new Date(Date.now() + sinpeExpiryMs + 60_000) });
    expect(later.expired).toContain(waiting.transfer.id);
    expect(later.expired).not.toContain(done.transfer.id);
    expect((await transfersFor(waiting.business.id))[0].status).toBe("expired");
    expect((await transfersFor(done.business.id))[0].status).toBe("confirmed");
    const [mail] = await emailsTo(waiting.owner.email);
    expect(mail.subject).toBe(`Su pago por SINPE Móvil para ${waiting.business.name} venció`);
    // Expired: the owner can no longer submit or the admin confirm it.
    expect((await submit(waiting.owner, waiting.transfer.id, "5000000009")).status).toBe(409);
  });
});
