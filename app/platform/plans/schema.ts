import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bilingualText, createdAtColumn as createdAt, updatedAtColumn as updatedAt } from "../../lib/db-columns";
import { businesses } from "../listings/schema";
import { users } from "../people/schema";

/** The plans (free listing, basic, premium, enterprise). Names come from the locale files. */
export const plans = pgTable("plans", {
  id: text("id").primaryKey(),
  sortOrder: integer("sort_order").notNull(),
  /** Configuration, not code: an admin edits prices on /admin/subscriptions. Null: not sold. */
  monthlyPriceUsdCents: integer("monthly_price_usd_cents"),
  yearlyPriceUsdCents: integer("yearly_price_usd_cents"),
  ...bilingualText("name"),
  ...bilingualText("description"),
  /** How many listings the plan covers; null: no limit. */
  listingLimit: integer("listing_limit"),
  /** Feature keys the plan unlocks (premium: contact details, gallery, booking, analytics, SEO). */
  features: jsonb("features").$type<string[]>().notNull().default([]),
  active: boolean("active").notNull().default(true),
});

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Who holds or pays for it; null for a listing an admin granted before anyone owned it. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /**
     * The listing the plan was bought for: its premium follows this row, not whoever owns the
     * listing, so a change of owner keeps it. Null for a plan not tied to a listing.
     */
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "set null" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    /** active | trialing | past_due | canceled | expired (ended by the lapse job) */
    status: text("status").notNull().default("active"),
    /** month | year; null for a grant. */
    billingInterval: text("billing_interval"),
    /** null: no end date (an admin-granted plan until revoked). */
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** admin (granted in the admin area) or stripe (once billing lands). */
    source: text("source").notNull().default("admin"),
    externalId: text("external_id").unique(),
    stripeCustomerId: text("stripe_customer_id"),
    /** Stripe: the period ends and the plan stops instead of renewing. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** The `created` time of the last Stripe event applied: older ones arriving late are ignored. */
    stripeEventAt: timestamp("stripe_event_at", { withTimezone: true }),
    /** Why an admin granted or ended it (also in the audit log). */
    reason: text("reason"),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("subscriptions_user_id_idx").on(table.userId),
    index("subscriptions_business_id_idx").on(table.businessId),
  ],
);
