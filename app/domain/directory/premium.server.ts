import { and, eq, ne } from "drizzle-orm";
import { plans } from "#app/domain/accounts/schema";
import { getDb } from "#app/lib/db.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { checkSubscription } from "#app/lib/subscription.server";
import { businesses } from "./schema";

/** The plan feature that makes a listing premium (contact details, full gallery, booking). */
export const premiumFeature = "contactDetails";

/**
 * A listing is premium while its owner's plan includes the premium features (spec §1; premium
 * and enterprise as seeded). Called when ownership changes, when the owner opens the dashboard,
 * and by billing when a subscription changes. Demo listings have no owner and keep their flag.
 */
export async function syncOwnerPremium(options: { ownerId: string }): Promise<boolean> {
  const status = await checkSubscription(options.ownerId);
  let premium = false;
  if (status.subscribed && status.product_id) {
    const [plan] = await getDb()
      .select({ features: plans.features })
      .from(plans)
      .where(eq(plans.id, status.product_id));
    premium = Boolean(plan?.features.includes(premiumFeature));
  }
  // Runs on every dashboard visit: only an actual change marks the directory as changed.
  await getDb().transaction(async (tx) => {
    const changed = await tx
      .update(businesses)
      .set({ isPremium: premium })
      .where(and(eq(businesses.ownerId, options.ownerId), ne(businesses.isPremium, premium)))
      .returning({ id: businesses.id });
    if (changed.length) await bumpContentVersion(tx, "businesses");
  });
  return premium;
}
