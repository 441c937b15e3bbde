import { timingSafeEqual } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { siteOrigin } from "#app/lib/env.server";
import { AppError } from "#app/lib/errors";
import { type Language, localizePath } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { userSummaries } from "#app/platform/people/people.server";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { applyPlanChange, getOwnListingLackingPlan, writePlan } from "./grants.server";
import { getSellablePlan, planPriceCents, planText } from "./plans.server";
import { planPeriodEnd } from "./providers/period";
import { type ProviderSettings, providerSettings } from "./providers/settings.server";
import { onvoEvents, onvoPayments } from "./schema";

// ONVO Pay, only when ONVO_SECRET_KEY and ONVO_WEBHOOK_SECRET are both set: a plan is paid once
// for a month or a year, in colones, on ONVO's hosted Checkout (a one-time link: its card and
// SINPE Móvil methods, no JavaScript of ours), and the webhook is the only thing that grants it.
// What ONVO's API is asked follows docs.onvopay.com (see docs/billing.md): Bearer secret key,
// amounts in the currency's minor unit, the webhook's origin proven by its X-Webhook-Secret header.

export type OnvoSettings = ProviderSettings;

const onvoConfig = providerSettings({
  secretKey: "ONVO_SECRET_KEY",
  webhookSecret: "ONVO_WEBHOOK_SECRET",
  apiBase: "ONVO_API_BASE",
});

/** Tests point billing at their own ONVO stand-in (null: as if not configured). */
export const setOnvoSettingsForTests = onvoConfig.setForTests;
export const onvoSettings = onvoConfig.settings;
export const isOnvoConfigured = onvoConfig.configured;
const required = onvoConfig.required;

