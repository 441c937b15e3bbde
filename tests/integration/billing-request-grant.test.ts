import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { planRequests } from "#app/features/billing/schema";
import { setStripeSettingsForTests } from "#app/features/billing/stripe.server";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { auditLog } from "#app/platform/audit/schema";
import { subscriptions } from "#app/platform/plans/schema";
import * as adminSubscriptions from "#app/routes/admin/subscriptions";
import { createSignedInUser, sessionCookieFor } from "#tests/factories/accounts";
import { postAdminSubscriptions, postSubscriptionPage } from "#tests/factories/billing";
import { createBusiness, isPremium } from "#tests/factories/directory";
import { loadPage, postForm } from "#tests/factories/route-calls";

// An owner's upgrade request is answered from the request itself: the admin grants the plan asked
// for, through the same audited grant as the grant form; and the grant form takes what its hint
// says (a slug, or the listing's address pasted whole).

let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  clearRateLimitersForTests();
  setStripeSettingsForTests(null);
  admin = await createSignedInUser({ roles: ["admin"] });
});

describe("granting an upgrade request", () => {
  it("the admin grants the requested plan from the request: audited, premium at once, the request closed", async () => {
    const business = await createBusiness({ name: "Requested Premium Bakery", owner: "new" });
    const cookie = await sessionCookieFor(business.ownerId as string);
    const asked = await postSubscriptionPage({ intent: "request", planId: "premium", businessId: business.id }, cookie);
    expect(asked.status).toBe(302);
    const [request] = await getDb().select().from(planRequests).where(eq(planRequests.businessId, business.id));

    const page = await loadPage(adminSubscriptions, "/es/admin/subscriptions", admin.cookie);
    expect(page.data.requests.map((row: { id: number }) => row.id)).toContain(request.id);

    const granted = await postForm(
      adminSubscriptions,
      "/es/admin/subscriptions",
      { intent: "grant-request", requestId: String(request.id) },
      admin.cookie,
    );
    expect(granted.status).toBe(302);
    expect(await isPremium(business.id)).toBe(true);
    const live = await getDb()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.businessId, business.id), eq(subscriptions.status, "active")));
    expect(live.map((row) => [row.planId, row.source, row.grantedBy])).toEqual([["premium", "admin", admin.id]]);
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "billing.subscription.grant"), eq(auditLog.targetId, business.id)));
    expect(audit.actorId).toBe(admin.id);
    expect(audit.details).toMatchObject({ plan: "premium", reason: "Solicitud de mejora del propietario" });
    const [closed] = await getDb().select().from(planRequests).where(eq(planRequests.id, request.id));
    expect(closed.status).toBe("done");

    // Granting it again (a second tab, a double click) is refused with a message, not a second plan.
    const again = await postAdminSubscriptions(
      { intent: "grant-request", requestId: String(request.id) },
      admin.cookie,
    );
    expect(again.status).toBe(404);
    expect(again.data.error).toBe("billing:errors.noRequest");
  });

  it("only an admin grants a request", async () => {
    const business = await createBusiness({ owner: "new" });
    const cookie = await sessionCookieFor(business.ownerId as string);
    await postSubscriptionPage({ intent: "request", planId: "premium", businessId: business.id }, cookie);
    const [request] = await getDb().select().from(planRequests).where(eq(planRequests.businessId, business.id));
    const refused = await postAdminSubscriptions({ intent: "grant-request", requestId: String(request.id) }, cookie);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/dashboard");
    expect(await isPremium(business.id)).toBe(false);
  });

  it("the grant form takes a listing's whole address as its hint says, not only its slug", async () => {
    const business = await createBusiness({ name: "Pasted Address Cantina", owner: "new" });
    const result = await postAdminSubscriptions(
      {
        intent: "grant",
        planId: "premium",
        businessSlug: `https://playa.example/es/business/${business.slug}?utm=1`,
        reason: "Launch partner",
      },
      admin.cookie,
    );
    expect(result.status).toBe(302);
    expect(await isPremium(business.id)).toBe(true);
  });
});
