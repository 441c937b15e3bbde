import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { businesses } from "#app/platform/listings/schema";
import { listingsWithPlanFeature } from "#app/platform/plans/subscription.server";

/** The plan feature that makes a listing premium (contact details, full gallery, booking). */
export const premiumFeature = "contactDetails";

/** Whether the listing's own plan makes it premium (premium and enterprise as seeded). */
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

/**
 * Billing's entry point when a listing's plan starts or ends (an admin grant, a paid checkout, a
 * lapse): an owned listing is brought in line through its owner's sync, like a dashboard visit; a
 * listing nobody owns yet follows its own plan directly. Answers the owner to tell, if any.
 */
export async function syncListingPremium(
  options: { businessId: string },
  executor?: Executor,
): Promise<{ ownerId: string | null; name: string; slug: string; isPremium: boolean } | null> {
  return inTransaction(executor, async (tx) => {
    const [listing] = await tx
      .select({ id: businesses.id, ownerId: businesses.ownerId, name: businesses.name, slug: businesses.slug })
      .from(businesses)
      .where(eq(businesses.id, options.businessId));
    if (!listing) return null;
    if (listing.ownerId) await syncOwnerPremium({ ownerId: listing.ownerId }, tx);
    else {
      const premium = await listingHasPremiumPlan(listing.id, tx);
      const [changed] = await tx
        .update(businesses)
        .set({ isPremium: premium })
        .where(and(eq(businesses.id, listing.id), ne(businesses.isPremium, premium)))
        .returning({ id: businesses.id });
      if (changed) await bumpContentVersion(tx, "businesses");
    }
    const [after] = await tx
      .select({ isPremium: businesses.isPremium })
      .from(businesses)
      .where(eq(businesses.id, listing.id));
    return { ownerId: listing.ownerId, name: listing.name, slug: listing.slug, isPremium: Boolean(after?.isPremium) };
  });
}

/** One listing by id or slug, with its owner and premium flag (billing's grants and checkout). */
export async function listingRef(
  options: { id: string } | { slug: string },
  executor: Executor = getDb(),
): Promise<{ id: string; slug: string; name: string; ownerId: string | null; isPremium: boolean } | null> {
  const [row] = await executor
    .select({
      id: businesses.id,
      slug: businesses.slug,
      name: businesses.name,
      ownerId: businesses.ownerId,
      isPremium: businesses.isPremium,
    })
    .from(businesses)
    .where("id" in options ? eq(businesses.id, options.id) : eq(businesses.slug, options.slug));
  return row ?? null;
}
