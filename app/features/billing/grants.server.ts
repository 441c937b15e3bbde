import { and, asc, desc, eq, inArray, isNotNull, lte, or } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { isLanguage, type Language } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { repeatingJob } from "#app/lib/repeating-job.server";
import { emailLink } from "#app/platform/accounts/auth.server";
import { findUserIdByEmail } from "#app/platform/accounts/grants.server";
import { businessNames, listMyBusinesses } from "#app/platform/listings/listings.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { activeAdmins, userSummaries } from "#app/platform/people/people.server";
import { listingRef, syncListingPremium } from "#app/platform/plans/premium.server";
import { subscriptions } from "#app/platform/plans/schema";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { liveStatuses } from "../../platform/plans/subscription.server";
import { getPlanRow, getSellablePlan, type PlanRow, planText } from "./plans.server";
import { billingReceipts, planRequests } from "./schema";

// The embedded default: no payment provider. An admin grants a plan to a listing or a person with
// an end date and a reason, or ends one (both audit-logged); owners ask for an upgrade and admins
// see the requests. Every start and end goes through `applyPlanChange`, the one path paid plans
// take too, so a lapse re-syncs premium exactly like a cancelled Stripe subscription.

/** Stripe plans get this long past their period end before the lapse job ends them (a late renewal). */
export const stripeLapseGraceMs = 3 * 24 * 60 * 60 * 1000;

/**
 * After a subscription changed: the listing's premium follows its plans (directory's sync, in the
 * caller's transaction), and when what the listing shows changed, its owner is told why by email.
 */
export async function applyPlanChange(
  options: { businessId: string | null; reason: "granted" | "ended" | "paid" | "lapsed" | "cancelled" },
  tx: Executor,
) {
  if (!options.businessId) return;
  const before = await listingPremiumFlag(options.businessId, tx);
  const listing = await syncListingPremium({ businessId: options.businessId }, tx);
  if (!listing || before === listing.isPremium || !listing.ownerId) return;
  const owner = (await userSummaries([listing.ownerId], tx)).get(listing.ownerId);
  if (!owner) return;
  const language: Language = isLanguage(owner.preferredLanguage) ? owner.preferredLanguage : "en";
  const { getTranslator } = await import("#app/lib/i18n.server");
  const t = await getTranslator(language);
  const key = listing.isPremium ? "billing:emails.premiumOn" : "billing:emails.premiumOff";
  await sendEmail(
    {
      to: owner.email,
      subject: t(`${key}.subject`, { name: listing.name }),
      text: t(`${key}.text`, {
        person: owner.firstName || owner.name,
        name: listing.name,
        why: t(`billing:emails.why.${options.reason}`),
        link: emailLink("/dashboard/features", language),
        upgrade: emailLink("/dashboard/subscription", language),
      }),
    },
    tx,
  );
}

async function listingPremiumFlag(businessId: string, tx: Executor) {
  return (await listingRef({ id: businessId }, tx))?.isPremium ?? false;
}

export interface GrantInput {
  planId: string;
  /** A listing's slug: the plan belongs to the listing. */
  businessSlug?: string;
  /** Otherwise a person's email: the plan belongs to the person. */
  email?: string;
  /** Null: until an admin ends it. */
  endsAt: Date | null;
  reason: string;
  /** Set when the grant answers a payment the admin confirmed by hand (SINPE Móvil): a paid receipt. */
  payment?: PlanPayment;
}

/** A payment a plan answers: its receipt is `paid`, with the provider's id for it (held once). */
export interface PlanPayment {
  source: "sinpe" | "onvo";
  amountUsdCents: number;
  externalId: string;
}

/** An admin gives a listing or a person a plan (audit-logged, with a receipt line for the holder). */
export async function grantPlan(options: { actor: Actor; grant: GrantInput; now?: Date }, executor?: Executor) {
  const { subscriptionId } = await insertGrant(options, executor);
  return { subscriptionId };
}

