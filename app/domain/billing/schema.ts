import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAtColumn as createdAt, updatedAtColumn as updatedAt } from "../../lib/db-columns";
import { users } from "../accounts/schema";
import { businesses } from "../directory/schema";

// Plans and who holds which (spec §3). Payments (Stripe) will add their rows here.

/** Spec §3 plans (free listing, basic, premium, enterprise). Names come from the locale files. */
export const plans = pgTable("plans", {
  id: text("id").primaryKey(),
  sortOrder: integer("sort_order").notNull(),
  /** Spec §9: prices are not shown yet; null until billing sets them. */
  monthlyPriceUsdCents: integer("monthly_price_usd_cents"),
  /** Feature keys the plan unlocks (premium: contact details, gallery, booking, analytics, SEO). */
  features: jsonb("features").$type<string[]>().notNull().default([]),
  active: boolean("active").notNull().default(true),
});

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The listing the plan was bought for: its premium follows this row, not whoever owns the
     * listing, so a change of owner keeps it. Null for a plan not tied to a listing.
     */
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "set null" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    /** active | trialing | past_due | canceled */
    status: text("status").notNull().default("active"),
    /** null: no end date (an admin-granted plan until revoked). */
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** admin (granted in the admin area) or stripe (once billing lands). */
    source: text("source").notNull().default("admin"),
    externalId: text("external_id").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("subscriptions_user_id_idx").on(table.userId),
    index("subscriptions_business_id_idx").on(table.businessId),
  ],
);
