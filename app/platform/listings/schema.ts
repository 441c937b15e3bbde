import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tsvector } from "#app/lib/search/schema";
import { bilingualText, optionalBilingualText } from "../../lib/db-columns";
import { publicTables } from "../../lib/response-cache/public-tables";
import { users } from "../people/schema";
import { areas } from "../site/schema";

/** A set of integer ranges (PostgreSQL 14+); drizzle has no column type for it. */
const int4multirange = customType<{ data: string }>({
  dataType() {
    return "int4multirange";
  },
});

/**
 * A listed business. Only `verified` rows are public; `pending` waits for an admin and
 * `draft` is visible to its creator alone. Text a visitor reads has an English and a Spanish
 * column; the page falls back to the other language with a marker when one is empty.
 */
export const businesses = pgTable(
  "businesses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    areaSlug: text("area_slug")
      .notNull()
      .references(() => areas.slug, { onUpdate: "cascade" }),
    address: text("address").notNull().default(""),
    /**
     * How to get there from landmarks ("200 m norte de la iglesia, casa verde"): most places here
     * have no street address, so one of these is required when `address` is empty.
     */
    ...bilingualText("directions"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    phone: text("phone"),
    whatsapp: text("whatsapp"),
    email: text("email"),
    website: text("website"),
    ...bilingualText("description"),
    specialtiesEn: text("specialties_en").array().notNull().default(sql`'{}'::text[]`),
    specialtiesEs: text("specialties_es").array().notNull().default(sql`'{}'::text[]`),
    keywords: text("keywords").array().notNull().default(sql`'{}'::text[]`),
    seoKeywords: text("seo_keywords").array().notNull().default(sql`'{}'::text[]`),
    ...optionalBilingualText("metaTitle"),
    ...optionalBilingualText("metaDescription"),
    /** What the place accepts and offers (payments, amenities): directory constants' vocabulary. */
    offerings: text("offerings").array().notNull().default(sql`'{}'::text[]`),
    /** Languages its staff speak, ISO 639-1 codes. */
    spokenLanguages: text("spoken_languages").array().notNull().default(sql`'{}'::text[]`),
    status: text("status").notNull().default("draft"),
    /** Follows the listing's own plan (premium or enterprise), whoever owns it; demo rows set it directly. */
    isPremium: boolean("is_premium").notNull().default(false),
    /** Computed from published reviews, in the same transaction as each review change. */
    ratingAverage: doublePrecision("rating_average").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    /** The verified owner (a user id); null until an admin verifies a listing or approves a claim. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** Who started the listing; becomes the owner when an admin verifies it. */
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    isDemo: boolean("is_demo").notNull().default(false),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Precomputed for the directory search (docs/decisions/003), so a broad word or "open now" at
    // 100 000 businesses is answered from this table alone. Never written by the app: triggers
    // (migration 0010) keep them in step with search_documents and business_hours.
    /** Every lexeme of the business's search documents, both languages, without positions. */
    searchWords: tsvector("search_words").notNull().default(sql`''::tsvector`),
    /** The name's lexemes in both languages: a name match ranks first among broad matches. */
    searchNames: tsvector("search_names")
      .notNull()
      .generatedAlwaysAs(
        sql`strip(to_tsvector('playa_english'::regconfig, name) || to_tsvector('playa_spanish'::regconfig, name))`,
      ),
    /** The week's opening periods in minutes since Sunday 00:00 (weekday * 1440 + minutes), [open, close). */
    openWeek: int4multirange("open_week").notNull().default(sql`'{}'::int4multirange`),
  },
  (table) => [
    uniqueIndex("businesses_slug_idx").on(table.slug),
    index("businesses_search_words_idx").using("gin", table.searchWords),
    // A category or area page reads its own slice of the recommended order, in order.
    index("businesses_category_recommended_idx").on(
      table.status,
      table.category,
      table.isPremium.desc().nullsFirst(),
      table.ratingAverage.desc().nullsFirst(),
      table.reviewCount.desc().nullsFirst(),
      table.name,
    ),
    index("businesses_area_recommended_idx").on(
      table.status,
      table.areaSlug,
      table.isPremium.desc().nullsFirst(),
      table.ratingAverage.desc().nullsFirst(),
      table.reviewCount.desc().nullsFirst(),
      table.name,
    ),
    // One index per directory sort order, so a page is read in order and stops after twelve rows.
    index("businesses_status_rating_idx").on(
      table.status,
      table.ratingAverage.desc().nullsFirst(),
      table.reviewCount.desc().nullsFirst(),
      table.name,
    ),
    index("businesses_status_name_idx").on(table.status, table.name, table.id),
    index("businesses_recommended_idx").on(
      table.status,
      table.isPremium.desc().nullsFirst(),
      table.ratingAverage.desc().nullsFirst(),
      table.reviewCount.desc().nullsFirst(),
      table.name,
    ),
    // "Accepts SINPE" and "speaks French" are containment tests (@>) on these arrays.
    index("businesses_offerings_idx").using("gin", table.offerings),
    index("businesses_spoken_languages_idx").using("gin", table.spokenLanguages),
    index("businesses_owner_idx").on(table.ownerId),
    index("businesses_created_by_idx").on(table.createdBy),
    check("businesses_status_check", sql`${table.status} in ('verified', 'pending', 'draft')`),
    check(
      "businesses_category_check",
      sql`${table.category} in ('services', 'restaurant', 'accommodation', 'retail', 'health', 'automotive', 'entertainment', 'education', 'real-estate', 'construction', 'technology', 'finance')`,
    ),
    check("businesses_rating_check", sql`${table.ratingAverage} >= 0 and ${table.ratingAverage} <= 5`),
  ],
);

/** Tables whose rows public pages show: a write to one changes "businesses" content. */
export const listingPublicTables = publicTables("businesses", [businesses]);
