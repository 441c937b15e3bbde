import { asc, eq } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { grantedListingFeatures, grantsBeyondEveryListing, listingFeatureKeys } from "#app/platform/plans/entitlements";
import { plans } from "#app/platform/plans/schema";
import { defineWrite } from "#app/platform/writes/define-write.server";

// Plans are configuration: an admin edits names, descriptions, prices, features and the number of
// listings on /admin/subscriptions; checkout, the dashboard and the upgrade pages read the rows.

/** Feature keys a plan can unlock, in the order the features page lists them. */
export const planFeatureKeys = [
  "listing",
  "hours",
  "menu",
  "contactDetails",
  "fullGallery",
  "booking",
  "analytics",
  "seo",
  "multipleLocations",
  "adPlacement",
  "moreListings",
  "featuredPlacement",
  "verifiedAgentBadge",
  "leadsDashboard",
] as const;
export type PlanFeatureKey = (typeof planFeatureKeys)[number];

/** Features of a business listing (the agent plan's keys belong to a person, not a listing). */
export { listingFeatureKeys };

export interface PlanRow {
  id: string;
  sortOrder: number;
  nameEn: string;
  nameEs: string;
  descriptionEn: string;
  descriptionEs: string;
  monthlyPriceUsdCents: number | null;
  yearlyPriceUsdCents: number | null;
  listingLimit: number | null;
  features: string[];
  active: boolean;
}

const planColumns = {
  id: plans.id,
  sortOrder: plans.sortOrder,
  nameEn: plans.nameEn,
  nameEs: plans.nameEs,
  descriptionEn: plans.descriptionEn,
  descriptionEs: plans.descriptionEs,
  monthlyPriceUsdCents: plans.monthlyPriceUsdCents,
  yearlyPriceUsdCents: plans.yearlyPriceUsdCents,
  listingLimit: plans.listingLimit,
  features: plans.features,
  active: plans.active,
};

/** Every plan (inactive ones too with `all`), cheapest first. */
export async function listPlanRows(options: { all?: boolean } = {}, executor: Executor = getDb()): Promise<PlanRow[]> {
  const rows = await executor.select(planColumns).from(plans).orderBy(asc(plans.sortOrder));
  return options.all ? rows : rows.filter((row) => row.active);
}

export async function getPlanRow(id: string, executor: Executor = getDb()): Promise<PlanRow | null> {
  const [row] = await executor.select(planColumns).from(plans).where(eq(plans.id, id));
  return row ?? null;
}

/** A plan's name and description in the reader's language (English when the Spanish is empty). */
export function planText(plan: PlanRow, language: Language) {
  return {
    name: (language === "es" ? plan.nameEs : plan.nameEn) || plan.nameEn || plan.id,
    description: (language === "es" ? plan.descriptionEs : plan.descriptionEn) || plan.descriptionEn,
  };
}

/** The plan the owner's form names, when it is on sale; any other id refuses the form at its plan field. */
export async function getSellablePlan(planId: string) {
  const plan = await getPlanRow(planId);
  if (!plan || !isSellable(plan)) throw new AppError("invalid", "billing:errors.noPlan", { field: "planId" });
  return plan;
}

/** What the plan costs, in US cents, paid by the month or by the year (null: not sold that way). */
export function planPriceCents(plan: PlanRow, interval: "month" | "year") {
  return interval === "year" ? plan.yearlyPriceUsdCents : plan.monthlyPriceUsdCents;
}

/**
 * A plan is on sale through checkout or an upgrade request when it has a price for a listing and
 * gives the listing something every listing does not already have.
 */
export function isSellable(plan: PlanRow) {
  return (
    plan.active &&
    plan.id !== "free" &&
    plan.id !== "agent" &&
    plan.monthlyPriceUsdCents != null &&
    grantsBeyondEveryListing(plan.features)
  );
}

/** What a plan gives a listing, as the checks grant it: what every table of a plan's features shows. */
export function planListingFeatures(plan: Pick<PlanRow, "features">): string[] {
  return grantedListingFeatures(plan.features);
}

export interface PlanEdit {
  planId: string;
  nameEn: string;
  nameEs: string;
  descriptionEn: string;
  descriptionEs: string;
  monthlyPriceUsd: number | null;
  yearlyPriceUsd: number | null;
  listingLimit: number | null;
  features: string[];
  active: boolean;
}

const cents = (usd: number | null) => (usd == null ? null : Math.round(usd * 100));

/** An admin changes a plan; what subscribers get follows at once (features are read live). */
export const updatePlan = defineWrite(
  {
    permission: "manage:subscription:any",
    contentKinds: [],
    audit: ({ before, features }, { plan: edit }) => ({
      action: "billing.plan.update",
      targetType: "plan",
      targetId: edit.planId,
      details: {
        monthly: cents(edit.monthlyPriceUsd),
        yearly: cents(edit.yearlyPriceUsd),
        features,
        previousMonthly: before.monthlyPriceUsdCents,
      },
    }),
  },
  async (options: { actor: Actor; plan: PlanEdit }, tx: Executor) => {
    const edit = options.plan;
    const before = await getPlanRow(edit.planId, tx);
    if (!before) throw new AppError("not_found", "billing:errors.noPlan");
    if (edit.planId === "free" && !edit.active)
      throw new AppError("invalid", "billing:errors.freeStays", { field: "active" });
    const features = planFeatureKeys.filter((key) => edit.features.includes(key));
    await tx
      .update(plans)
      .set({
        nameEn: edit.nameEn,
        nameEs: edit.nameEs,
        descriptionEn: edit.descriptionEn,
        descriptionEs: edit.descriptionEs,
        monthlyPriceUsdCents: cents(edit.monthlyPriceUsd),
        yearlyPriceUsdCents: cents(edit.yearlyPriceUsd),
        listingLimit: edit.listingLimit,
        features,
        active: edit.active,
      })
      .where(eq(plans.id, edit.planId));
    return { before, features };
  },
);
