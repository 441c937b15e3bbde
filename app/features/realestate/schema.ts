import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAtColumn as createdAt, oneOf, updatedAtColumn as updatedAt } from "../../lib/db-columns";
import { publicTables } from "../../lib/response-cache/public-tables";
import { users } from "../../platform/people/schema";
import { areas } from "../../platform/site/schema";
import {
  alertFrequencies,
  contactMethods,
  leadStatuses,
  listingTypes,
  propertyStatuses,
  propertyTypes,
  titleTypes,
} from "./constants";

/**
 * A property for sale or rent. Prices are whole US dollars (Spanish pages
 * show colones with the site's dated rate); a rent's price is per month or per night by its
 * listing type. Public only while 'published' (the moderation contract).
 */
export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** The language the owner wrote in; the page marks it when it is not the reader's. */
    descriptionLanguage: text("description_language").notNull().default("en"),
    listingType: text("listing_type").notNull(),
    propertyType: text("property_type").notNull(),
    priceUsd: integer("price_usd").notNull(),
    bedrooms: integer("bedrooms").notNull().default(0),
    bathrooms: real("bathrooms").notNull().default(0),
    lotM2: integer("lot_m2"),
    constructionM2: integer("construction_m2"),
    areaSlug: text("area_slug")
      .notNull()
      .references(() => areas.slug, { onUpdate: "cascade" }),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    titleType: text("title_type").notNull().default("titled"),
    /** Lies (in part) within the 200 m maritime-terrestrial zone. */
    inMaritimeZone: boolean("in_maritime_zone").notNull().default(false),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone"),
    preferredContact: text("preferred_contact").notNull().default("email"),
    /**
     * Listed by someone holding the agent plan: featured first in the list, with the verified-agent
     * badge. Kept in step with the plan by agents.server.ts when it is granted or taken away.
     */
    agentListing: boolean("agent_listing").notNull().default(false),
    status: text("status").notNull().default("published"),
    isDemo: boolean("is_demo").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("properties_slug_idx").on(table.slug),
    index("properties_status_idx").on(table.status, table.agentListing, table.publishedAt),
    index("properties_owner_idx").on(table.ownerId),
    check("properties_listing_type_check", oneOf("listing_type", listingTypes)),
    check("properties_property_type_check", oneOf("property_type", propertyTypes)),
    check("properties_title_type_check", oneOf("title_type", titleTypes)),
    check("properties_contact_check", oneOf("preferred_contact", contactMethods)),
    check("properties_status_check", oneOf("status", propertyStatuses)),
    check("properties_price_check", sql`"price_usd" > 0`),
    check("properties_rooms_check", sql`"bedrooms" >= 0 and "bathrooms" >= 0`),
  ],
);

export const propertyImages = pgTable(
  "property_images",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    widths: jsonb("widths").$type<number[]>().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index("property_images_property_idx").on(table.propertyId, table.sortOrder)],
);

/** An inquiry from the property page, for the property's owner (their lead). */
export const propertyLeads = pgTable(
  "property_leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** The owner when the inquiry came: whose lead it is. */
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    preferredContact: text("preferred_contact").notNull().default("email"),
    message: text("message").notNull(),
    language: text("language").notNull().default("en"),
    status: text("status").notNull().default("new"),
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("property_leads_owner_idx").on(table.ownerId, table.createdAt),
    check("property_leads_status_check", oneOf("status", leadStatuses)),
    check("property_leads_contact_check", oneOf("preferred_contact", contactMethods)),
  ],
);

/** A signed-in person's saved filters, emailed daily or weekly with new matches and price drops. */
export const savedPropertySearches = pgTable(
  "saved_property_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    filters: jsonb("filters").$type<Record<string, string | number>>().notNull(),
    frequency: text("frequency").notNull().default("daily"),
    language: text("language").notNull().default("en"),
    /** When the alert job last looked at it (null: never). */
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("saved_property_searches_user_idx").on(table.userId),
    index("saved_property_searches_run_idx").on(table.lastRunAt),
    check("saved_property_searches_frequency_check", oneOf("frequency", alertFrequencies)),
  ],
);

/**
 * What a saved search has already told its owner about: one row per matching property, with the
 * price last emailed (or seen when the search was saved). A property is "new" while it has no row;
 * a price below the row's is a drop. Each is emailed once.
 */
export const savedSearchMatches = pgTable(
  "saved_search_matches",
  {
    searchId: uuid("search_id")
      .notNull()
      .references(() => savedPropertySearches.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    priceUsd: integer("price_usd").notNull(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.searchId, table.propertyId] })],
);

/** Tables whose rows public pages show: a write to one changes "properties" content. */
export const propertyPublicTables = publicTables("properties", [properties, propertyImages]);
