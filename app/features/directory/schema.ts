import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bilingualText } from "../../lib/db-columns";
import { publicTables } from "../../lib/response-cache/public-tables";
import { businesses } from "../../platform/listings/schema";
import { users } from "../../platform/people/schema";

/**
 * Weekly opening periods, in the site's time zone. Several rows on one weekday are split hours;
 * a period whose close is at or before its open runs past midnight into the next day.
 * Minutes since midnight: opens 0–1439, closes 1–1440.
 */
export const businessHours = pgTable(
  "business_hours",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    opensAt: smallint("opens_at").notNull(),
    closesAt: smallint("closes_at").notNull(),
  },
  (table) => [
    index("business_hours_business_idx").on(table.businessId, table.weekday),
    // "Open now" reads the periods of today and yesterday across all businesses.
    index("business_hours_weekday_idx").on(table.weekday, table.opensAt, table.closesAt),
    check("business_hours_weekday_check", sql`${table.weekday} between 0 and 6`),
    check("business_hours_opens_check", sql`${table.opensAt} between 0 and 1439`),
    check(
      "business_hours_closes_check",
      sql`${table.closesAt} between 1 and 1440 and ${table.closesAt} <> ${table.opensAt}`,
    ),
  ],
);

/** Holiday and seasonal closures: the business is closed on every date in [startsOn, endsOn]. */
export const businessClosures = pgTable(
  "business_closures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    kind: text("kind").notNull().default("holiday"),
    ...bilingualText("note"),
  },
  (table) => [
    index("business_closures_business_idx").on(table.businessId, table.startsOn),
    check("business_closures_range_check", sql`${table.endsOn} >= ${table.startsOn}`),
    check("business_closures_kind_check", sql`${table.kind} in ('holiday', 'seasonal', 'other')`),
  ],
);

export const menuItems = pgTable(
  "menu_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    nameEn: text("name_en").notNull(),
    nameEs: text("name_es").notNull().default(""),
    ...bilingualText("description"),
    /** In the currency's minor unit (cents, céntimos); null when the price is not published. */
    priceMinor: integer("price_minor"),
    currency: text("currency").notNull().default("USD"),
    available: boolean("available").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    /** The menu's section ("Starters", "Drinks"); items of one section are shown together. */
    ...bilingualText("section"),
    /** Vocabulary in constants.ts (`dietaryTags`); shown as badges and in the JSON-LD. */
    dietaryTags: text("dietary_tags").array().notNull().default(sql`'{}'::text[]`),
    /** A photo through the gallery's pipeline (WebP at each width), without joining the gallery. */
    imageKey: text("image_key"),
    imageWidths: integer("image_widths").array(),
  },
  (table) => [
    index("menu_items_business_idx").on(table.businessId, table.sortOrder),
    check("menu_items_currency_check", sql`${table.currency} in ('USD', 'CRC')`),
    check("menu_items_price_check", sql`${table.priceMinor} is null or ${table.priceMinor} >= 0`),
  ],
);

/** Gallery photos, stored re-encoded as WebP at each width in `widths` under `storageKey`-{w}.webp. */
export const businessImages = pgTable(
  "business_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    widths: integer("widths").array().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    ...bilingualText("alt"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("business_images_business_idx").on(table.businessId, table.sortOrder)],
);

/** One review per user per business, editable; the owner may answer once, publicly. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Null once the author deletes their account: the review stays, anonymous, so ratings hold. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Demo reviews have no account behind them; real ones show the author's current name. */
    demoAuthorName: text("demo_author_name"),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    language: text("language").notNull().default("en"),
    status: text("status").notNull().default("published"),
    ownerReply: text("owner_reply"),
    ownerReplyAt: timestamp("owner_reply_at", { withTimezone: true }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reviews_business_user_idx").on(table.businessId, table.userId),
    index("reviews_business_created_idx").on(table.businessId, table.createdAt),
    check("reviews_rating_check", sql`${table.rating} between 1 and 5`),
    check("reviews_status_check", sql`${table.status} in ('published', 'pending', 'hidden', 'deleted')`),
  ],
);

