import { and, desc, eq, isNotNull } from "drizzle-orm";
import Stripe from "stripe";
import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { siteOrigin } from "#app/lib/env.server";
import { AppError } from "#app/lib/errors";
import { type Language, localizePath } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { userSummaries } from "#app/platform/people/people.server";
import { listingRef } from "#app/platform/plans/premium.server";
import { subscriptions } from "#app/platform/plans/schema";
import { liveStatuses } from "../../platform/plans/subscription.server";
import { applyPlanChange, getOwnListingLackingPlan } from "./grants.server";
import { getPlanRow, getSellablePlan, planPriceCents, planText } from "./plans.server";
import { type ProviderSettings, providerSettings } from "./providers/settings.server";
import { billingReceipts, stripeEvents } from "./schema";

// Stripe, only when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set: Checkout sells a
// plan for a listing (the price comes from the plans table, so prices stay configuration), the
// Billing Portal handles card changes and cancellation, and the webhook is the only writer of paid
// subscriptions. Each event is applied once (its id is stored in the same transaction as its
// effect), and an event older than the last one applied to a subscription changes nothing, so
// retries and out-of-order delivery leave the same state.

export type StripeSettings = ProviderSettings;

let client: { key: string; stripe: Stripe } | null = null;

// A test's new settings drop the client built from the old ones.
const stripeConfig = providerSettings(
  { secretKey: "STRIPE_SECRET_KEY", webhookSecret: "STRIPE_WEBHOOK_SECRET", apiBase: "STRIPE_API_BASE" },
  () => {
    client = null;
  },
);

/** Tests point billing at their own fake Stripe server (null: as if not configured). */
export const setStripeSettingsForTests = stripeConfig.setForTests;
export const stripeSettings = stripeConfig.settings;
export const isStripeConfigured = stripeConfig.configured;
const required = stripeConfig.required;

function stripeClient(settings: StripeSettings): Stripe {
  const key = `${settings.secretKey}\n${settings.apiBase ?? ""}`;
  if (client?.key === key) return client.stripe;
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  client = { key, stripe };
  return stripe;
}

async function customerFor(userId: string, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ customer: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.stripeCustomerId)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.customer ?? null;
}

/** Starts Checkout for one of the owner's listings; answers the URL to send them to. */
export async function startCheckout(options: {
  actor: Actor;
  planId: string;
  businessId: string;
  interval: "month" | "year";
  language: Language;
}): Promise<string> {
  assertCan(options.actor, "read:subscription:own", { ownerId: options.actor.id });
  const settings = required();
  const plan = await getSellablePlan(options.planId);
  const cents = planPriceCents(plan, options.interval);
  if (cents == null) throw new AppError("invalid", "billing:errors.noPrice", { field: "interval" });
  const listing = await getOwnListingLackingPlan({ ...options, planId: plan.id });
  const person = (await userSummaries([options.actor.id])).get(options.actor.id);
  const customer = await customerFor(options.actor.id);
  const metadata = { userId: options.actor.id, businessId: listing.id, planId: plan.id, interval: options.interval };
  const back = (query: string) =>
    `${siteOrigin()}${localizePath("/dashboard/subscription", options.language)}?${query}`;
  try {
    const session = await stripeClient(settings).checkout.sessions.create({
      mode: "subscription",
      ...(customer ? { customer } : { customer_email: person?.email }),
      client_reference_id: options.actor.id,
      locale: options.language,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: cents,
            recurring: { interval: options.interval },
            product_data: { name: `${planText(plan, options.language).name} · ${listing.name}` },
          },
        },
      ],
      metadata,
      subscription_data: { metadata },
      success_url: back("checkout=done"),
      cancel_url: back("checkout=cancelled"),
    });
    if (!session.url) throw new Error("checkout session without a URL");
    return session.url;
  } catch (error) {
    logger.error({ err: error, planId: plan.id }, "stripe checkout failed");
    throw new AppError("conflict", "billing:errors.providerDown");
  }
}

