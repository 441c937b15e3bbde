import { eq, inArray } from "drizzle-orm";
import { businesses } from "#app/platform/listings/schema";
import { authoredQueries } from "#app/platform/moderation/authored-queries.server";
import type { ModeratedItem, ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { recomputeBusinessRating } from "./ratings.server";
import { reviews } from "./schema";

// Reviews as a moderated kind: what the moderation queue shows of a review, and how a decision
// changes it (a review that is not published leaves the page and the rating at once).

const excerptLength = 280;

export const reviewAdapter: ModeratedKindAdapter = {
  kind: "review",

  async describe(ids, executor) {
    const found = new Map<string, ModeratedItem>();
    const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (!valid.length) return found;
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
    for (const row of rows) {
      found.set(row.id, {
        id: row.id,
        authorId: row.userId,
        title: row.businessName,
        excerpt: row.body.length > excerptLength ? `${row.body.slice(0, excerptLength - 1)}…` : row.body,
        href: `/business/${row.businessSlug}#reviews`,
        status: row.status as ModeratedItem["status"],
        createdAt: row.createdAt,
      });
    }
    return found;
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
