import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { listingsWithPlanFeature } from "#app/domain/billing/subscription.server";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { businesses } from "./schema";

/** The plan feature that makes a listing premium (contact details, full gallery, booking). */
export const premiumFeature = "contactDetails";

/** Whether the listing's own plan makes it premium (spec §1; premium and enterprise as seeded). */
export async function listingHasPremiumPlan(businessId: string, executor: Executor = getDb()): Promise<boolean> {
  return (await listingsWithPlanFeature([businessId], premiumFeature, executor)).has(businessId);
}

/**
 * Brings an owner's listings in line with their own plans: a plan belongs to the listing it was
 * bought for, so a listing is premium while a live plan for it includes the premium features,
 * whoever owns it. Called when an admin verifies a listing, when the owner opens the dashboard,
 * and by billing when a subscription changes. Demo listings have no owner and keep their flag.
 * Answers whether any of the owner's listings is premium.
 */
export async function syncOwnerPremium(options: { ownerId: string }, executor?: Executor): Promise<boolean> {
  return inTransaction(executor, async (tx) => {
    const owned = await tx
      .select({ id: businesses.id, isPremium: businesses.isPremium })
      .from(businesses)
      .where(and(isNotNull(businesses.ownerId), eq(businesses.ownerId, options.ownerId)));
    const premium = await listingsWithPlanFeature(
      owned.map((row) => row.id),
      premiumFeature,
      tx,
    );
    // Runs on every dashboard visit: only an actual change marks the directory as changed.
    const toPremium = owned.filter((row) => !row.isPremium && premium.has(row.id)).map((row) => row.id);
    const toPlain = owned.filter((row) => row.isPremium && !premium.has(row.id)).map((row) => row.id);
    if (toPremium.length) await tx.update(businesses).set({ isPremium: true }).where(inArray(businesses.id, toPremium));
    if (toPlain.length) await tx.update(businesses).set({ isPremium: false }).where(inArray(businesses.id, toPlain));
    if (toPremium.length || toPlain.length) await bumpContentVersion(tx, "businesses");
    return premium.size > 0;
  });
}
