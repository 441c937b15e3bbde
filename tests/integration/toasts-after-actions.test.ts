import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages } from "#app/features/guides/schema";
import { getDb } from "#app/lib/db.server";
import * as businessRoute from "#app/routes/_public/business/$slug";
import * as claimRoute from "#app/routes/_public/business/$slug/claim";
import * as contactRoute from "#app/routes/_public/contact";
import * as adminBusinesses from "#app/routes/admin/businesses";
import * as adminClaims from "#app/routes/admin/claims";
import * as contactEditor from "#app/routes/admin/content/contacts/$contactId";
import * as adminContent from "#app/routes/admin/content/index";
import * as adminReviews from "#app/routes/admin/reviews";
import * as adminUser from "#app/routes/admin/users/$userId";
import * as settingsRoute from "#app/routes/dashboard/settings";
import { createSignedInUser, createTestUser } from "#tests/factories/accounts";
import { createBusiness, createClaim, createReview } from "#tests/factories/directory";
import { expectRedirectWithToast, toastsOnNextPage } from "#tests/factories/flash";
import { postForm, type RouteResult } from "#tests/factories/route-calls";

// Each completed action answers post/redirect/get with its toast in the flash cookie, and the
// page it redirects to shows it (tests/integration/flash-toasts.test.ts covers the cookie itself).
// Refused input still answers 400 with the form's messages and no toast.

type RouteModule = { action: (args: never) => unknown };

function post(route: RouteModule, path: string, fields: Record<string, string>, cookie: string | null, params = {}) {
  return postForm(route, path, fields, cookie, params);
}

function expectNoToast(result: RouteResult) {
  expect(result.headers.getSetCookie().some((cookie) => cookie.startsWith("playa.flash="))).toBe(false);
}

describe("toasts after a visitor's actions", () => {
  it("posting a review and the owner's reply (English and Spanish pages)", async () => {
    const owner = await createSignedInUser({ roles: ["business_owner"] });
    const business = await createBusiness({ name: "Soda Toast", owner: owner.id });
    const guest = await createSignedInUser();
    const refused = await post(
      businessRoute,
      `/business/${business.slug}`,
      { intent: "review", rating: "" },
      guest.cookie,
      {
        slug: business.slug,
      },
    );
    expect(refused.status).toBe(400);
    expectNoToast(refused);

    const review = await post(
      businessRoute,
      `/es/business/${business.slug}`,
      { intent: "review", rating: "5", body: "Casado riquísimo y buen precio." },
      guest.cookie,
      { slug: business.slug },
    );
    await expectRedirectWithToast(review, `/es/business/${business.slug}`, "reviewPosted");

    const mine = await createReview({ businessId: business.id });
    const reply = await post(
      businessRoute,
      `/business/${business.slug}`,
      { intent: "reply", reviewId: mine.id, reply: "Thanks for coming by!" },
      owner.cookie,
      { slug: business.slug },
    );
    await expectRedirectWithToast(reply, `/business/${business.slug}`, "replyPosted");
  });

  it("sending a claim keeps its confirmation page and adds a toast", async () => {
    const business = await createBusiness({ name: "Claim Toast" });
    const claimant = await createSignedInUser();
    const sent = await post(
      claimRoute,
      `/business/${business.slug}/claim`,
      { claimType: "business_owner", verificationMethod: "phone", contactDetails: "+506 8888 7777" },
      claimant.cookie,
      { slug: business.slug },
    );
    await expectRedirectWithToast(sent, "/dashboard/claims?submitted=1", "claimSent");
  });

  it("the contact form keeps its 'Message sent' page and adds a toast", async () => {
    const sent = await post(
      contactRoute,
      "/es/contact",
      {
        name: "Ana",
        email: "ana.toast@example.com",
        subject: "Hola",
        message: "Quería avisarles que la soda abre temprano los domingos.",
      },
      null,
    );
    await expectRedirectWithToast(sent, "/es/contact?sent=1", "messageSent");
    const stored = await getDb()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "ana.toast@example.com"));
    expect(stored).toHaveLength(1);
  });

  it("saving the language preference follows the new language, with a toast and no ?saved query", async () => {
    const user = await createSignedInUser();
    const saved = await post(
      settingsRoute,
      "/dashboard/settings",
      { intent: "language", preferredLanguage: "es" },
      user.cookie,
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/es/dashboard/settings");
    expect(saved.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^i18nextLng=es;/));
    expect(await toastsOnNextPage(saved.headers, "/es/dashboard/settings")).toEqual(["languageSaved"]);
  });
});

