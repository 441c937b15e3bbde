import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideClaim, listMyClaims, submitClaim } from "#app/features/directory/claims.server";
import { addBusinessImage } from "#app/features/directory/images.server";
import {
  createDraftBusiness,
  getEditableBusiness,
  replaceBusinessHours,
  setBusinessVerified,
  submitBusinessForReview,
  updateBusinessDetails,
} from "#app/features/directory/manage.server";
import { replyToReview, reportReview, saveReview } from "#app/features/directory/reviews.server";
import { businessClaims, businessImages, reviews } from "#app/features/directory/schema";
import { searchDirectory } from "#app/features/directory/search.server";
import type { Role } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { isAppError } from "#app/lib/errors";
import { parseFormMessage } from "#app/lib/form-message";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { auditLog } from "#app/platform/audit/schema";
import { businesses } from "#app/platform/listings/schema";
import { emailOutbox } from "#app/platform/outbox/schema";
import { userRoles } from "#app/platform/people/schema";
import * as businessRoute from "#app/routes/_public/business/$slug";
import * as claimRoute from "#app/routes/_public/business/$slug/claim";
import * as listRoute from "#app/routes/_public/list-business";
import * as adminBusinesses from "#app/routes/admin/businesses";
import * as adminClaims from "#app/routes/admin/claims";
import * as editRoute from "#app/routes/dashboard/business/$businessId";
import * as hoursRoute from "#app/routes/dashboard/business/$businessId/hours";
import { createSignedInUser, createTestUser } from "#tests/factories/accounts";
import { createBusiness, createReview, type TestBusiness } from "#tests/factories/directory";
import { expectRedirectWithToast } from "#tests/factories/flash";
import { loadPage, postForm } from "#tests/factories/route-calls";

/** The "list your business" form, and the admin's businesses desk, posted as a browser would. */
const postListBusiness = (fields: Record<string, string>, cookie?: string | null) =>
  postForm(listRoute, "/list-business", fields, cookie);
const postAdminBusinesses = (fields: Record<string, string>, cookie: string) =>
  postForm(adminBusinesses, "/admin/businesses", fields, cookie);

// Uploaded photos go to a scratch directory, not the project's ./data.
const dataDir = mkdtempSync(path.join(tmpdir(), "playa-directory-"));
process.env.DATA_DIR = dataDir;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Person = { id: string; email: string; role: Role; cookie: string };

async function person(roles: ("business_owner" | "admin")[] = []): Promise<Person> {
  const user = await createSignedInUser({ roles });
  return {
    id: user.id,
    email: user.email,
    role: roles.includes("admin") ? "admin" : roles.includes("business_owner") ? "business_owner" : "user",
    cookie: user.cookie,
  };
}

async function expectAppError(promise: Promise<unknown>, code: string, messageKey?: string) {
  try {
    await promise;
  } catch (error) {
    expect(isAppError(error), String(error)).toBe(true);
    if (isAppError(error)) {
      expect(error.code).toBe(code);
      if (messageKey) expect(error.messageKey).toBe(messageKey);
    }
    return;
  }
  throw new Error(`expected an AppError ${code}`);
}

async function businessBySlug(slug: string) {
  const [row] = await getDb().select().from(businesses).where(eq(businesses.slug, slug));
  return row;
}

let alice: Person;
let bob: Person;
let admin: Person;
// Public listings with no owner yet, each used by one group of tests below.
const listings = {} as Record<
  "soda" | "pizza" | "surfShop" | "bar" | "tacos" | "iceCream" | "lodge" | "cafe" | "vet",
  TestBusiness
>;

