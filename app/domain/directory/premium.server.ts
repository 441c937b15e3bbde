import { and, eq, ne } from "drizzle-orm";
import { currentPlanHasFeature } from "#app/domain/billing/subscription.server";
import { getDb } from "#app/lib/db.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { businesses } from "./schema";

/** The plan feature that makes a listing premium (contact details, full gallery, booking). */
export const premiumFeature = "contactDetails";

/**
 * A listing is premium while its owner's plan includes the premium features (spec §1; premium
 * and enterprise as seeded). Called when ownership changes, when the owner opens the dashboard,
 * and by billing when a subscription changes. Demo listings have no owner and keep their flag.
 */
export async function syncOwnerPremium(options: { ownerId: string }): Promise<boolean> {
  const premium = await currentPlanHasFeature(options.ownerId, premiumFeature);
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
