import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { submitClaim } from "#app/features/directory/claims.server";
import { listReportedReviews, moderateReview, reportReview, saveReview } from "#app/features/directory/reviews.server";
import { reviews } from "#app/features/directory/schema";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { type AppError, isAppError } from "#app/lib/errors";
import { getTranslator } from "#app/lib/i18n.server";
import { loadSessionUser } from "#app/platform/accounts/auth.server";
import { knownModeratedKinds, moderationLimits } from "#app/platform/moderation/kinds";
import { checkPublish, reportItem, trustLevelOf } from "#app/platform/moderation/moderation.server";
import { moderationReports } from "#app/platform/moderation/schema";
import { countLinks, countMentions } from "#app/platform/moderation/trust.server";
import { sessionCookieFor } from "#tests/factories/accounts";
import { createBusiness, createReview } from "#tests/factories/directory";
import { createMember, createNewcomer, suspendUser } from "#tests/factories/moderation";

async function caught(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

async function statusOf(reviewId: string) {
  const [row] = await getDb().select({ status: reviews.status }).from(reviews).where(eq(reviews.id, reviewId));
  return row?.status;
}

let author: Actor;
let members: Actor[];
let newcomers: Actor[];

beforeAll(async () => {
  author = await createMember();
  members = [await createMember(), await createMember(), await createMember()];
  newcomers = [await createNewcomer(), await createNewcomer(), await createNewcomer()];
});

async function freshReview() {
  const business = await createBusiness();
  return createReview({ businessId: business.id, author: author.id, body: "Overpriced, and the owner is rude." });
}

describe("trust levels", () => {
  it("new while younger than 3 days or with fewer than 3 published items; trusted after 30 days and 10 items; admins always", async () => {
    expect(await trustLevelOf({ userId: newcomers[0].id })).toBe("new");
    expect(await trustLevelOf({ userId: members[0].id })).toBe("member");
    const young = await createMember({ days: 1, published: 5 });
    expect(await trustLevelOf({ userId: young.id })).toBe("new");
    const quiet = await createMember({ days: 100, published: 2 });
    expect(await trustLevelOf({ userId: quiet.id })).toBe("new");
    const veteran = await createMember({ days: 45, published: moderationLimits.trustedPublished });
    expect(await trustLevelOf({ userId: veteran.id })).toBe("trusted");
    const admin = await createNewcomer({ roles: ["admin"] });
    expect(await trustLevelOf({ userId: admin.id })).toBe("trusted");
  });
});

describe("reportItem", () => {
  it("takes one report per user and item, never the author's own", async () => {
    const review = await freshReview();
    expect(await reportItem({ kind: "review", itemId: review.id, actor: members[0], reason: "spam" })).toEqual({
      hidden: false,
    });
    const again = await caught(
      reportItem({ kind: "review", itemId: review.id, actor: members[0], reason: "offensive" }),
    );
    expect(again.code).toBe("conflict");
    expect(again.messageKey).toBe("moderation:errors.alreadyReported");
    const own = await caught(reportItem({ kind: "review", itemId: review.id, actor: author, reason: "spam" }));
    expect(own.code).toBe("forbidden");
    const signedOut = await caught(
      reportItem({ kind: "review", itemId: review.id, actor: null as unknown as Actor, reason: "spam" }),
    );
    expect(signedOut.code).toBe("unauthorized");
    const bogus = await caught(
      reportItem({ kind: "review", itemId: review.id, actor: members[1], reason: "boring" as "spam" }),
    );
    expect(bogus.code).toBe("invalid");
    const missing = await caught(
      reportItem({ kind: "review", itemId: "00000000-0000-4000-8000-000000000000", actor: members[1], reason: "spam" }),
    );
    expect(missing.code).toBe("not_found");
    // A kind whose branch has not landed has no adapter: nothing to report.
    const unknownKind = await caught(
      reportItem({ kind: "group", itemId: review.id, actor: members[1], reason: "spam" }),
    );
    expect(unknownKind.code).toBe("not_found");
    const rows = await getDb()
      .select({ reason: moderationReports.reason })
      .from(moderationReports)
      .where(and(eq(moderationReports.kind, "review"), eq(moderationReports.itemId, review.id)));
    expect(rows).toEqual([{ reason: "spam" }]);
  });

  it("answers 'not found' for an id of any shape, whatever the kind: a typed id never reaches the database as a uuid", async () => {
    for (const kind of knownModeratedKinds()) {
      const error = await caught(reportItem({ kind, itemId: "not-an-id", actor: members[1], reason: "spam" }));
      expect(error.code, kind).toBe("not_found");
    }
  });

  it("hides the item pending review at the third distinct non-new reporter, not before", async () => {
    const review = await freshReview();
    expect((await reportItem({ kind: "review", itemId: review.id, actor: members[0], reason: "spam" })).hidden).toBe(
      false,
    );
    expect((await reportItem({ kind: "review", itemId: review.id, actor: members[1], reason: "spam" })).hidden).toBe(
      false,
    );
    expect(await statusOf(review.id)).toBe("published");
    expect(
      (
        await reportItem({
          kind: "review",
          itemId: review.id,
          actor: members[2],
          reason: "harassment",
          note: "Personal",
        })
      ).hidden,
    ).toBe(true);
    expect(await statusOf(review.id)).toBe("pending");
  });

  it("does not count new accounts towards the threshold", async () => {
    const review = await freshReview();
    for (const newcomer of newcomers) {
      expect((await reportItem({ kind: "review", itemId: review.id, actor: newcomer, reason: "spam" })).hidden).toBe(
        false,
      );
    }
    await reportItem({ kind: "review", itemId: review.id, actor: members[0], reason: "spam" });
    await reportItem({ kind: "review", itemId: review.id, actor: members[1], reason: "spam" });
    expect(await statusOf(review.id)).toBe("published");
    expect((await reportItem({ kind: "review", itemId: review.id, actor: members[2], reason: "spam" })).hidden).toBe(
      true,
    );
  });

  it("reportReview keeps working on the shared reports: once per user, the admin's reviews page lists and decides", async () => {
    const review = await freshReview();
    const admin = await createNewcomer({ roles: ["admin"] });
    await reportReview({ reviewId: review.id, actor: members[0], reason: "This is an advert" });
    expect((await caught(reportReview({ reviewId: review.id, actor: members[0], reason: "Again" }))).code).toBe(
      "conflict",
    );
    const listed = (await listReportedReviews({ actor: { ...admin, role: "admin" } })).find(
      (row) => row.id === review.id,
    );
    expect(listed?.reasons).toEqual(["This is an advert"]);
    expect(listed?.reports).toEqual([{ reason: "other", note: "This is an advert" }]);
    await moderateReview({ reviewId: review.id, actor: { ...admin, role: "admin" }, decision: "dismiss" });
    expect((await listReportedReviews({ actor: { ...admin, role: "admin" } })).map((row) => row.id)).not.toContain(
      review.id,
    );
    expect(await statusOf(review.id)).toBe("published");
  });
});

describe("checkPublish", () => {
  it("counts links and mentions the way the limits read them", () => {
    expect(countLinks("see https://a.example and www.b.example and [c](http://c.example)")).toBe(3);
    expect(countLinks("write me at ana@example.com")).toBe(0);
    expect(countMentions("thanks @ana and @luis_p, ping @marta.r; mail ana@example.com")).toBe(3);
  });

  it("puts a new account's first 2 posts in the queue and publishes the third", async () => {
    const newcomer = await createNewcomer();
    expect(await checkPublish({ actor: newcomer, kind: "review", body: "Hello" })).toEqual({ status: "pending" });
    await createReview({ businessId: (await createBusiness()).id, author: newcomer.id });
    expect(await checkPublish({ actor: newcomer, kind: "review", body: "Hello" })).toEqual({ status: "pending" });
    await createReview({ businessId: (await createBusiness()).id, author: newcomer.id });
    expect(await checkPublish({ actor: newcomer, kind: "review", body: "Hello" })).toEqual({ status: "published" });
  });

  it("limits new accounts to 2 links, 3 mentions and 3 posts an hour; members are not limited", async () => {
    const newcomer = await createNewcomer();
    const links = "https://a.example https://b.example https://c.example";
    const tooManyLinks = await caught(checkPublish({ actor: newcomer, kind: "forum_post", body: links }));
    expect(tooManyLinks.code).toBe("invalid");
    expect(tooManyLinks.messageKey).toBe("moderation:errors.tooManyLinks");
    expect(tooManyLinks.details).toMatchObject({ field: "body", count: 2 });
    expect(
      await checkPublish({ actor: newcomer, kind: "forum_post", body: "https://a.example https://b.example" }),
    ).toEqual({ status: "pending" });
    const mentions = await caught(
      checkPublish({ actor: newcomer, kind: "forum_post", body: "@ana @luis @marta @jose" }),
    );
    expect(mentions.messageKey).toBe("moderation:errors.tooManyMentions");
    for (let index = 0; index < 3; index += 1) {
      await createReview({ businessId: (await createBusiness()).id, author: newcomer.id });
    }
    const tooFast = await caught(checkPublish({ actor: newcomer, kind: "forum_post", body: "One more" }));
    expect(tooFast.code).toBe("rate_limited");
    expect(tooFast.messageKey).toBe("moderation:errors.tooManyPosts");
    expect(await checkPublish({ actor: members[0], kind: "forum_post", body: `${links} @a @b @c @d` })).toEqual({
      status: "published",
    });
  });

  it("refuses a suspended account", async () => {
    const member = await createMember();
    await suspendUser(member.id, 3, "Spam links");
    const refused = await caught(checkPublish({ actor: member, kind: "forum_post", body: "Hi" }));
    expect(refused.code).toBe("forbidden");
    expect(refused.messageKey).toBe("common:errors.suspended");
    expect(refused.details?.reason).toBe("Spam links");
  });
});

describe("suspension", () => {
  it("keeps the session but refuses every write with the date and reason, in both languages", async () => {
    const member = await createMember();
    const until = await suspendUser(member.id, 7, "Harassing other members");
    const session = await loadSessionUser(new Headers({ cookie: await sessionCookieFor(member.id) }));
    expect(session?.id).toBe(member.id);
    expect(session?.suspension?.reason).toBe("Harassing other members");
    if (!session) return;
    const business = await createBusiness();
    const reported = await freshReview();
    const claimed = await createBusiness({ status: "verified" });
    // Run one at a time: a refusal must not reject before it is awaited.
    const writes: (() => Promise<unknown>)[] = [
      () =>
        saveReview({ businessId: business.id, actor: session, rating: 4, body: "Nice place to eat", language: "en" }),
      () => reportItem({ kind: "review", itemId: reported.id, actor: session, reason: "spam" }),
      () =>
        submitClaim({
          businessId: claimed.id,
          actor: session,
          claimType: "business_owner",
          verificationMethod: "phone",
          contactDetails: "+506 8888 0000",
          additionalInfo: "I run this place and can prove it.",
        }),
    ];
    const date = until.toISOString().slice(0, 10);
    for (const write of writes) {
      const error = await caught(write());
      expect(error.code).toBe("forbidden");
      expect(error.messageKey).toBe("common:errors.suspended");
      expect(error.details).toEqual({ date, reason: "Harassing other members" });
    }
    const en = await getTranslator("en");
    const es = await getTranslator("es");
    expect(en("common:errors.suspended", { date, reason: "Harassing other members" })).toBe(
      `Your account is suspended until ${date}: Harassing other members`,
    );
    expect(es("common:errors.suspended", { date, reason: "x" })).toContain("suspendida");
  });

  it("ends on its date", async () => {
    const member = await createMember();
    await suspendUser(member.id, -1);
    const session = await loadSessionUser(new Headers({ cookie: await sessionCookieFor(member.id) }));
    expect(session?.suspension).toBeNull();
    await saveReview({
      businessId: (await createBusiness()).id,
      actor: session as Actor,
      rating: 5,
      body: "Back and still love it",
      language: "en",
    });
  });
});