beforeAll(async () => {
  clearRateLimitersForTests();
  alice = await person();
  bob = await person();
  admin = await person(["admin"]);
  listings.soda = await createBusiness({ name: "Soda La Esquina", category: "restaurant", area: "brasilito" });
  listings.pizza = await createBusiness({ name: "Pizzería Il Faro", category: "restaurant" });
  listings.surfShop = await createBusiness({ name: "Surf Shop Verde Mar", category: "retail", area: "surfside" });
  listings.bar = await createBusiness({ name: "Bar La Ola", category: "entertainment" });
  listings.tacos = await createBusiness({ name: "Taquería El Potrero", category: "restaurant", area: "surfside" });
  listings.iceCream = await createBusiness({ name: "Heladería Coco Frío", category: "restaurant" });
  listings.lodge = await createBusiness({ name: "Eco Lodge Río Huacas", category: "accommodation", area: "huacas" });
  listings.cafe = await createBusiness({ name: "Café Pura Mañana", category: "restaurant" });
  listings.vet = await createBusiness({ name: "Veterinaria Patitas Felices", category: "health", area: "huacas" });
  // Reviews by others already there, so rating changes are measured against a real average.
  for (const listing of [listings.tacos, listings.cafe, listings.vet]) {
    await createReview({ businessId: listing.id, rating: 4 });
    await createReview({ businessId: listing.id, rating: 5 });
  }
});

describe("listing a business", () => {
  it("signed out, /list-business explains the steps and asks to sign in; posting goes to /auth", async () => {
    const page = await loadPage(listRoute, "/es/list-business");
    expect(page.status).toBe(200);
    expect(page.data.mode).toBe("signed-out");
    const draft = await loadPage(listRoute, "/list-business?id=00000000-0000-0000-0000-000000000000");
    expect(draft.status).toBe(302);
    const post = await postListBusiness({
      name: "Sneaky",
      category: "restaurant",
      area: "huacas",
    });
    expect(post.status).toBe(302);
    expect(post.location).toContain("/auth?redirectTo=");
  });

  it("refuses hostile and missing input with messages per field, and keeps what was typed", async () => {
    const result = await postListBusiness(
      { name: "<script>alert(1)</script>", category: "spaceships", area: "", slug: "Bad Slug!" },
      alice.cookie,
    );
    expect(result.status).toBe(400);
    const errors = result.data.result.error;
    expect(errors.name).toEqual(["directory:errors.invalidCharacters"]);
    expect(errors.category).toEqual(["directory:errors.categoryRequired"]);
    expect(errors.area).toEqual(["directory:errors.areaRequired"]);
    expect(errors.slug).toEqual(["directory:errors.slug.format"]);
    expect(result.data.result.initialValue.slug).toBe("Bad Slug!");
  });

  it("refuses a web address another business already has, on the slug field", async () => {
    const result = await postListBusiness(
      { name: "Another Soda", category: "restaurant", area: "brasilito", slug: listings.soda.slug },
      alice.cookie,
    );
    expect(result.status).toBe(409);
    expect(result.data.result.error.slug.map((message: string) => parseFormMessage(message).key)).toEqual([
      "directory:errors.slugTaken",
    ]);
  });

  it("saves a draft, fills it in step by step, sends it, and an admin's verification publishes it", async () => {
    const created = await postListBusiness(
      { name: "Café Olas Test", category: "restaurant", area: "surfside", slug: "" },
      alice.cookie,
    );
    expect(created.status).toBe(302);
    const id = new URL(created.location ?? "", "http://x").searchParams.get("id") ?? "";
    const draft = await businessBySlug("cafe-olas-test");
    expect(draft.id).toBe(id);
    expect(draft.status).toBe("draft");
    expect(draft.createdBy).toBe(alice.id);

    // Not complete yet: no description, no address.
    await expectAppError(submitBusinessForReview({ id, actor: alice }), "invalid", "directory:errors.incomplete");
    const step = (fields: Record<string, string>) =>
      postForm(listRoute, `/list-business?id=${id}`, fields, alice.cookie);
    expect(
      (
        await step({
          intent: "about",
          descriptionEn: "Coffee and waves, test café.",
          descriptionEs: "",
          specialtiesEn: "Coffee, Waves",
          keywords: "café",
        })
      ).status,
    ).toBe(302);
    expect(
      (
        await step({
          intent: "contact",
          address: "Frente a la playa",
          phone: "+506 8888 0000",
          website: "olas.example.com",
        })
      ).status,
    ).toBe(302);
    const badHours = await step({ intent: "hours", d1p0open: "08:00" });
    expect(badHours.status).toBe(400);
    expect(badHours.data.result.error.d1p0close).toEqual(["directory:errors.timePair"]);
    expect(
      (await step({ intent: "hours", d1p0open: "07:00", d1p0close: "11:00", d1p1open: "17:00", d1p1close: "01:00" }))
        .status,
    ).toBe(302);
    const submitted = await step({ intent: "submit" });
    expect(submitted.status).toBe(302);
    expect(submitted.location).toBe("/dashboard/business?submitted=1");
    const pending = await businessBySlug("cafe-olas-test");
    expect(pending.status).toBe("pending");
    expect(pending.website).toBe("https://olas.example.com");
    expect(pending.specialtiesEn).toEqual(["Coffee", "Waves"]);

    // Pending is not public.
    expect((await searchDirectory({ query: "olas test", language: "en", timeZone: "America/Costa_Rica" })).total).toBe(
      0,
    );

    // Only an admin may verify.
    const refused = await postAdminBusinesses({ intent: "verify", businessId: id }, alice.cookie);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/dashboard");
    const verified = await postAdminBusinesses({ intent: "verify", businessId: id }, admin.cookie);
    await expectRedirectWithToast(verified, "/admin/businesses", "businessVerified");
    const live = await businessBySlug("cafe-olas-test");
    expect(live.status).toBe("verified");
    expect(live.ownerId).toBe(alice.id);
    const roles = await getDb().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, alice.id));
    expect(roles.map((row) => row.role)).toContain("business_owner");
    const audit = await getDb().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((row) => row.action)).toContain("business.verify");
    const found = await searchDirectory({ query: "olas test", language: "es", timeZone: "America/Costa_Rica" });
    expect(found.cards.map((card) => card.slug)).toEqual(["cafe-olas-test"]);

    // Unverifying takes it off the public site again.
    await setBusinessVerified({ id, actor: admin, verified: false });
    expect((await searchDirectory({ query: "olas test", language: "en", timeZone: "America/Costa_Rica" })).total).toBe(
      0,
    );
    await setBusinessVerified({ id, actor: admin, verified: true });
  });
});

