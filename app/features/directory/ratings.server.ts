import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#app/lib/db.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { businesses } from "#app/platform/listings/schema";
import { reviews } from "./schema";

/**
 * Recomputes a business's rating and review count from its published reviews. Runs in the
 * transaction that changed a review, so the numbers shown never disagree with the reviews listed;
 * the cached pages showing either are marked stale in the same transaction.
 */
export async function recomputeBusinessRating(businessId: string, executor: Db | Tx) {
  await executor
    .update(businesses)
    .set({
      ratingAverage: sql`coalesce((select round(avg(${reviews.rating})::numeric, 2)::float8 from ${reviews} where ${reviews.businessId} = ${businessId} and ${reviews.status} = 'published'), 0)`,
      reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.businessId} = ${businessId} and ${reviews.status} = 'published')`,
    })
    .where(eq(businesses.id, businessId));
  await bumpContentVersion(executor, "reviews", "businesses");
}
