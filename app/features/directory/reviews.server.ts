import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan, assertSignedIn } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { businesses } from "#app/platform/listings/schema";
import {
  countOpenReportedItems,
  listOpenReports,
  reportItem,
  resolveReports,
} from "#app/platform/moderation/moderation.server";
import { userSummaries } from "#app/platform/people/people.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { recomputeBusinessRating } from "./ratings.server";
import { reviewAdapter } from "./review-moderation.server";
import { reviews } from "./schema";

// Reviews: one per signed-in user per business (writing again edits it), a single public reply
// from the owner, and reports from anyone signed in. Ratings change in the same transaction.

/** Writes or edits the actor's review of a public business, and updates its rating with it. */
export const saveReview = defineWrite(
  // recomputeBusinessRating marks these too, as every change of a review's rating does.
  { permission: "create:review:any", contentKinds: ["reviews", "businesses"] },
  async (
    options: {
      businessId: string;
      actor: Actor;
      rating: number;
      body: string;
      language: Language;
    },
    tx: Executor,
  ) => {
    if (!Number.isInteger(options.rating) || options.rating < 1 || options.rating > 5) {
      throw new AppError("invalid", "directory:errors.ratingRequired");
    }
    const [business] = await tx
      .select({ id: businesses.id, status: businesses.status, ownerId: businesses.ownerId })
      .from(businesses)
      .where(eq(businesses.id, options.businessId))
      .for("update");
    if (business?.status !== "verified") throw new AppError("not_found", "directory:business.notFound");
    if (business.ownerId === options.actor.id) throw new AppError("forbidden", "directory:errors.ownReview");
    const now = new Date();
    const [saved] = await tx
      .insert(reviews)
      .values({
        businessId: business.id,
        userId: options.actor.id,
        rating: options.rating,
        body: options.body,
        language: options.language,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [reviews.businessId, reviews.userId],
        set: { rating: options.rating, body: options.body, language: options.language, updatedAt: now },
      })
      .returning({ id: reviews.id, createdAt: reviews.createdAt });
    await recomputeBusinessRating(business.id, tx);
    return { id: saved.id, created: saved.createdAt.getTime() === now.getTime() };
  },
);

/** The owner's one public reply to a review of their business. */
export const replyToReview = defineWrite(
  { contentKinds: ["reviews"] },
  async (options: { reviewId: string; actor: Actor; reply: string }, tx: Executor) => {
    assertSignedIn(options.actor);
    const [row] = await tx
      .select({ id: reviews.id, ownerReply: reviews.ownerReply, ownerId: businesses.ownerId })
      .from(reviews)
      .innerJoin(businesses, eq(businesses.id, reviews.businessId))
      .where(eq(reviews.id, options.reviewId))
      .for("update", { of: reviews });
    if (!row) throw new AppError("not_found", "directory:errors.notFound");
    // Only the business's owner replies (not even an admin: the reply speaks for the business).
    assertCan(options.actor, "reply:review:own", { ownerId: row.ownerId });
    if (row.ownerReply !== null) throw new AppError("conflict", "directory:errors.alreadyReplied");
    const updated = await tx
      .update(reviews)
      .set({ ownerReply: options.reply, ownerReplyAt: new Date() })
      .where(and(eq(reviews.id, options.reviewId), isNull(reviews.ownerReply)))
      .returning({ id: reviews.id });
    if (!updated.length) throw new AppError("conflict", "directory:errors.alreadyReplied");
  },
);

/**
 * Anyone signed in may report a review once. The report joins the shared moderation queue
 * (app/platform/moderation); the free-text reason people type here becomes the report's note.
 */
export async function reportReview(options: { reviewId: string; actor: Actor; reason: string }, executor?: Executor) {
  assertCan(options.actor, "report:review:any");
  return reportItem(
    { kind: "review", itemId: options.reviewId, actor: options.actor, reason: "other", note: options.reason },
    executor,
  );
}

/** The actor's own review of a business, to fill the edit form. */
export async function getMyReview(options: { businessId: string; actor: Actor }) {
  const [row] = await getDb()
    .select({ id: reviews.id, rating: reviews.rating, body: reviews.body })
    .from(reviews)
    .where(and(eq(reviews.businessId, options.businessId), eq(reviews.userId, options.actor.id)));
  return row ?? null;
}

/** How many reviews have open reports (for the admin's reviews page). */
export async function countOpenReports() {
  return countOpenReportedItems("review");
}

// ---------------------------------------------------------------------------------------------
// Admin: reported reviews

/** Reviews with open reports, most reported first, with every reason given. */
export async function listReportedReviews(options: { actor: Actor }) {
  assertCan(options.actor, "moderate:review:any");
  const db = getDb();
  const open = await listOpenReports({ kind: "review", limit: 50 }, db);
  if (!open.length) return [];
  const ids = open.map((group) => group.itemId);
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      body: reviews.body,
      status: reviews.status,
      createdAt: reviews.createdAt,
      businessName: businesses.name,
      businessSlug: businesses.slug,
      userId: reviews.userId,
      demoAuthorName: reviews.demoAuthorName,
    })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(inArray(reviews.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const authors = await userSummaries(rows.flatMap((row) => row.userId ?? []));
  return open.flatMap(({ itemId: reviewId, count: n, reports }) => {
    const row = byId.get(reviewId);
    if (!row) return [];
    return [
      {
        id: row.id,
        rating: row.rating,
        body: row.body,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        business: { name: row.businessName, slug: row.businessSlug },
        author: row.demoAuthorName ?? (row.userId ? authors.get(row.userId)?.firstName : null) ?? null,
        reportCount: Number(n),
        // What reporters wrote; `reports` also has the reason each picked (the shared report form).
        reasons: reports.flatMap((report) => report.note ?? []),
        reports: reports.map((report) => ({ reason: report.reason, note: report.note })),
      },
    ];
  });
}

/**
 * Hides a reported review (it leaves the page and the rating, in one transaction) or dismisses
 * its reports; either way the open reports are resolved and the decision is audit-logged.
 */
export const moderateReview = defineWrite(
  {
    permission: "moderate:review:any",
    // The review's adapter marks these too when the status changes (and the rating with it).
    contentKinds: ({ statusChanged }) => (statusChanged ? ["reviews", "businesses"] : []),
    audit: ({ review }, options) => ({
      action: options.decision === "hide" ? "review.hide" : "review.reports.dismiss",
      targetType: "review",
      targetId: review.id,
      details: { businessId: review.businessId },
    }),
  },
  async (options: { reviewId: string; actor: Actor; decision: "hide" | "dismiss" }, tx: Executor) => {
    const [review] = await tx
      .select({ id: reviews.id, businessId: reviews.businessId, status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, options.reviewId))
      .for("update");
    if (!review) throw new AppError("not_found", "directory:errors.notFound");
    let statusChanged = false;
    if (options.decision === "hide" && review.status !== "hidden") {
      await reviewAdapter.setStatus(review.id, "hidden", tx);
      statusChanged = true;
    } else if (options.decision === "dismiss" && review.status === "pending") {
      // Hidden by reports and found fine: it comes back.
      await reviewAdapter.setStatus(review.id, "published", tx);
      statusChanged = true;
    }
    await resolveReports(
      { kind: "review", itemId: review.id, resolution: options.decision === "hide" ? "hide" : "approve" },
      tx,
    );
    return { review, statusChanged };
  },
);
