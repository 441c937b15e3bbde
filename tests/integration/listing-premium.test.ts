import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { featuredBusinesses, searchDirectory } from "#app/features/directory/search.server";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { contentVersions } from "#app/lib/response-cache/schema";
import { refreshContentVersions } from "#app/lib/response-cache/versions.server";
import { businesses } from "#app/platform/listings/schema";
import { syncOwnerPremium } from "#app/platform/plans/premium.server";
import { subscriptions } from "#app/platform/plans/schema";
import * as businessRoute from "#app/routes/_public/business/$slug";
import * as adminClaims from "#app/routes/admin/claims";
import { createSignedInUser, createTestUser } from "#tests/factories/accounts";
import { createBusiness, createClaim, createReview } from "#tests/factories/directory";
import { expectRedirectWithToast } from "#tests/factories/flash";
import { emailsTo } from "#tests/factories/outbox";
import { loadPage, postForm } from "#tests/factories/route-calls";

// A plan belongs to the listing it was bought for: a claim moves the listing to a new owner and
// the plan goes with it, whatever plans the old or new owner hold for themselves.

let admin: Awaited<ReturnType<typeof createSignedInUser>>;

async function listing(id: string) {
  const [row] = await getDb().select().from(businesses).where(eq(businesses.id, id));
  return row;
}

async function businessesVersion() {
  const [row] = await getDb().select().from(contentVersions).where(eq(contentVersions.kind, "businesses"));
  return row?.version ?? 0;
}

async function approve(claimId: string) {
  const result = await postForm(
    adminClaims,
    "/admin/claims",
    { claimId, decision: "approve", reason: "" },
    admin.cookie,
  );
  await expectRedirectWithToast(result, "/admin/claims", "claimApproved");
}

beforeAll(async () => {
  clearRateLimitersForTests();
  admin = await createSignedInUser({ roles: ["admin"] });
});

describe("a claim keeps the listing's plan with the listing", () => {
  it("a premium listing stays premium for its new owner: contact details shown, sorted with premium listings", async () => {
    const premium = await createBusiness({
      name: "Quetzal Reef Grill",
      category: "restaurant",
      owner: "new",
      premium: true,
      phone: "+506 0000 7711",
      email: "hola@quetzal-reef.example.com",
    });
    // A free listing rated higher: only premium puts the grill ahead of it.
    const free = await createBusiness({ name: "Quetzal Soda Playa", category: "restaurant" });
    await createReview({ businessId: free.id, rating: 5 });
    await createReview({ businessId: premium.id, rating: 3 });
    const previousOwnerId = (await listing(premium.id)).ownerId as string;
    await getDb().insert(subscriptions).values({ userId: previousOwnerId, businessId: premium.id, planId: "premium" });

    const claimant = await createTestUser();
    const claim = await createClaim({ businessId: premium.id, userId: claimant.id });
    await approve(claim.id);

    const after = await listing(premium.id);
    expect(after.ownerId).toBe(claimant.id);
    expect(after.isPremium).toBe(true);
    // The new owner's dashboard visit and the old owner's both leave the listing's plan in charge.
    await syncOwnerPremium({ ownerId: claimant.id });
    await syncOwnerPremium({ ownerId: previousOwnerId });
    expect((await listing(premium.id)).isPremium).toBe(true);

    const page = await loadPage(businessRoute, `/business/${premium.slug}`, null, {
      slug: premium.slug,
    });
    expect(page.data.business.contact).not.toBeNull();
    expect(JSON.stringify(page.data)).toContain("hola@quetzal-reef.example.com");

    const found = await searchDirectory({ query: "quetzal", language: "en", timeZone: "America/Costa_Rica" });
    expect(found.cards.map((card) => card.slug)).toEqual([premium.slug, free.slug]);
    // Nothing the listing shows changed, so the new owner hears only that the claim was approved,
    // with no explanation of a plan change.
    expect((await emailsTo(claimant.email)).map((email) => email.subject)).toEqual([
      "Your claim for Quetzal Reef Grill was approved",
    ]);
  });

  it("when the listing had no plan of its own, approval ends its premium and tells the new owner in their language", async () => {
    const listed = await createBusiness({
      name: "Quetzal Surf Rentals",
      category: "retail",
      owner: "new",
      premium: true,
      phone: "+506 0000 7722",
    });
    const previousOwnerId = (await listing(listed.id)).ownerId as string;
    // The old owner's plan is theirs, not the listing's (bought before plans belonged to listings).
    await getDb().insert(subscriptions).values({ userId: previousOwnerId, planId: "premium" });

    const claimant = await createTestUser({ preferredLanguage: "es", firstName: "Marisol" });
    const claim = await createClaim({ businessId: listed.id, userId: claimant.id });
    const versionBefore = await businessesVersion();
    await approve(claim.id);

    const after = await listing(listed.id);
    expect(after.ownerId).toBe(claimant.id);
    expect(after.isPremium).toBe(false);
    expect(await businessesVersion()).toBeGreaterThan(versionBefore);
    const page = await loadPage(businessRoute, `/business/${listed.slug}`, null, {
      slug: listed.slug,
    });
    expect(page.data.business.contact).toBeNull();

    const [email] = await emailsTo(claimant.email);
    expect(email.subject).toBe("Quetzal Surf Rentals ya es suyo: se muestra como ficha estándar");
    expect(email.text).toContain("Hola, Marisol:");
    expect(email.text).toContain("plan premium para esta ficha");
    expect(email.text).toContain("/es/dashboard/business");
  });

  it("in English for an English-speaking owner, when the listing's own plan makes it premium", async () => {
    const listed = await createBusiness({ name: "Quetzal Kayak Tours", category: "retail", premium: false });
    const payer = await createTestUser();
    await getDb().insert(subscriptions).values({ userId: payer.id, businessId: listed.id, planId: "enterprise" });
    const claimant = await createTestUser({ preferredLanguage: "en", firstName: "Dana" });
    const claim = await createClaim({ businessId: listed.id, userId: claimant.id });
    await approve(claim.id);

    expect((await listing(listed.id)).isPremium).toBe(true);
    const [email] = await emailsTo(claimant.email);
    expect(email.subject).toBe("Quetzal Kayak Tours is now yours, with its premium plan");
    expect(email.text).toContain("Hello Dana,");
    expect(email.text).toContain("/dashboard/business");
    expect(email.text).not.toContain("/es/");
  });
});

describe("the home page's featured listings", () => {
  it("are kept for the minute, and follow a plan bought within it once the directory's version moves", async () => {
    const options = { language: "en", timeZone: "America/Costa_Rica", limit: 50 } as const;
    const owner = await createTestUser();
    const grill = await createBusiness({ name: "Parrilla Featured Test", owner: owner.id });
    expect((await featuredBusinesses(options)).map((card) => card.slug)).not.toContain(grill.slug);
    await getDb().insert(subscriptions).values({ userId: owner.id, businessId: grill.id, planId: "premium" });
    expect(await syncOwnerPremium({ ownerId: owner.id })).toBe(true);
    await refreshContentVersions();
    expect((await featuredBusinesses(options)).map((card) => card.slug)).toContain(grill.slug);
  });
});
