import { boolean, date, doublePrecision, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { requiredBilingualText } from "../../lib/db-columns";
import { publicTables } from "../../lib/response-cache/public-tables";

export type SocialLinks = Partial<Record<"facebook" | "instagram" | "whatsapp", string>>;

/**
 * One row (id = 1): the configuration of the area this hub serves. Nothing in the code assumes
 * one town; a second deployment changes this row, the areas and the beaches.
 */
export const siteSettings = pgTable("site_settings", {
  id: integer("id").primaryKey().default(1),
  siteName: text("site_name").notNull(),
  ...requiredBilingualText("tagline"),
  regionName: text("region_name").notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  timeZone: text("time_zone").notNull().default("America/Costa_Rica"),
  tideStationId: text("tide_station_id"),
  contactEmail: text("contact_email"),
  social: jsonb("social").$type<SocialLinks>().notNull().default({}),
  /**
   * Colones per US dollar, and the day that rate is from: Spanish pages show prices in CRC and
   * English pages in USD, converted with this rate and labelled with its date. Null: no
   * rate set, prices show only in the currency the business entered.
   */
  crcPerUsd: doublePrecision("crc_per_usd"),
  crcPerUsdOn: date("crc_per_usd_on", { mode: "string" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Places the hub covers. Featured areas (featuredRank set) get /areas/{slug} pages. */
export const areas = pgTable("areas", {
  slug: text("slug").primaryKey(),
  ...requiredBilingualText("name"),
  ...requiredBilingualText("summary"),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  featuredRank: integer("featured_rank"),
  isDemo: boolean("is_demo").notNull().default(false),
});

export const beaches = pgTable("beaches", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  areaSlug: text("area_slug")
    .notNull()
    .references(() => areas.slug, { onUpdate: "cascade" }),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Tables whose rows public pages show: a write to one changes "site" content. */
export const sitePublicTables = publicTables("site", [siteSettings, areas, beaches]);