describe("ownership is checked on the server, per business", () => {
  it("someone else's draft looks like it does not exist, to reads and to every change", async () => {
    const draft = await createDraftBusiness({
      actor: alice,
      basics: { name: "Alice Private Draft", category: "retail", area: "huacas", slug: "" },
    });
    await expectAppError(getEditableBusiness({ id: draft.id, actor: { id: bob.id, role: "user" } }), "not_found");
    await expectAppError(
      updateBusinessDetails({
        id: draft.id,
        actor: { id: bob.id, role: "business_owner" },
        changes: { name: "Hijacked" },
      }),
      "not_found",
    );
    await expectAppError(
      replaceBusinessHours({ id: draft.id, actor: { id: bob.id, role: "user" }, periods: [] }),
      "not_found",
    );
    await expectAppError(submitBusinessForReview({ id: draft.id, actor: { id: bob.id, role: "user" } }), "not_found");
    expect((await businessBySlug(draft.slug)).name).toBe("Alice Private Draft");
    // An admin may edit anything.
    await updateBusinessDetails({
      id: draft.id,
      actor: { id: admin.id, role: "admin" },
      changes: { name: "Alice Draft (edited by admin)" },
    });
    expect((await businessBySlug(draft.slug)).name).toBe("Alice Draft (edited by admin)");
  });

  it("the dashboard's edit and hours actions refuse a non-owner with 404 and change nothing", async () => {
    const soda = await businessBySlug(listings.soda.slug);
    const edit = await postForm(
      editRoute,
      `/dashboard/business/${soda.id}`,
      {
        intent: "details",
        name: "Pwned",
        category: "restaurant",
        area: "brasilito",
        address: "x",
        descriptionEn: "x",
      },
      bob.cookie,
      { businessId: soda.id },
    );
    expect(edit.status).toBe(404);
    const hours = await postForm(hoursRoute, `/dashboard/business/${soda.id}/hours`, { intent: "hours" }, bob.cookie, {
      businessId: soda.id,
    });
    expect(hours.status).toBe(404);
    const view = await loadPage(hoursRoute, `/dashboard/business/${soda.id}/hours`, bob.cookie, {
      businessId: soda.id,
    });
    expect(view.status).toBe(404);
    expect((await businessBySlug(listings.soda.slug)).name).toBe("Soda La Esquina");
    // Signed out: to /auth, remembering where they were going.
    const anonymous = await loadPage(hoursRoute, `/dashboard/business/${soda.id}/hours`, null, {
      businessId: soda.id,
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toContain("/auth?redirectTo=");
  });
});

describe("claims", () => {
  it("a claim waits for an admin; approval transfers ownership, grants the role and is audit-logged, all at once", async () => {
    const carol = await person();
    const pizza = await businessBySlug(listings.pizza.slug);
    expect(pizza.ownerId).toBeNull();
    const sent = await postForm(
      claimRoute,
      `/business/${listings.pizza.slug}/claim`,
      {
        claimType: "business_owner",
        verificationMethod: "phone",
        contactDetails: "+506 8888 1111",
        additionalInfo: "I run the oven 🍕",
      },
      carol.cookie,
      { slug: listings.pizza.slug },
    );
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/dashboard/claims?submitted=1");
    // A second claim while the first waits is refused with a clear message.
    const again = await postForm(
      claimRoute,
      `/business/${listings.pizza.slug}/claim`,
      { claimType: "business_owner", verificationMethod: "email", contactDetails: carol.email },
      carol.cookie,
      { slug: listings.pizza.slug },
    );
    expect(again.status).toBe(409);
    expect(again.data.result.error[""]).toEqual(["directory:errors.claimPending"]);

    const [claim] = await listMyClaims({ actor: carol });
    expect(claim.status).toBe("pending");

    // Non-admins cannot decide; a rejection needs a reason.
    await expectAppError(
      decideClaim({
        claimId: claim.id,
        actor: { id: carol.id, role: "business_owner" },
        decision: "approve",
        reason: "",
      }),
      "forbidden",
    );
    const noReason = await postForm(
      adminClaims,
      "/admin/claims",
      { claimId: claim.id, decision: "reject", reason: "" },
      admin.cookie,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.data.result.error.reason).toEqual(["directory:errors.rejectReasonRequired"]);
    expect((await listMyClaims({ actor: carol }))[0].status).toBe("pending");

    const approved = await postForm(
      adminClaims,
      "/admin/claims",
      { claimId: claim.id, decision: "approve", reason: "Called the number on the sign" },
      admin.cookie,
    );
    await expectRedirectWithToast(approved, "/admin/claims", "claimApproved");
    expect((await businessBySlug(listings.pizza.slug)).ownerId).toBe(carol.id);
    const roles = await getDb().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, carol.id));
    expect(roles.map((row) => row.role)).toEqual(["business_owner"]);
    const audit = await getDb()
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(["business.claim.approve", "user.role.grant"]),
    );
    // Deciding twice is refused.
    await expectAppError(
      decideClaim({
        claimId: claim.id,
        actor: { id: admin.id, role: "admin" },
        decision: "reject",
        reason: "changed my mind",
      }),
      "conflict",
      "directory:errors.claimDecided",
    );
  });

  it("a rejection keeps ownership where it was and tells the claimant why", async () => {
    const dave = await person();
    const shop = await businessBySlug(listings.surfShop.slug);
    const claim = await submitClaim({
      businessId: shop.id,
      actor: dave,
      claimType: "authorized_manager",
      verificationMethod: "documents",
      contactDetails: dave.email,
      additionalInfo: "",
    });
    await decideClaim({
      claimId: claim.id,
      actor: { id: admin.id, role: "admin" },
      decision: "reject",
      reason: "No documents received",
    });
    expect((await businessBySlug(listings.surfShop.slug)).ownerId).toBeNull();
    const [mine] = await listMyClaims({ actor: dave });
    expect(mine.status).toBe("rejected");
    expect(mine.decisionReason).toBe("No documents received");
    const roles = await getDb().select().from(userRoles).where(eq(userRoles.userId, dave.id));
    expect(roles).toHaveLength(0);
  });

  it("the claimant gets an email in their language with the decision, and the reason of a rejection", async () => {
    const outbox = (to: string) =>
      getDb()
        .select({ subject: emailOutbox.subject, text: emailOutbox.text })
        .from(emailOutbox)
        .where(eq(emailOutbox.to, to));
    const lupe = await createTestUser({ preferredLanguage: "es", firstName: "Lupe" });
    const ian = await createTestUser({ preferredLanguage: "en", firstName: "Ian" });
    const bar = await createBusiness({ name: "Bar El Faro", category: "entertainment" });
    const lodge = await createBusiness({ name: "Lodge Las Palmas", category: "accommodation" });
    const approve = await submitClaim({
      businessId: bar.id,
      actor: { id: lupe.id, role: "user" },
      claimType: "business_owner",
      verificationMethod: "phone",
      contactDetails: "+506 8888 2222",
      additionalInfo: "",
    });
    const reject = await submitClaim({
      businessId: lodge.id,
      actor: { id: ian.id, role: "user" },
      claimType: "information_correction",
      verificationMethod: "email",
      contactDetails: ian.email,
      additionalInfo: "The hours are wrong",
    });
    // Nothing is sent while a claim waits.
    expect(await outbox(lupe.email)).toEqual([]);

    await decideClaim({ claimId: approve.id, actor: { id: admin.id, role: "admin" }, decision: "approve", reason: "" });
    const [approved] = await outbox(lupe.email);
    expect(approved.subject).toBe(`Aprobamos su solicitud para ${bar.name}`);
    expect(approved.text).toContain("Hola, Lupe:");
    expect(approved.text).toContain("/es/dashboard/business");

    await decideClaim({
      claimId: reject.id,
      actor: { id: admin.id, role: "admin" },
      decision: "reject",
      reason: "We could not reach you at that address",
    });
    const [rejected] = await outbox(ian.email);
    expect(rejected.subject).toBe(`Your request for ${lodge.name} was not approved`);
    expect(rejected.text).toContain("Hello Ian,");
    expect(rejected.text).toContain("We could not reach you at that address");
    expect(rejected.text).toContain(`/business/${lodge.slug}`);
  });

  it("hostile claim input gets field messages, never a 500", async () => {
    for (const fields of [
      { claimType: "king", verificationMethod: "telepathy", contactDetails: "" },
      { claimType: "business_owner", verificationMethod: "email", contactDetails: "<img src=x onerror=alert(1)>" },
      { claimType: "business_owner", verificationMethod: "email", contactDetails: "x".repeat(10_000) },
    ]) {
      const result = await postForm(claimRoute, `/business/${listings.bar.slug}/claim`, fields, bob.cookie, {
        slug: listings.bar.slug,
      });
      expect(result.status).toBe(400);
    }
    const count = await getDb().select().from(businessClaims).where(eq(businessClaims.userId, bob.id));
    expect(count).toHaveLength(0);
  });
});