/** grantPlan's transaction, answering what its audit line names. */
const insertGrant = defineWrite(
  {
    permission: "manage:subscription:any",
    // A listing whose premium changes is marked changed by applyPlanChange (the listing's sync).
    contentKinds: [],
    audit: (granted, options) => ({
      action: "billing.subscription.grant",
      targetType: granted.businessId ? "business" : "user",
      targetId: granted.businessId ?? granted.userId,
      details: {
        plan: granted.planId,
        subscription: granted.subscriptionId,
        endsAt: options.grant.endsAt?.toISOString() ?? null,
        reason: options.grant.reason,
      },
    }),
  },
  async (options: { actor: Actor; grant: GrantInput; now?: Date }, tx: Executor) => {
    const now = options.now ?? new Date();
    const grant = options.grant;
    const plan = await getPlanRow(grant.planId, tx);
    if (!plan || !plan.active || plan.id === "free")
      throw new AppError("invalid", "billing:errors.noPlan", { field: "planId" });
    if (grant.endsAt && grant.endsAt <= now)
      throw new AppError("invalid", "billing:errors.endInPast", { field: "endsAt" });
    let businessId: string | null = null;
    let userId: string | null = null;
    if (grant.businessSlug) {
      const listing = await listingRef({ slug: grant.businessSlug.trim().toLowerCase() }, tx);
      if (!listing) throw new AppError("not_found", "billing:errors.noBusiness", { field: "businessSlug" });
      businessId = listing.id;
      userId = listing.ownerId;
    } else if (grant.email) {
      userId = await findUserIdByEmail(grant.email, tx);
      if (!userId) throw new AppError("not_found", "billing:errors.noAccount", { field: "email" });
    } else throw new AppError("invalid", "billing:errors.noTarget", { field: "businessSlug" });
    const subscriptionId = await writePlan(
      {
        userId,
        businessId,
        planId: plan.id,
        endsAt: grant.endsAt,
        reason: grant.reason,
        grantedBy: options.actor.id,
        payment: grant.payment,
        now,
      },
      tx,
    );
    await applyPlanChange({ businessId, reason: "granted" }, tx);
    return { subscriptionId, planId: plan.id, businessId, userId };
  },
);

/**
 * A live plan for a listing or a person with its receipt line (granted, or paid with the payment's
 * id), closing the holder's open requests. Every way a plan starts without Stripe's subscriptions
 * (an admin's grant, a confirmed SINPE Móvil transfer, an ONVO payment) writes it here; the caller
 * re-syncs the listing with applyPlanChange in the same transaction.
 */
export async function writePlan(
  input: {
    userId: string | null;
    businessId: string | null;
    planId: string;
    endsAt: Date | null;
    reason: string;
    grantedBy: string | null;
    payment?: PlanPayment;
    now: Date;
  },
  tx: Executor,
) {
  const { userId, businessId, payment, now } = input;
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId,
      businessId,
      planId: input.planId,
      status: "active",
      source: payment?.source ?? "admin",
      currentPeriodEnd: input.endsAt,
      reason: input.reason,
      grantedBy: input.grantedBy,
    })
    .returning({ id: subscriptions.id });
  if (userId)
    await tx.insert(billingReceipts).values({
      userId,
      subscriptionId: row.id,
      planId: input.planId,
      amountUsdCents: payment?.amountUsdCents ?? 0,
      status: payment ? "paid" : "granted",
      source: payment?.source ?? "admin",
      externalId: payment?.externalId,
      periodEnd: input.endsAt,
    });
  // The request this answers, if any, is done.
  if (userId)
    await tx
      .update(planRequests)
      .set({ status: "done", closedAt: now })
      .where(and(eq(planRequests.userId, userId), eq(planRequests.status, "open")));
  return row.id;
}

/** An admin ends a plan now (a grant or, locally, a paid one: Stripe is told by the portal, not here). */
export const endPlan = defineWrite(
  {
    permission: "manage:subscription:any",
    // A listing whose premium changes is marked changed by applyPlanChange (the listing's sync).
    contentKinds: [],
    audit: (ended, options) => ({
      action: "billing.subscription.end",
      targetType: "subscription",
      targetId: String(ended.id),
      details: { plan: ended.planId, reason: options.reason },
    }),
  },
  async (options: { actor: Actor; subscriptionId: number; reason: string; now?: Date }, tx: Executor) => {
    const now = options.now ?? new Date();
    const [row] = await tx
      .select({
        id: subscriptions.id,
        businessId: subscriptions.businessId,
        status: subscriptions.status,
        planId: subscriptions.planId,
      })
      .from(subscriptions)
      .where(eq(subscriptions.id, options.subscriptionId))
      .for("update");
    if (!row) throw new AppError("not_found", "billing:errors.noSubscription");
    if (!liveStatuses.includes(row.status)) throw new AppError("conflict", "billing:errors.alreadyEnded");
    await tx
      .update(subscriptions)
      .set({ status: "canceled", endedAt: now, currentPeriodEnd: now, reason: options.reason, updatedAt: now })
      .where(eq(subscriptions.id, row.id));
    await applyPlanChange({ businessId: row.businessId, reason: "ended" }, tx);
    return row;
  },
);

