import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import {
  bilingualText,
  createdAtColumn as createdAt,
  requiredBilingualText,
  updatedAtColumn as updatedAt,
} from "../../lib/db-columns";
import { publicTables } from "../../lib/response-cache/public-tables";
import { businesses } from "../../platform/listings/schema";
import { users } from "../../platform/people/schema";

/**
 * A house ad: a placement a local business bought from an admin, or ran through a plan
 * that includes one. Creative in both languages (the image per language is optional: a text ad is
 * an ad too); targeting by page kind, area and language, where an empty list means "any".
 */
export const houseAds = pgTable(
  "house_ads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The advertiser; null for the site's own notices (an admin's ad for the community). */
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    ...requiredBilingualText("headline"),
    ...bilingualText("body"),
    /** An http(s) address or a path on this site; the click route redirects only here. */
    targetUrl: text("target_url").notNull(),
    imageEnKey: text("image_en_key"),
    imageEnWidths: integer("image_en_widths").array(),
    imageEsKey: text("image_es_key"),
    imageEsWidths: integer("image_es_widths").array(),
    ...bilingualText("alt"),
    pageKinds: jsonb("page_kinds").$type<string[]>().notNull().default([]),
    areas: jsonb("areas").$type<string[]>().notNull().default([]),
    languages: jsonb("languages").$type<string[]>().notNull().default([]),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    status: text("status").notNull().default("pending"),
    /** "admin": sold and entered by an admin; "plan": an owner's, through their listing's plan. */
    source: text("source").notNull(),
    reviewNote: text("review_note"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("house_ads_live_idx").on(table.status, table.startsAt).where(sql`${table.status} = 'active'`),
    index("house_ads_business_idx").on(table.businessId),
  ],
);

/** Served impressions and clicks per ad, day (UTC), page kind and language: counts, never people. */
export const adStats = pgTable(
  "ad_stats",
  {
    adId: uuid("ad_id")
      .notNull()
      .references(() => houseAds.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    pageKind: text("page_kind").notNull(),
    language: text("language").notNull(),
    impressions: integer("impressions").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.adId, table.day, table.pageKind, table.language] })],
);

/** Tables whose rows public pages show: a write to one changes "ads" content. */
export const adPublicTables = publicTables("ads", [houseAds]);