/** "Claim this business": decided by an admin, who transfers ownership on approval. */
export const businessClaims = pgTable(
  "business_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    claimType: text("claim_type").notNull(),
    verificationMethod: text("verification_method").notNull(),
    contactDetails: text("contact_details").notNull(),
    additionalInfo: text("additional_info").notNull().default(""),
    /** The business's cédula jurídica or the claimant's cédula física, digits only; null when none was given. */
    taxId: text("tax_id"),
    status: text("status").notNull().default("pending"),
    decisionReason: text("decision_reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One open claim per person per business; decided claims stay as history.
    uniqueIndex("business_claims_open_idx").on(table.businessId, table.userId).where(sql`${table.status} = 'pending'`),
    index("business_claims_status_idx").on(table.status, table.createdAt),
    index("business_claims_user_idx").on(table.userId, table.createdAt),
    check(
      "business_claims_type_check",
      sql`${table.claimType} in ('business_owner', 'authorized_manager', 'information_correction')`,
    ),
    check(
      "business_claims_method_check",
      sql`${table.verificationMethod} in ('email', 'phone', 'documents', 'in_person')`,
    ),
    check("business_claims_status_check", sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check("business_claims_tax_id_check", sql`${table.taxId} is null or ${table.taxId} ~ '^[0-9]{9,10}$'`),
  ],
);

/**
 * The "registered business" mark: the listing's tax ID was checked, either against Hacienda's
 * public lookup when a claim was approved (name and status matched) or by an admin by hand.
 */
export const businessTaxRegistrations = pgTable(
  "business_tax_registrations",
  {
    businessId: uuid("business_id")
      .primaryKey()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Digits only: ten for a cédula jurídica, nine for a cédula física. */
    taxId: text("tax_id").notNull(),
    /** The name Hacienda has on file; empty when an admin checked by hand. */
    registeredName: text("registered_name").notNull().default(""),
    method: text("method").notNull(),
    claimId: uuid("claim_id").references(() => businessClaims.id, { onDelete: "set null" }),
    verifiedBy: text("verified_by").references(() => users.id, { onDelete: "set null" }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (table) => [
    check("business_tax_registrations_method_check", sql`${table.method} in ('hacienda', 'manual')`),
    check("business_tax_registrations_tax_id_check", sql`${table.taxId} ~ '^[0-9]{9,10}$'`),
  ],
);

/**
 * First-party interaction events (page views and clicks on phone, WhatsApp, email, website, Google
 * Maps and Waze). No IP address or user id is kept: counts are all the analytics need.
 */
export const businessEvents = pgTable(
  "business_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    language: text("language").notNull(),
    /** Where the visit came from (docs/owner-dashboard.md): search, category, direct or concierge. */
    source: text("source").notNull().default("direct"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("business_events_business_idx").on(table.businessId, table.occurredAt),
    check(
      "business_events_kind_check",
      sql`${table.kind} in ('view', 'phone', 'whatsapp', 'email', 'website', 'directions', 'waze')`,
    ),
    check("business_events_source_check", sql`${table.source} in ('search', 'category', 'direct', 'concierge')`),
  ],
);

/** Every slug a business was known by: its old URLs answer 301 to the current one, forever. */
export const businessSlugRedirects = pgTable(
  "business_slug_redirects",
  {
    slug: text("slug").primaryKey(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("business_slug_redirects_business_idx").on(table.businessId)],
);

/** Tables whose rows public pages show: a write to one changes "businesses" content. */
export const directoryPublicTables = publicTables("businesses", [
  businessHours,
  businessClosures,
  menuItems,
  businessImages,
  businessSlugRedirects,
  businessTaxRegistrations,
]);

/** Tables whose rows public pages show: a write to one changes "reviews" content. */
export const reviewPublicTables = publicTables("reviews", [reviews]);