async function onvoApi<T>(settings: OnvoSettings, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const base = (settings.apiBase ?? "https://api.onvopay.com").replace(/\/$/, "");
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${settings.secretKey}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`ONVO ${method} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The plan's price in colones at the site's dated rate, in ONVO's minor unit (céntimos). */
async function priceInColones(cents: number) {
  const rate = (await getSiteConfig("es")).exchangeRate;
  if (!rate) throw new AppError("invalid", "billing:errors.sinpeNoRate");
  const colones = Math.round((cents / 100) * rate.crcPerUsd);
  return { amountCrcCents: colones * 100, crcPerUsd: rate.crcPerUsd, rateOn: rate.on };
}

/**
 * Starts ONVO's hosted Checkout for one of the owner's listings: the payment is recorded as asked
 * (plan, listing, amount in colones) before ONVO is called, so the webhook checks against our
 * record, never against what the webhook says was asked. Answers the URL to send the owner to.
 */
export async function startOnvoCheckout(options: {
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
  if (!cents) throw new AppError("invalid", "billing:errors.noPrice", { field: "interval" });
  const listing = await getOwnListingLackingPlan({ ...options, planId: plan.id });
  const price = await priceInColones(cents);
  await consumeRateLimit({ key: `onvo-start:${options.actor.id}`, points: 20, durationSeconds: 24 * 3600 });
  const person = (await userSummaries([options.actor.id])).get(options.actor.id);
  const [payment] = await getDb()
    .insert(onvoPayments)
    .values({
      userId: options.actor.id,
      businessId: listing.id,
      planId: plan.id,
      interval: options.interval,
      amountUsdCents: cents,
      ...price,
    })
    .returning({ id: onvoPayments.id });
  const back = (query: string) =>
    `${siteOrigin()}${localizePath("/dashboard/subscription", options.language)}?${query}`;
  try {
    const session = await onvoApi<{ id?: string; url?: string }>(
      settings,
      "POST",
      "/v1/checkout/sessions/one-time-link",
      {
        lineItems: [
          {
            quantity: 1,
            unitAmount: price.amountCrcCents,
            currency: "CRC",
            description: `${planText(plan, options.language).name} · ${listing.name}`,
          },
        ],
        ...(person?.email ? { customerEmail: person.email } : {}),
        redirectUrl: back("checkout=done"),
        cancelUrl: back("checkout=cancelled"),
        metadata: {
          paymentId: String(payment.id),
          userId: options.actor.id,
          businessId: listing.id,
          planId: plan.id,
          interval: options.interval,
        },
      },
    );
    if (!session.id || !session.url) throw new Error("ONVO checkout session without an id or a URL");
    await getDb().update(onvoPayments).set({ checkoutSessionId: session.id }).where(eq(onvoPayments.id, payment.id));
    return session.url;
  } catch (error) {
    logger.error({ err: error, planId: plan.id }, "onvo checkout failed");
    await getDb().update(onvoPayments).set({ status: "failed" }).where(eq(onvoPayments.id, payment.id));
    throw new AppError("conflict", "billing:errors.providerDown");
  }
}

/** Constant-time comparison of the header with the configured secret (any length). */
function secretMatches(given: string | null, expected: string) {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface OnvoIntent {
  id: string;
  amount: number;
  currency: string;
  status: string;
}

type WebhookResult = { verified: boolean; duplicate: boolean; applied: boolean };

const text = (value: unknown) => (typeof value === "string" && value.length <= 200 ? value : null);

/**
 * The webhook: checks the secret header, then applies the event once. ONVO's payload carries no
 * event id, so "type:object id" is stored in onvo_events in the same transaction as the effect.
 * A paid session is checked against ONVO's own record of its payment intent (fetched before the
 * transaction): it must have succeeded, in colones, for at least what we asked, or nothing is
 * granted and the event is not kept (a later delivery is checked again). A late "failed" never
 * undoes a payment, and a payment already applied is not applied twice (its row is locked and
 * must not be paid yet).
 */
export async function handleOnvoWebhook(options: {
  payload: string;
  secret: string | null;
  now?: Date;
}): Promise<WebhookResult> {
  const settings = required();
  if (!secretMatches(options.secret, settings.webhookSecret))
    return { verified: false, duplicate: false, applied: false };
  let event: { type?: unknown; data?: Record<string, unknown> };
  try {
    event = JSON.parse(options.payload);
  } catch {
    return { verified: false, duplicate: false, applied: false };
  }
  const type = text(event.type);
  const data = event.data && typeof event.data === "object" ? event.data : null;
  const objectId = text(data?.id);
  if (!type || !data || !objectId) return { verified: false, duplicate: false, applied: false };
  const metadata = (data.metadata && typeof data.metadata === "object" ? data.metadata : {}) as Record<string, unknown>;
  const paymentId = Number.parseInt(text(metadata.paymentId) ?? "", 10);

  let intent: OnvoIntent | null = null;
  if (type === "checkout-session.succeeded" || type === "payment-intent.succeeded") {
    const intentId =
      type === "payment-intent.succeeded"
        ? objectId
        : (text(data.paymentIntentId) ??
          text((data.paymentIntent as { id?: unknown } | undefined)?.id) ??
          text(data.paymentIntent));
    // Without an intent to check, the session cannot be verified: nothing is recorded, ONVO retries.
    if (!intentId) throw new Error("ONVO checkout session without a payment intent");
    intent = await onvoApi<OnvoIntent>(settings, "GET", `/v1/payment-intents/${encodeURIComponent(intentId)}`);
    // Not (yet) a payment in colones: nothing is kept, so a later delivery of the same event is
    // checked again rather than answered as a duplicate.
    if (intent.status !== "succeeded" || intent.currency?.toUpperCase() !== "CRC" || !Number.isFinite(intent.amount))
      return { verified: true, duplicate: false, applied: false };
  }

  const keys = {
    sessionId: type.startsWith("checkout-session.") ? objectId : null,
    intentId: type.startsWith("payment-intent.") ? objectId : null,
    paymentId: Number.isSafeInteger(paymentId) ? paymentId : null,
  };
  if (intent) {
    // What was asked never changes once recorded: read it before the transaction, and refuse a
    // payment for less without keeping the event.
    const asked = await findPayment(getDb(), keys, false);
    if (asked && intent.amount < asked.amountCrcCents) {
      logger.warn(
        { payment: asked.id, asked: asked.amountCrcCents, paid: intent.amount },
        "onvo payment for less than asked; nothing granted",
      );
      return { verified: true, duplicate: false, applied: false };
    }
  }

  const now = options.now ?? new Date();
  return getDb().transaction(async (tx) => {
    const [fresh] = await tx
      .insert(onvoEvents)
      .values({ id: `${type}:${objectId}`, type })
      .onConflictDoNothing()
      .returning({ id: onvoEvents.id });
    if (!fresh) return { verified: true, duplicate: true, applied: false };
    const payment = await findPayment(tx, keys, true);
    if (!payment) return { verified: true, duplicate: false, applied: false };

    switch (type) {
      case "checkout-session.succeeded":
      case "payment-intent.succeeded":
        return { verified: true, duplicate: false, applied: await applyPaid(payment, intent, now, tx) };
      case "payment-intent.deferred":
      case "payment-intent.failed": {
        const status = type === "payment-intent.failed" ? "failed" : "deferred";
        const [changed] = await tx
          .update(onvoPayments)
          .set({ status, paymentIntentId: payment.paymentIntentId ?? objectId })
          .where(and(eq(onvoPayments.id, payment.id), inArray(onvoPayments.status, ["open", "deferred"])))
          .returning({ id: onvoPayments.id });
        return { verified: true, duplicate: false, applied: Boolean(changed) };
      }
      default:
        return { verified: true, duplicate: false, applied: false };
    }
  });
}

async function findPayment(
  tx: Executor,
  keys: { sessionId: string | null; intentId: string | null; paymentId: number | null },
  lock: boolean,
) {
  const where = keys.sessionId
    ? eq(onvoPayments.checkoutSessionId, keys.sessionId)
    : keys.paymentId
      ? eq(onvoPayments.id, keys.paymentId)
      : keys.intentId
        ? eq(onvoPayments.paymentIntentId, keys.intentId)
        : null;
  if (!where) return null;
  const query = tx.select().from(onvoPayments).where(where);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

async function applyPaid(
  payment: typeof onvoPayments.$inferSelect,
  intent: OnvoIntent | null,
  now: Date,
  tx: Executor,
) {
  if (payment.status === "paid" || !intent) return false;
  const subscriptionId = await writePlan(
    {
      userId: payment.userId,
      businessId: payment.businessId,
      planId: payment.planId,
      endsAt: planPeriodEnd(now, payment.interval),
      reason: `ONVO ${intent.id}`,
      grantedBy: null,
      payment: { source: "onvo", amountUsdCents: payment.amountUsdCents, externalId: `onvo:${intent.id}` },
      now,
    },
    tx,
  );
  await tx
    .update(onvoPayments)
    .set({ status: "paid", paymentIntentId: intent.id, subscriptionId, paidAt: now })
    .where(eq(onvoPayments.id, payment.id));
  await applyPlanChange({ businessId: payment.businessId, reason: "paid" }, tx);
  return true;
}

/** Where billing's forms lead when ONVO is on (the CSP's form-action); nothing when it is off. */
export function onvoFormOrigins(): string[] {
  const settings = onvoSettings();
  if (!settings) return [];
  // The hosted Checkout's page is on one of ONVO's hosts (the URL the API answers).
  const origins = ["https://*.onvopay.com"];
  if (settings.apiBase) origins.push(new URL(settings.apiBase).origin);
  return origins;
}