describe("reviews", () => {
  it("one review per person, editable; the rating and count move in the same transaction", async () => {
    const tacos = await businessBySlug(listings.tacos.slug);
    const before = { average: tacos.ratingAverage, count: tacos.reviewCount };
    const first = await saveReview({
      businessId: tacos.id,
      actor: bob,
      rating: 1,
      body: "Cold tortillas today, sadly.",
      language: "en",
    });
    expect(first.created).toBe(true);
    let after = await businessBySlug(listings.tacos.slug);
    expect(after.reviewCount).toBe(before.count + 1);
    const rows = await getDb().select({ rating: reviews.rating }).from(reviews).where(eq(reviews.businessId, tacos.id));
    const average = rows.reduce((sum, row) => sum + row.rating, 0) / rows.length;
    expect(after.ratingAverage).toBeCloseTo(average, 2);

    const edited = await saveReview({
      businessId: tacos.id,
      actor: bob,
      rating: 5,
      body: "Came back: best al pastor in Potrero.",
      language: "en",
    });
    expect(edited.created).toBe(false);
    expect(edited.id).toBe(first.id);
    after = await businessBySlug(listings.tacos.slug);
    expect(after.reviewCount).toBe(before.count + 1);
    const mine = await getDb()
      .select()
      .from(reviews)
      .where(and(eq(reviews.businessId, tacos.id), eq(reviews.userId, bob.id)));
    expect(mine).toHaveLength(1);
    expect(mine[0].rating).toBe(5);
  });

  it("the owner replies once, publicly; others cannot reply; anyone signed in reports once", async () => {
    const pizza = await businessBySlug(listings.pizza.slug);
    const owner = { id: pizza.ownerId as string, role: "business_owner" as const };
    const review = await saveReview({
      businessId: pizza.id,
      actor: alice,
      rating: 4,
      body: "Great crust, slow service on Friday.",
      language: "en",
    });
    await expectAppError(replyToReview({ reviewId: review.id, actor: bob, reply: "Not my place" }), "forbidden");
    await replyToReview({ reviewId: review.id, actor: owner, reply: "Thanks! We added a second pizzaiolo." });
    await expectAppError(
      replyToReview({ reviewId: review.id, actor: owner, reply: "And another thing" }),
      "conflict",
      "directory:errors.alreadyReplied",
    );
    await expectAppError(
      saveReview({ businessId: pizza.id, actor: owner, rating: 5, body: "My own place is great!", language: "en" }),
      "forbidden",
    );
    await reportReview({ reviewId: review.id, actor: bob, reason: "Testing the report button" });
    await expectAppError(
      reportReview({ reviewId: review.id, actor: bob, reason: "Again please" }),
      "conflict",
      "moderation:errors.alreadyReported",
    );
    await expectAppError(reportReview({ reviewId: review.id, actor: alice, reason: "My own review" }), "forbidden");
  });

  it("through the business page: signed out goes to /auth, bad input is a 400 with messages, hostile text is stored as text", async () => {
    const anonymous = await postForm(
      businessRoute,
      `/business/${listings.iceCream.slug}`,
      {
        intent: "review",
        rating: "5",
        body: "Lovely ice cream",
      },
      null,
      { slug: listings.iceCream.slug },
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toContain("/auth?redirectTo=");
    const bad = await postForm(
      businessRoute,
      `/business/${listings.iceCream.slug}`,
      { intent: "review", rating: "11", body: "short" },
      bob.cookie,
      { slug: listings.iceCream.slug },
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.rating).toEqual(["directory:errors.ratingRequired"]);
    expect(bad.data.result.error.body).toEqual(["directory:errors.reviewTooShort"]);
    const hostile = "<script>alert('x')</script> '; DROP TABLE reviews; -- 🍦";
    const ok = await postForm(
      businessRoute,
      `/business/${listings.iceCream.slug}`,
      { intent: "review", rating: "4", body: hostile },
      bob.cookie,
      { slug: listings.iceCream.slug },
    );
    // Post/redirect/get back to the business page, which shows the toast.
    await expectRedirectWithToast(ok, `/business/${listings.iceCream.slug}`, "reviewPosted");
    const page = await loadPage(businessRoute, `/business/${listings.iceCream.slug}`, bob.cookie, {
      slug: listings.iceCream.slug,
    });
    expect(page.data.reviews.find((review: { isMine: boolean }) => review.isMine).body).toBe(hostile);
    expect(page.data.viewer.myReview.rating).toBe(4);
  });
});

describe("photos", () => {
  it("are checked by content, re-encoded to WebP in several widths, and limited in size", async () => {
    const draft = await createDraftBusiness({
      actor: alice,
      basics: { name: "Photo Test Shop", category: "retail", area: "huacas", slug: "" },
    });
    const jpeg = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const added = await addBusinessImage({
      id: draft.id,
      actor: alice,
      bytes: new Uint8Array(jpeg),
      altEn: "The shop front",
      altEs: "La fachada",
    });
    const [image] = await getDb().select().from(businessImages).where(eq(businessImages.id, added.id));
    expect(image.widths).toEqual([400, 640, 800, 1600]);
    expect([image.width, image.height]).toEqual([1600, 1067]);
    const files = readdirSync(path.join(dataDir, "uploads", "businesses"));
    for (const width of image.widths) expect(files).toContain(`${image.storageKey.split("/")[1]}-${width}.webp`);

    const html = new TextEncoder().encode("<svg onload=alert(1)></svg>");
    await expectAppError(
      addBusinessImage({ id: draft.id, actor: alice, bytes: html, altEn: "", altEs: "" }),
      "invalid",
      "directory:errors.image.type",
    );
    const renamed = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 3]);
    await expectAppError(
      addBusinessImage({ id: draft.id, actor: alice, bytes: renamed, altEn: "", altEs: "" }),
      "invalid",
      "directory:errors.image.decode",
    );
    const huge = new Uint8Array(9 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff]);
    await expectAppError(
      addBusinessImage({ id: draft.id, actor: alice, bytes: huge, altEn: "", altEs: "" }),
      "invalid",
      "directory:errors.image.size",
    );
    // Someone else's business: as if it did not exist, and nothing is written.
    await expectAppError(
      addBusinessImage({ id: draft.id, actor: bob, bytes: new Uint8Array(jpeg), altEn: "", altEs: "" }),
      "not_found",
    );
    expect(await getDb().select().from(businessImages).where(eq(businessImages.businessId, draft.id))).toHaveLength(1);
  });
});