describe("toasts after an admin's actions", () => {
  it("rejecting a claim", async () => {
    const admin = await createSignedInUser({ roles: ["admin"] });
    const business = await createBusiness({ name: "Reject Toast" });
    const claim = await createClaim({ businessId: business.id });
    const rejected = await post(
      adminClaims,
      "/es/admin/claims?status=pending",
      { claimId: claim.id, decision: "reject", reason: "No pudimos confirmar el teléfono." },
      admin.cookie,
    );
    await expectRedirectWithToast(rejected, "/es/admin/claims?status=pending", "claimRejected");
  });

  it("hiding a review and dismissing its reports", async () => {
    const admin = await createSignedInUser({ roles: ["admin"] });
    const business = await createBusiness({ name: "Moderation Toast" });
    const first = await createReview({ businessId: business.id });
    const second = await createReview({ businessId: business.id });
    const bad = await post(adminReviews, "/admin/reviews", { reviewId: "nope", decision: "hide" }, admin.cookie);
    expect(bad.status).toBe(400);
    expectNoToast(bad);
    await expectRedirectWithToast(
      await post(adminReviews, "/admin/reviews", { reviewId: first.id, decision: "hide" }, admin.cookie),
      "/admin/reviews",
      "reviewHidden",
    );
    await expectRedirectWithToast(
      await post(adminReviews, "/admin/reviews", { reviewId: second.id, decision: "dismiss" }, admin.cookie),
      "/admin/reviews",
      "reportsDismissed",
    );
  });

  it("unverifying a business", async () => {
    const admin = await createSignedInUser({ roles: ["admin"] });
    const business = await createBusiness({ name: "Unverify Toast", owner: "new" });
    await expectRedirectWithToast(
      await post(adminBusinesses, "/admin/businesses", { intent: "unverify", businessId: business.id }, admin.cookie),
      "/admin/businesses",
      "businessUnverified",
    );
  });

  it("granting and revoking a role, and enabling an account", async () => {
    const admin = await createSignedInUser({ roles: ["admin"] });
    const target = await createTestUser();
    const path = `/admin/users/${target.id}`;
    const params = { userId: target.id };
    await expectRedirectWithToast(
      await post(adminUser, path, { intent: "grant", role: "business_owner" }, admin.cookie, params),
      path,
      "roleGranted",
    );
    await expectRedirectWithToast(
      await post(adminUser, path, { intent: "revoke", role: "business_owner" }, admin.cookie, params),
      path,
      "roleRevoked",
    );
    await post(adminUser, path, { intent: "disable" }, admin.cookie, params);
    await expectRedirectWithToast(
      await post(adminUser, path, { intent: "enable" }, admin.cookie, params),
      path,
      "accountEnabled",
    );
  });

  it("saving a contact with nothing changed, and marking a message handled and open again", async () => {
    const admin = await createSignedInUser({ roles: ["admin"] });
    const fields = {
      nameEn: "Poison control",
      nameEs: "Centro Nacional de Control de Intoxicaciones",
      phone: "2223-1028",
      lastVerifiedOn: "2026-11-20",
    };
    const path = "/admin/content/contacts/poison-control";
    const params = { contactId: "poison-control" };
    await post(contactEditor, path, fields, admin.cookie, params);
    await expectRedirectWithToast(await post(contactEditor, path, fields, admin.cookie, params), path, "noChanges");

    const [message] = await getDb()
      .insert(contactMessages)
      .values({
        name: "Ana",
        email: "ana.handled@example.com",
        subject: "Hola",
        message: "Un mensaje de prueba.",
        language: "es",
      })
      .returning();
    const handled = await post(
      adminContent,
      "/admin/content",
      { id: String(message.id), handled: "true" },
      admin.cookie,
    );
    await expectRedirectWithToast(handled, "/admin/content", "messageHandled");
    const reopened = await post(
      adminContent,
      "/admin/content",
      { id: String(message.id), handled: "false" },
      admin.cookie,
    );
    await expectRedirectWithToast(reopened, "/admin/content", "messageReopened");
  });
});
