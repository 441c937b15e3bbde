import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAtColumn as createdAt } from "../../lib/db-columns";
import { businesses } from "../../platform/listings/schema";
import { users } from "../../platform/people/schema";
import { plans, subscriptions } from "../../platform/plans/schema";

// Plans and who holds which, what was paid (receipts), what owners asked for, and the
// Stripe events already applied.

/** The plan a receipt or a payment ended in (kept when the subscription is deleted). */
const subscriptionIdColumn = () =>
  bigint("subscription_id", { mode: "number" }).references(() => subscriptions.id, { onDelete: "set null" });

/** What a one-time payment (SINPE Móvil, ONVO) is for: who pays, for which listing, plan and period. */
const planOrderColumns = () => ({
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  businessId: uuid("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" }),
  planId: text("plan_id")
    .notNull()
    .references(() => plans.id),
  /** month | year: what the amount pays for. */
  interval: text("interval").notNull(),
});

/** A one-time payment's price in dollars and the site rate it was converted to colones with, and its date. */
const conversionColumns = () => ({
  amountUsdCents: integer("amount_usd_cents").notNull(),
  crcPerUsd: doublePrecision("crc_per_usd").notNull(),
  rateOn: text("rate_on").notNull(),
});

/** Invoices and receipts: Stripe's paid/failed invoices, and one line per admin grant. */
export const billingReceipts = pgTable(
  "billing_receipts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: subscriptionIdColumn(),
    planId: text("plan_id").notNull(),
    amountUsdCents: integer("amount_usd_cents").notNull().default(0),
    /** paid | failed | granted */
    status: text("status").notNull(),
    source: text("source").notNull(),
    /** Stripe invoice id: a retried webhook records it once. */
    externalId: text("external_id").unique(),
    hostedUrl: text("hosted_url"),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("billing_receipts_user_id_idx").on(table.userId)],
);

/** An owner asking for a plan while no payment provider is configured; admins see and close them. */
export const planRequests = pgTable(
  "plan_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "set null" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    note: text("note").notNull().default(""),
    /** open | done */
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [
    index("plan_requests_status_idx").on(table.status),
    // One open request per person and listing: asking twice does not pile up.
    uniqueIndex("plan_requests_open_idx").on(table.userId, table.businessId, table.planId).where(sql`status = 'open'`),
  ],
);

/** Stripe events already applied, by id: a redelivered event is answered without applying it again. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  created: timestamp("created", { withTimezone: true }).notNull(),
  processedAt: createdAt(),
});

/**
 * A plan paid by SINPE Móvil to the site's number, with no provider in between: the owner is shown
 * the amount in colones and a short code for the transfer's description, then submits the bank's
 * reference; an admin matches it against the bank statement and confirms (the plan is granted) or
 * rejects it. Unmatched transfers expire.
 */
export const sinpeTransfers = pgTable(
  "sinpe_transfers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ...planOrderColumns(),
    /** The short code the owner writes in the transfer's description. */
    code: text("code").notNull().unique(),
    amountCrc: integer("amount_crc").notNull(),
    ...conversionColumns(),
    /** The bank's reference number, once the owner has paid. */
    bankReference: text("bank_reference"),
    /** awaiting (not paid yet) | submitted | confirmed | rejected | expired */
    status: text("status").notNull().default("awaiting"),
    reason: text("reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    subscriptionId: subscriptionIdColumn(),
    /** A photo of the bank's receipt (storage key under private/): only its owner and admins see it. */
    receiptPhotoKey: text("receipt_photo_key"),
    createdAt: createdAt(),
  },
  (table) => [
    index("sinpe_transfers_status_idx").on(table.status, table.submittedAt),
    // One bank transfer pays for one plan: the same reference is never confirmed twice.
    uniqueIndex("sinpe_transfers_confirmed_reference_idx").on(table.bankReference).where(sql`status = 'confirmed'`),
  ],
);

/**
 * A plan paid through ONVO Pay's hosted Checkout (a one-time link in colones): what was asked, so
 * the webhook can check the payment against it, and what came of it.
 */
export const onvoPayments = pgTable(
  "onvo_payments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ...planOrderColumns(),
    /** What the owner is asked to pay, in céntimos (ONVO's minor unit for CRC). */
    amountCrcCents: integer("amount_crc_cents").notNull(),
    ...conversionColumns(),
    /** ONVO's Checkout session id (its one-time link). */
    checkoutSessionId: text("checkout_session_id").unique(),
    paymentIntentId: text("payment_intent_id"),
    /** open | deferred (SINPE waiting for the bank) | paid | failed */
    status: text("status").notNull().default("open"),
    subscriptionId: subscriptionIdColumn(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("onvo_payments_user_id_idx").on(table.userId)],
);

/**
 * ONVO webhooks already applied. ONVO's payload has no event id of its own, so the key is the
 * event type and the id of the object it is about ("checkout-session.succeeded:cs_…").
 */
export const onvoEvents = pgTable("onvo_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: createdAt(),
});