describe("nothing half-written", () => {
  it("a claim decision whose audit row cannot be written leaves the claim, the owner and the roles untouched", async () => {
    const erin = await person();
    const lodge = await businessBySlug(listings.lodge.slug);
    const claim = await submitClaim({
      businessId: lodge.id,
      actor: erin,
      claimType: "business_owner",
      verificationMethod: "in_person",
      contactDetails: erin.email,
      additionalInfo: "",
    });
    const { getDatabaseHandle } = await import("#app/lib/db.server");
    const handle = getDatabaseHandle();
    await handle?.exec("ALTER TABLE audit_log RENAME TO audit_log_away");
    try {
      await expect(
        decideClaim({ claimId: claim.id, actor: { id: admin.id, role: "admin" }, decision: "approve", reason: "" }),
      ).rejects.toThrow();
    } finally {
      await handle?.exec("ALTER TABLE audit_log_away RENAME TO audit_log");
    }
    expect((await businessBySlug(listings.lodge.slug)).ownerId).toBeNull();
    expect((await listMyClaims({ actor: erin }))[0].status).toBe("pending");
    expect(await getDb().select().from(userRoles).where(eq(userRoles.userId, erin.id))).toHaveLength(0);
  });

  it("a review whose rating update fails is not saved either", async () => {
    const cafe = await businessBySlug(listings.cafe.slug);
    const { getDatabaseHandle } = await import("#app/lib/db.server");
    const handle = getDatabaseHandle();
    await handle?.exec(`
      CREATE FUNCTION refuse_rating() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'rating update refused'; END $$;
      CREATE TRIGGER refuse_rating BEFORE UPDATE OF rating_average ON businesses FOR EACH ROW EXECUTE FUNCTION refuse_rating();`);
    try {
      await expect(
        saveReview({
          businessId: cafe.id,
          actor: alice,
          rating: 2,
          body: "This should never be stored.",
          language: "en",
        }),
      ).rejects.toThrow();
    } finally {
      await handle?.exec("DROP TRIGGER refuse_rating ON businesses; DROP FUNCTION refuse_rating();");
    }
    const stored = await getDb()
      .select()
      .from(reviews)
      .where(and(eq(reviews.businessId, cafe.id), eq(reviews.userId, alice.id)));
    expect(stored).toHaveLength(0);
    expect((await businessBySlug(listings.cafe.slug)).reviewCount).toBe(cafe.reviewCount);
  });
});