/** The signed-in person's listings they own (the only ones they may buy or request a plan for). */
export async function ownedListings(actor: Actor) {
  const rows = await listMyBusinesses({ actor });
  return rows.filter((row) => row.ownerId === actor.id);
}

/**
 * Refuses a plan the listing already has (a live subscription to it), so nobody is asked to pay
 * for, or an admin to grant, what the listing already shows.
 */
export async function assertListingLacksPlan(businessId: string, planId: string, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.businessId, businessId),
        eq(subscriptions.planId, planId),
        inArray(subscriptions.status, liveStatuses),
      ),
    )
    .limit(1);
  if (row) throw new AppError("conflict", "billing:errors.alreadyOnPlan", { field: "businessId" });
}

/**
 * The actor's own listing the form names, refused when it already has the plan: someone else's and
 * a missing one are both not found.
 */
export async function getOwnListingLackingPlan(
  options: { actor: Actor; businessId: string; planId: string },
  executor?: Executor,
) {
  const listing = (await ownedListings(options.actor)).find((row) => row.id === options.businessId);
  if (!listing) throw new AppError("not_found", "billing:errors.noBusiness", { field: "businessId" });
  await assertListingLacksPlan(listing.id, options.planId, executor);
  return listing;
}

/** An owner asks for a plan for one of their listings; admins get one email and see it listed. */
export async function requestPlan(
  options: { actor: Actor; planId: string; businessId: string; note: string; now?: Date },
  executor?: Executor,
) {
  assertCan(options.actor, "read:subscription:own", { ownerId: options.actor.id });
  const plan = await getSellablePlan(options.planId);
  const listing = await getOwnListingLackingPlan({ ...options, planId: plan.id }, executor);
  await consumeRateLimit({ key: `plan-request:${options.actor.id}`, points: 5, durationSeconds: 24 * 3600 });
  return insertPlanRequest({ actor: options.actor, plan, listing, note: options.note }, executor);
}

/** requestPlan's transaction, once the plan, the listing and the limit are checked. */
const insertPlanRequest = defineWrite(
  { contentKinds: [] },
  async (
    options: { actor: Actor; plan: PlanRow; listing: { id: string; name: string }; note: string },
    tx: Executor,
  ) => {
    const { plan, listing } = options;
    const [created] = await tx
      .insert(planRequests)
      .values({ userId: options.actor.id, businessId: listing.id, planId: plan.id, note: options.note })
      .onConflictDoNothing()
      .returning({ id: planRequests.id });
    if (!created) return { already: true };
    const { getTranslator } = await import("#app/lib/i18n.server");
    for (const admin of await activeAdmins(tx)) {
      const language: Language = isLanguage(admin.language) ? admin.language : "en";
      const t = await getTranslator(language);
      await sendEmail(
        {
          to: admin.email,
          subject: t("billing:emails.request.subject", { name: listing.name }),
          text: t("billing:emails.request.text", {
            name: listing.name,
            plan: planText(plan, language).name,
            note: options.note || "—",
            link: emailLink("/admin/subscriptions", language),
          }),
        },
        tx,
      );
    }
    return { already: false };
  },
);

/** An admin closes a request (granted separately, or declined). */
export const closePlanRequest = defineWrite(
  { permission: "manage:subscription:any", contentKinds: [] },
  async (options: { actor: Actor; requestId: number; now?: Date }, tx: Executor) => {
    const [row] = await tx
      .update(planRequests)
      .set({ status: "done", closedAt: options.now ?? new Date() })
      .where(and(eq(planRequests.id, options.requestId), eq(planRequests.status, "open")))
      .returning({ id: planRequests.id });
    if (!row) throw new AppError("not_found", "billing:errors.noRequest");
  },
);

/**
 * An admin answers an owner's request by granting what was asked: the requested plan for the
 * requested listing, with no end date, through grantPlan (audited, a receipt line, the owner told,
 * the request closed). A request already answered, or for a listing that has the plan, is refused.
 */
