import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { saveReview } from "#app/features/directory/reviews.server";
import { reviews } from "#app/features/directory/schema";
import type { Actor } from "#app/lib/authorization";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { writeAuditLog } from "#app/platform/audit/audit.server";
import { auditLog } from "#app/platform/audit/schema";
import { businesses } from "#app/platform/listings/schema";
import { createTestUser } from "#tests/factories/accounts";
import { createBusiness, type TestBusiness } from "#tests/factories/directory";

// Domain writes take the caller's transaction (db.server.ts, `Executor`), so a feature composes
// writes from several domains and they land or fail together.

let reviewer: Actor;
let listing: TestBusiness;

beforeAll(async () => {
  clearRateLimitersForTests();
  reviewer = { id: (await createTestUser()).id, role: "user" };
  listing = await createBusiness({ name: "Soda Marea Alta", category: "restaurant" });
});

async function state() {
  const db = getDb();
  const [business] = await db
    .select({ count: businesses.reviewCount, average: businesses.ratingAverage })
    .from(businesses)
    .where(eq(businesses.id, listing.id));
  const rows = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.businessId, listing.id));
  const audits = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.targetId, listing.id));
  return { business, reviews: rows.length, audits: audits.length };
}

/** Two domains' writes joined in the caller's transaction. */
async function reviewAndAudit(tx: Executor, review: { rating: number; body: string }) {
  await saveReview({ businessId: listing.id, actor: reviewer, ...review, language: "en" }, tx);
  await writeAuditLog(
    { actorId: reviewer.id, action: "business.review.test", targetType: "business", targetId: listing.id },
    tx,
  );
}

describe("composing domain writes in one transaction", () => {
  it("rolls back a review and an audit entry together when the transaction throws", async () => {
    const before = await state();
    await expect(
      inTransaction(undefined, async (tx) => {
        await reviewAndAudit(tx, { rating: 2, body: "Slow service tonight." });
        // Both writes are visible inside the transaction before it fails.
        const inside = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.businessId, listing.id));
        expect(inside).toHaveLength(before.reviews + 1);
        throw new Error("a later step failed");
      }),
    ).rejects.toThrow("a later step failed");
    expect(await state()).toEqual(before);
  });

  it("commits both writes, and the rating they change, when the transaction succeeds", async () => {
    const before = await state();
    await inTransaction(undefined, async (tx) => {
      await reviewAndAudit(tx, { rating: 4, body: "Great casado, friendly staff." });
    });
    const after = await state();
    expect(after.reviews).toBe(before.reviews + 1);
    expect(after.audits).toBe(before.audits + 1);
    expect(after.business.count).toBe(before.business.count + 1);
  });
});