/** The Billing Portal for the person's Stripe customer (cards, invoices, cancelling). */
export async function openBillingPortal(options: { actor: Actor; language: Language }): Promise<string> {
  assertCan(options.actor, "read:subscription:own", { ownerId: options.actor.id });
  const settings = required();
  const customer = await customerFor(options.actor.id);
  if (!customer) throw new AppError("conflict", "billing:errors.noCustomer");
  try {
    const session = await stripeClient(settings).billingPortal.sessions.create({
      customer,
      return_url: `${siteOrigin()}${localizePath("/dashboard/billing", options.language)}`,
    });
    return session.url;
  } catch (error) {
    logger.error({ err: error }, "stripe billing portal failed");
    throw new AppError("conflict", "billing:errors.providerDown");
  }
}

const terminal = new Set(["canceled", "expired", "incomplete_expired"]);

interface StripeSubscriptionState {
  externalId: string;
  customer: string | null;
  status: string;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
}

function idOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "id" in value && typeof value.id === "string") return value.id;
  return null;
}

function subscriptionState(object: Stripe.Subscription, deleted: boolean): StripeSubscriptionState {
  // The period end moved from the subscription to its items in newer API versions: read either.
  const legacy = (object as unknown as { current_period_end?: number }).current_period_end;
  const itemEnd = object.items?.data?.[0]?.current_period_end;
  const end = legacy ?? itemEnd ?? null;
  return {
    externalId: object.id,
    customer: idOf(object.customer),
    status: deleted ? "canceled" : object.status,
    periodEnd: end ? new Date(end * 1000) : null,
    cancelAtPeriodEnd: Boolean(object.cancel_at_period_end),
    metadata: (object.metadata ?? {}) as Record<string, string>,
  };
}

/**
 * Writes a Stripe subscription's state unless a newer event was applied already. Answers the
 * listing to re-sync, or undefined when nothing changed.
 */
async function applySubscriptionState(state: StripeSubscriptionState, eventAt: Date, tx: Executor) {
  const [existing] = await tx
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      businessId: subscriptions.businessId,
      stripeEventAt: subscriptions.stripeEventAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.externalId, state.externalId))
    .for("update");
  if (existing) {
    if (existing.stripeEventAt && existing.stripeEventAt > eventAt) return undefined;
    // Same second: an end is final, a late "active" of that second does not revive it.
    if (
      existing.stripeEventAt?.getTime() === eventAt.getTime() &&
      terminal.has(existing.status) &&
      !terminal.has(state.status)
    )
      return undefined;
    await tx
      .update(subscriptions)
      .set({
        status: state.status,
        currentPeriodEnd: state.periodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        stripeCustomerId: state.customer,
        stripeEventAt: eventAt,
        endedAt: terminal.has(state.status) ? eventAt : null,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, existing.id));
    return { businessId: existing.businessId };
  }
  const target = await metadataTarget(state.metadata, tx);
  if (!target) return undefined;
  await tx.insert(subscriptions).values({
    userId: target.userId,
    businessId: target.businessId,
    planId: target.planId,
    billingInterval: target.interval,
    status: state.status,
    source: "stripe",
    externalId: state.externalId,
    stripeCustomerId: state.customer,
    currentPeriodEnd: state.periodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    stripeEventAt: eventAt,
    endedAt: terminal.has(state.status) ? eventAt : null,
  });
  return { businessId: target.businessId };
}

/** Who and what a subscription is for, from the metadata our Checkout set; unknown ones are ignored. */
async function metadataTarget(metadata: Record<string, string>, tx: Executor) {
  const { userId, businessId, planId, interval } = metadata;
  if (!userId || !planId) return null;
  const plan = await getPlanRow(planId, tx);
  const person = (await userSummaries([userId], tx)).get(userId);
  if (!plan || !person) {
    logger.warn({ planId, userId }, "stripe subscription for an unknown plan or person; ignored");
    return null;
  }
  const listing = businessId && /^[0-9a-f-]{36}$/i.test(businessId) ? await listingRef({ id: businessId }, tx) : null;
  return {
    userId,
    planId: plan.id,
    businessId: listing?.id ?? null,
    interval: interval === "year" ? "year" : "month",
  };
}

