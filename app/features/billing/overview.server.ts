import { and, count, desc, eq, gte, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { getDb } from "#app/lib/db.server";
import { businessNames } from "#app/platform/listings/listings.server";
import { userSummaries } from "#app/platform/people/people.server";
import { subscriptions } from "#app/platform/plans/schema";
import { liveStatuses } from "../../platform/plans/subscription.server";
import { ownedListings } from "./grants.server";
import { listPlanRows, type PlanRow, planListingFeatures } from "./plans.server";
import { billingReceipts } from "./schema";

// What the dashboard and the admin page read: a person's plans, receipts and listings' features,
// and for admins every subscription with its monthly revenue.

export interface SubscriptionView {
  id: number;
  planId: string;
  status: string;
  source: string;
  interval: string | null;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  businessId: string | null;
  business: string | null;
  reason: string | null;
  createdAt: string;
  endedAt: string | null;
}

function isLive(row: { status: string; currentPeriodEnd: Date | null }, now: Date) {
  return liveStatuses.includes(row.status) && (!row.currentPeriodEnd || row.currentPeriodEnd > now);
}

/** The person's plans and their listings' plans (whoever pays), newest first. */
export async function mySubscriptions(options: { actor: Actor; now?: Date }) {
  assertCan(options.actor, "read:subscription:own", { ownerId: options.actor.id });
  const now = options.now ?? new Date();
  const listings = await ownedListings(options.actor);
  const listingIds = listings.map((row) => row.id);
  const rows = await getDb()
    .select()
    .from(subscriptions)
    .where(
      listingIds.length
        ? or(eq(subscriptions.userId, options.actor.id), inArray(subscriptions.businessId, listingIds))
        : eq(subscriptions.userId, options.actor.id),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(50);
  const names = new Map(listings.map((row) => [row.id, row.name]));
  return rows.map((row) => ({ ...toView(row, names), live: isLive(row, now) }));
}

function toView(row: typeof subscriptions.$inferSelect, names: Map<string, string>): SubscriptionView {
  return {
    id: row.id,
    planId: row.planId,
    status: row.status,
    source: row.source,
    interval: row.billingInterval,
    periodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    businessId: row.businessId,
    business: row.businessId ? (names.get(row.businessId) ?? null) : null,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** The person's invoices and receipts (Stripe's and admin grants'), newest first. */
export async function myReceipts(options: { actor: Actor }) {
  assertCan(options.actor, "read:subscription:own", { ownerId: options.actor.id });
  const rows = await getDb()
    .select()
    .from(billingReceipts)
    .where(eq(billingReceipts.userId, options.actor.id))
    .orderBy(desc(billingReceipts.createdAt), desc(billingReceipts.id))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    planId: row.planId,
    amountUsd: row.amountUsdCents / 100,
    status: row.status,
    source: row.source,
    hostedUrl: row.hostedUrl,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Per owned listing: its best live plan and, from the plans' data, what it includes and lacks. */
export async function myListingFeatures(options: { actor: Actor; now?: Date }) {
  assertCan(options.actor, "read:subscription:own", { ownerId: options.actor.id });
  const now = options.now ?? new Date();
  const plans = await listPlanRows({ all: true });
  const listings = await ownedListings(options.actor);
  const subs = listings.length
    ? await getDb()
        .select()
        .from(subscriptions)
        .where(
          inArray(
            subscriptions.businessId,
            listings.map((row) => row.id),
          ),
        )
    : [];
  const free = plans.find((plan) => plan.id === "free");
  return listings.map((listing) => {
    const live = subs.filter((row) => row.businessId === listing.id && isLive(row, now));
    const best = live
      .map((row) => plans.find((plan) => plan.id === row.planId))
      .filter((plan): plan is PlanRow => Boolean(plan))
      .sort((a, b) => b.sortOrder - a.sortOrder)[0];
    const plan = best ?? free ?? null;
    const end = live.find((row) => row.planId === best?.id)?.currentPeriodEnd ?? null;
    return {
      id: listing.id,
      name: listing.name,
      slug: listing.slug,
      status: listing.status,
      planId: plan?.id ?? "free",
      periodEnd: end?.toISOString() ?? null,
      features: plan ? planListingFeatures(plan) : [],
    };
  });
}

export interface AdminSubscriptionFilters {
  status?: "live" | "failing" | "lapsed" | "all";
  planId?: string;
  source?: "admin" | "stripe" | "onvo" | "sinpe";
  page?: number;
}

export const adminSubscriptionPageSize = 50;

/** Every subscription for admins, filtered; with MRR per plan and the count of failing and lapsed ones. */
export async function listSubscriptionsForAdmin(options: {
  actor: Actor;
  filters: AdminSubscriptionFilters;
  now?: Date;
}) {
  assertCan(options.actor, "manage:subscription:any");
  const now = options.now ?? new Date();
  const filters = options.filters;
  const lapsedSince = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const conditions: SQL[] = [];
  if (filters.status === "live") conditions.push(inArray(subscriptions.status, ["active", "trialing"]));
  if (filters.status === "failing") conditions.push(eq(subscriptions.status, "past_due"));
  if (filters.status === "lapsed")
    conditions.push(
      and(
        inArray(subscriptions.status, ["expired", "canceled"]),
        isNotNull(subscriptions.endedAt),
        gte(subscriptions.endedAt, lapsedSince),
      ) as SQL,
    );
  if (filters.planId) conditions.push(eq(subscriptions.planId, filters.planId));
  if (filters.source) conditions.push(eq(subscriptions.source, filters.source));
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Math.max(1, filters.page ?? 1);
  const [rows, [{ total }], all] = await Promise.all([
    getDb()
      .select()
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(adminSubscriptionPageSize)
      .offset((page - 1) * adminSubscriptionPageSize),
    getDb().select({ total: count() }).from(subscriptions).where(where),
    getDb()
      .select({
        planId: subscriptions.planId,
        status: subscriptions.status,
        source: subscriptions.source,
        interval: subscriptions.billingInterval,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        endedAt: subscriptions.endedAt,
      })
      .from(subscriptions),
  ]);
  const plans = await listPlanRows({ all: true });
  const people = await userSummaries(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
  const names = await businessNames(rows.flatMap((row) => (row.businessId ? [row.businessId] : [])));
  // MRR counts what is billed: live paid subscriptions at their plan's price (a yearly one as a twelfth).
  const mrr = new Map<string, { cents: number; count: number }>();
  let failing = 0;
  let lapsed = 0;
  for (const row of all) {
    if (row.status === "past_due") failing++;
    if ((row.status === "expired" || row.status === "canceled") && row.endedAt && row.endedAt >= lapsedSince) lapsed++;
    if (row.source !== "stripe" || !isLive(row, now)) continue;
    const plan = plans.find((candidate) => candidate.id === row.planId);
    const cents =
      row.interval === "year" ? Math.round((plan?.yearlyPriceUsdCents ?? 0) / 12) : (plan?.monthlyPriceUsdCents ?? 0);
    const entry = mrr.get(row.planId) ?? { cents: 0, count: 0 };
    mrr.set(row.planId, { cents: entry.cents + cents, count: entry.count + 1 });
  }
  return {
    rows: rows.map((row) => ({
      ...toView(row, names),
      email: row.userId ? (people.get(row.userId)?.email ?? null) : null,
      live: isLive(row, now),
    })),
    total,
    page,
    mrr: [...mrr.entries()].map(([planId, value]) => ({ planId, mrrUsd: value.cents / 100, count: value.count })),
    failing,
    lapsed,
  };
}
