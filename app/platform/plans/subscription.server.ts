import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import { everyListingHas, keysGranting } from "#app/platform/plans/entitlements";
import { plans, subscriptions } from "#app/platform/plans/schema";

/** The plans, as data; prices and features are rows an admin edits (docs/billing.md). */
export const planIds = ["free", "basic", "premium", "enterprise"] as const;
export type PlanId = (typeof planIds)[number];

/**
 * Seeded defaults; afterwards the rows are configuration an admin edits (names, prices, features,
 * listing limit). The premium feature set is the one the site's own texts promise.
 */
export const defaultPlans = [
  {
    id: "free",
    sortOrder: 0,
    features: ["listing"],
    nameEn: "Free listing",
    nameEs: "Listado gratuito",
    descriptionEn: "Your business in the directory with its hours, location and photos.",
    descriptionEs: "Su negocio en el directorio con horario, ubicación y fotos.",
    listingLimit: 1,
  },
  {
    id: "basic",
    sortOrder: 1,
    features: ["listing", "hours", "menu"],
    nameEn: "Basic",
    nameEs: "Básico",
    descriptionEn: "Hours and a menu on your listing.",
    descriptionEs: "Horario y menú en su listado.",
    monthlyPriceUsdCents: 1900,
    yearlyPriceUsdCents: 19000,
    listingLimit: 1,
  },
  {
    id: "premium",
    sortOrder: 2,
    features: ["listing", "hours", "menu", "contactDetails", "fullGallery", "booking", "analytics", "seo"],
    nameEn: "Premium",
    nameEs: "Premium",
    descriptionEn: "Contact details, the full gallery, booking, analytics and SEO for your listing.",
    descriptionEs: "Datos de contacto, la galería completa, reservas, estadísticas y SEO para su listado.",
    monthlyPriceUsdCents: 4900,
    yearlyPriceUsdCents: 49000,
    listingLimit: 1,
  },
  {
    id: "enterprise",
    sortOrder: 3,
    features: [
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
    ],
    nameEn: "Enterprise",
    nameEs: "Empresarial",
    descriptionEn: "Everything in Premium for up to ten locations, and your own ads on the site.",
    descriptionEs: "Todo lo de Premium para hasta diez locales, y sus propios anuncios en el sitio.",
    monthlyPriceUsdCents: 14900,
    yearlyPriceUsdCents: 149000,
    listingLimit: 10,
  },
] satisfies (typeof plans.$inferInsert & { id: PlanId })[];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (planIds as readonly string[]).includes(value);
}

/** Idempotent: inserts the plans that are missing, leaves edited ones alone. */
export async function seedPlans(executor: Executor = getDb()) {
  await executor.insert(plans).values(defaultPlans).onConflictDoNothing();
}

export async function listPlans() {
  return getDb()
    .select({
      id: plans.id,
      sortOrder: plans.sortOrder,
      monthlyPriceUsdCents: plans.monthlyPriceUsdCents,
      features: plans.features,
    })
    .from(plans)
    .where(eq(plans.active, true))
    .orderBy(asc(plans.sortOrder));
}

/** A user's subscription status, in the API's field names (GET /api/v1/me/subscription). */
export interface SubscriptionStatus {
  subscribed: boolean;
  product_id: string | null;
  subscription_end: string | null;
}

export const notSubscribed: SubscriptionStatus = { subscribed: false, product_id: null, subscription_end: null };

/** A subscription in one of these states gives what its plan unlocks (until its end date). */
export const liveStatuses = ["active", "trialing", "past_due"];

/**
 * check-subscription: the user's best live paid plan. A free plan is not a
 * subscription. On any failure it logs and answers not subscribed, no product, no end.
 */
export async function checkSubscription(userId: string): Promise<SubscriptionStatus> {
  try {
    const now = new Date();
    const [row] = await getDb()
      .select({ planId: subscriptions.planId, end: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        and(
          eq(subscriptions.userId, userId),
          inArray(subscriptions.status, liveStatuses),
          ne(subscriptions.planId, "free"),
          or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
        ),
      )
      .orderBy(desc(plans.sortOrder), desc(subscriptions.createdAt))
      .limit(1);
    if (!row) return { ...notSubscribed };
    return { subscribed: true, product_id: row.planId, subscription_end: row.end ? row.end.toISOString() : null };
  } catch (error) {
    logger.error({ err: error, userId }, "subscription check failed; treating as not subscribed");
    return { ...notSubscribed };
  }
}

/** The plan a user is on for display: their live paid plan, else "free". */
export async function currentPlanId(userId: string): Promise<PlanId> {
  const status = await checkSubscription(userId);
  return status.subscribed && isPlanId(status.product_id) ? status.product_id : "free";
}

/** Whether the person's current plan includes a feature (e.g. "contactDetails" for premium listings). */
export async function currentPlanHasFeature(userId: string, feature: string): Promise<boolean> {
  const status = await checkSubscription(userId);
  if (!status.subscribed || !status.product_id) return false;
  const [plan] = await getDb().select({ features: plans.features }).from(plans).where(eq(plans.id, status.product_id));
  return Boolean(plan?.features.includes(feature));
}

/**
 * The listings, among those given, whose own live plan gives a feature (as listingEntitlements
 * says: one every listing has answers them all). A plan is bought for a listing and stays with it
 * when the listing changes hands, so the payer is not consulted.
 */
export async function listingsWithPlanFeature(
  businessIds: readonly string[],
  feature: string,
  executor: Executor = getDb(),
): Promise<Set<string>> {
  if (!businessIds.length) return new Set();
  if (everyListingHas(feature)) return new Set(businessIds);
  const granting = keysGranting(feature);
  if (!granting.length) return new Set();
  const rows = await executor
    .selectDistinct({ businessId: subscriptions.businessId })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        inArray(subscriptions.businessId, [...businessIds]),
        inArray(subscriptions.status, liveStatuses),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, new Date())),
        or(...granting.map((key) => sql`${plans.features} @> ${JSON.stringify([key])}::jsonb`)),
      ),
    );
  return new Set(rows.flatMap((row) => (row.businessId ? [row.businessId] : [])));
}

/** One plan's price and features, whatever its id (other areas' plans, e.g. real estate's "agent"). */
export async function planById(id: string, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ id: plans.id, monthlyPriceUsdCents: plans.monthlyPriceUsdCents, features: plans.features })
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.active, true)));
  return row ?? null;
}