async function recordInvoice(invoice: Stripe.Invoice, status: "paid" | "failed", eventAt: Date, tx: Executor) {
  const legacy = (invoice as unknown as { subscription?: unknown }).subscription;
  const parent = (invoice as unknown as { parent?: { subscription_details?: { subscription?: unknown } } }).parent;
  const externalId = idOf(legacy) ?? idOf(parent?.subscription_details?.subscription);
  if (!externalId || !invoice.id) return undefined;
  const [row] = await tx
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      planId: subscriptions.planId,
      status: subscriptions.status,
      businessId: subscriptions.businessId,
      stripeEventAt: subscriptions.stripeEventAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.externalId, externalId))
    .for("update");
  // The subscription's own event has not arrived yet: Stripe retries this one until it has.
  if (!row) throw new Error("invoice for a subscription not seen yet");
  if (row.userId) {
    const line = invoice.lines?.data?.[0];
    const periodEnd = line?.period?.end ? new Date(line.period.end * 1000) : null;
    const amount = status === "paid" ? invoice.amount_paid : invoice.amount_due;
    await tx
      .insert(billingReceipts)
      .values({
        userId: row.userId,
        subscriptionId: row.id,
        planId: row.planId,
        amountUsdCents: amount ?? 0,
        status,
        source: "stripe",
        externalId: invoice.id,
        hostedUrl: invoice.hosted_invoice_url ?? null,
        periodEnd,
      })
      .onConflictDoUpdate({ target: billingReceipts.externalId, set: { status, amountUsdCents: amount ?? 0 } });
  }
  // A failed payment marks the plan as failing until Stripe's next subscription event says more.
  if (status === "failed" && row.status === "active" && (!row.stripeEventAt || row.stripeEventAt <= eventAt)) {
    await tx
      .update(subscriptions)
      .set({ status: "past_due", stripeEventAt: eventAt, updatedAt: new Date() })
      .where(eq(subscriptions.id, row.id));
  }
  return { businessId: row.businessId };
}

/**
 * The webhook: verifies the signature, applies the event once (its id is stored with its effect in
 * one transaction) and answers what happened; `verified: false` for a bad signature.
 */
export async function handleStripeWebhook(options: { payload: string; signature: string | null }) {
  const settings = required();
  let event: Stripe.Event;
  try {
    event = stripeClient(settings).webhooks.constructEvent(
      options.payload,
      options.signature ?? "",
      settings.webhookSecret,
    );
  } catch {
    return { verified: false, duplicate: false, applied: false };
  }
  const eventAt = new Date(event.created * 1000);
  return getDb().transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, created: eventAt })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { verified: true, duplicate: true, applied: false };
    let changed: { businessId: string | null } | undefined;
    let reason: "paid" | "cancelled" = "paid";
    switch (event.type) {
      case "checkout.session.completed": {
        const session = event.data.object;
        const externalId = idOf(session.subscription);
        if (externalId && session.mode === "subscription")
          changed = await applySubscriptionState(
            {
              externalId,
              customer: idOf(session.customer),
              status: "active",
              periodEnd: null,
              cancelAtPeriodEnd: false,
              metadata: (session.metadata ?? {}) as Record<string, string>,
            },
            // A checkout says "active" but knows no period: any subscription event of the same
            // second or later wins over it.
            new Date(eventAt.getTime() - 1),
            tx,
          );
        break;
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const state = subscriptionState(event.data.object, event.type === "customer.subscription.deleted");
        changed = await applySubscriptionState(state, eventAt, tx);
        if (!liveStatuses.includes(state.status)) reason = "cancelled";
        break;
      }
      case "invoice.paid":
      case "invoice.payment_succeeded":
        changed = await recordInvoice(event.data.object, "paid", eventAt, tx);
        break;
      case "invoice.payment_failed":
        changed = await recordInvoice(event.data.object, "failed", eventAt, tx);
        break;
      default:
        return { verified: true, duplicate: false, applied: false };
    }
    if (changed) await applyPlanChange({ businessId: changed.businessId, reason }, tx);
    return { verified: true, duplicate: false, applied: Boolean(changed) };
  });
}

/** Where billing's forms lead when Stripe is on (the CSP's form-action); nothing when it is off. */
export function stripeFormOrigins(): string[] {
  const settings = stripeSettings();
  if (!settings) return [];
  const origins = ["https://checkout.stripe.com", "https://billing.stripe.com"];
  if (settings.apiBase) origins.push(new URL(settings.apiBase).origin);
  return origins;
}
