import { and, eq, inArray } from "drizzle-orm";
import { sinpeTransfers } from "#app/features/billing/schema";
import { drawSinpeCode } from "#app/features/billing/sinpe.server";
import type { Db } from "#app/lib/db.server";
import { plans, subscriptions } from "#app/platform/plans/schema";
import { siteSettings } from "#app/platform/site/schema";
import { demoOwnerId, demoOwnerListing } from "./accounts";

// The demo owner has paid for a plan by SINPE Móvil and sent the bank's reference, so the admin's
// queue on /admin/subscriptions has a transfer to match. Only with the demo accounts; once.

export async function seedDemoSinpeTransfer(db: Db, now: Date = new Date()) {
  const listing = await demoOwnerListing(db);
  if (!listing) return;
  const [existing] = await db
    .select({ id: sinpeTransfers.id })
    .from(sinpeTransfers)
    .where(eq(sinpeTransfers.businessId, listing.id))
    .limit(1);
  if (existing) return;
  const [site] = await db
    .select({ crcPerUsd: siteSettings.crcPerUsd, on: siteSettings.crcPerUsdOn })
    .from(siteSettings)
    .limit(1);
  if (!site?.crcPerUsd || !site.on) return;
  // A plan the listing does not have yet, so the admin can confirm it.
  const held = await db
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(and(eq(subscriptions.businessId, listing.id), inArray(subscriptions.status, ["active", "trialing"])));
  const planId = ["premium", "enterprise"].find((id) => !held.some((row) => row.planId === id));
  if (!planId) return;
  const [plan] = await db.select({ cents: plans.monthlyPriceUsdCents }).from(plans).where(eq(plans.id, planId));
  if (!plan?.cents) return;
  const submittedAt = new Date(now.getTime() - 3 * 60 * 60 * 1000);
  await db.insert(sinpeTransfers).values({
    userId: demoOwnerId,
    businessId: listing.id,
    planId,
    interval: "month",
    code: drawSinpeCode(),
    amountUsdCents: plan.cents,
    amountCrc: Math.round((plan.cents / 100) * site.crcPerUsd),
    crcPerUsd: site.crcPerUsd,
    rateOn: site.on,
    bankReference: "2026112800123456",
    status: "submitted",
    submittedAt,
    createdAt: new Date(submittedAt.getTime() - 10 * 60 * 1000),
  });
}