export async function grantPlanRequest(
  options: { actor: Actor; requestId: number; reason: string; now?: Date },
  executor?: Executor,
) {
  assertCan(options.actor, "manage:subscription:any");
  return inTransaction(executor, async (tx) => {
    const [request] = await tx
      .select({ id: planRequests.id, planId: planRequests.planId, businessId: planRequests.businessId })
      .from(planRequests)
      .where(and(eq(planRequests.id, options.requestId), eq(planRequests.status, "open")))
      .for("update");
    if (!request) throw new AppError("not_found", "billing:errors.noRequest");
    const listing = request.businessId ? await listingRef({ id: request.businessId }, tx) : null;
    if (!listing) throw new AppError("not_found", "billing:errors.noBusiness");
    await assertListingLacksPlan(listing.id, request.planId, tx);
    const granted = await grantPlan(
      {
        actor: options.actor,
        grant: { planId: request.planId, businessSlug: listing.slug, endsAt: null, reason: options.reason },
        now: options.now,
      },
      tx,
    );
    // The owner may have changed since asking: this request is done whoever holds the listing now.
    await tx
      .update(planRequests)
      .set({ status: "done", closedAt: options.now ?? new Date() })
      .where(eq(planRequests.id, request.id));
    return granted;
  });
}

/** Open requests, oldest first, for the admin page. */
export async function listPlanRequests(options: { actor: Actor }) {
  assertCan(options.actor, "manage:subscription:any");
  const rows = await getDb()
    .select()
    .from(planRequests)
    .where(eq(planRequests.status, "open"))
    .orderBy(asc(planRequests.createdAt))
    .limit(100);
  const people = await userSummaries(rows.map((row) => row.userId));
  const names = await businessNames(rows.flatMap((row) => (row.businessId ? [row.businessId] : [])));
  return rows.map((row) => ({
    id: row.id,
    planId: row.planId,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    email: people.get(row.userId)?.email ?? "",
    business: row.businessId ? (names.get(row.businessId) ?? null) : null,
  }));
}

/** The person's own open requests (the subscription page says what is waiting). */
export async function myPlanRequests(options: { actor: Actor }) {
  return getDb()
    .select({ id: planRequests.id, planId: planRequests.planId, businessId: planRequests.businessId })
    .from(planRequests)
    .where(and(eq(planRequests.userId, options.actor.id), eq(planRequests.status, "open")))
    .orderBy(desc(planRequests.createdAt));
}

/**
 * One run of the lapse job: every live subscription whose end date has passed (a Stripe one after
 * a grace period for a late renewal) becomes "expired" and its listing is re-synced, each in its own
 * transaction; rows are claimed with SKIP LOCKED so instances running at once split the work.
 */
export async function runSubscriptionLapse(options: { now?: Date; limit?: number } = {}) {
  const now = options.now ?? new Date();
  const due = await getDb()
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, liveStatuses),
        isNotNull(subscriptions.currentPeriodEnd),
        or(
          and(inArray(subscriptions.source, ["admin", "sinpe", "onvo"]), lte(subscriptions.currentPeriodEnd, now)),
          and(
            eq(subscriptions.source, "stripe"),
            lte(subscriptions.currentPeriodEnd, new Date(now.getTime() - stripeLapseGraceMs)),
          ),
        ),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(options.limit ?? 100);
  const lapsed: number[] = [];
  for (const candidate of due) {
    const done = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .select({ id: subscriptions.id, businessId: subscriptions.businessId, status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.id, candidate.id))
        .for("update", { skipLocked: true });
      if (!row || !liveStatuses.includes(row.status)) return false;
      await tx
        .update(subscriptions)
        .set({ status: "expired", endedAt: now, updatedAt: now })
        .where(eq(subscriptions.id, row.id));
      await applyPlanChange({ businessId: row.businessId, reason: "lapsed" }, tx);
      return true;
    });
    if (done) lapsed.push(candidate.id);
  }
  if (lapsed.length) logger.info({ lapsed: lapsed.length }, "subscription lapse run");
  return { lapsed };
}

/** Runs every 15 minutes while the server runs (every instance; rows are claimed one by one). */
export const subscriptionLapseJob = repeatingJob({
  run: () => runSubscriptionLapse(),
  intervalMs: 15 * 60_000,
  failure: "subscription lapse run failed",
});