describe("reported reviews", () => {
  it("an admin hides a reported review: it leaves the page and the rating in one step, audit-logged", async () => {
    const { listReportedReviews, moderateReview } = await import("#app/features/directory/reviews.server");
    const { listBusinessReviews } = await import("#app/features/directory/business.server");
    const vet = await businessBySlug(listings.vet.slug);
    const review = await saveReview({
      businessId: vet.id,
      actor: alice,
      rating: 1,
      body: "Spam spam spam, visit my site",
      language: "en",
    });
    await reportReview({ reviewId: review.id, actor: bob, reason: "This is spam" });
    await expectAppError(listReportedReviews({ actor: bob }), "forbidden");
    const reported = await listReportedReviews({ actor: admin });
    const entry = reported.find((row) => row.id === review.id);
    expect(entry?.reasons).toEqual(["This is spam"]);
    const before = await businessBySlug(listings.vet.slug);
    await moderateReview({ reviewId: review.id, actor: admin, decision: "hide" });
    const after = await businessBySlug(listings.vet.slug);
    expect(after.reviewCount).toBe(before.reviewCount - 1);
    expect((await listBusinessReviews({ businessId: vet.id })).map((row) => row.id)).not.toContain(review.id);
    expect((await listReportedReviews({ actor: admin })).map((row) => row.id)).not.toContain(review.id);
    const audit = await getDb()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, review.id));
    expect(audit.map((row) => row.action)).toEqual(["review.hide"]);
  });
});
