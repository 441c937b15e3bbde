import { eq, inArray } from "drizzle-orm";
import { businesses } from "#app/platform/listings/schema";
import {
  authoredQueries,
  itemsById,
  moderationExcerpt,
  uuidShapedIds,
} from "#app/platform/moderation/authored-queries.server";
import type { ModeratedItem, ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { recomputeBusinessRating } from "./ratings.server";
import { reviews } from "./schema";

// Reviews as a moderated kind: what the moderation queue shows of a review, and how a decision
// changes it (a review that is not published leaves the page and the rating at once).

export const reviewAdapter: ModeratedKindAdapter = {
  kind: "review",

  async describe(ids, executor) {
    const valid = uuidShapedIds(ids);
    if (!valid.length) return new Map<string, ModeratedItem>();
    const rows = await executor
      .select({
        id: reviews.id,
        userId: reviews.userId,
        body: reviews.body,
        status: reviews.status,
        createdAt: reviews.createdAt,
        businessName: businesses.name,
        businessSlug: businesses.slug,
      })
      .from(reviews)
      .innerJoin(businesses, eq(businesses.id, reviews.businessId))
      .where(inArray(reviews.id, valid));
    return itemsById(rows, (row) => ({
      id: row.id,
      authorId: row.userId,
      title: row.businessName,
      excerpt: moderationExcerpt(row.body),
      href: `/business/${row.businessSlug}#reviews`,
      status: row.status as ModeratedItem["status"],
      createdAt: row.createdAt,
    }));
  },

  async setStatus(id, status, executor) {
    const [row] = await executor
      .update(reviews)
      .set({ status })
      .where(eq(reviews.id, id))
      .returning({ businessId: reviews.businessId });
    // Bumps the reviews and businesses content versions in the same transaction.
    if (row) await recomputeBusinessRating(row.businessId, executor);
  },

  ...authoredQueries({
    table: reviews,
    id: reviews.id,
    author: reviews.userId,
    status: reviews.status,
    createdAt: reviews.createdAt,
  }),
};
