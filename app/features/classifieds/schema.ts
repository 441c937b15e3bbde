import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
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
  classifiedCategories,
  classifiedConditions,
  classifiedCurrencies,
  classifiedLanguages,
  classifiedStatuses,
} from "./constants";

/**
 * A classified ad. Public while 'published', not sold and not expired (expires_at in the past:
 * its page answers 410). The seller's email is never shown: buyers write through the relay
 * (classified_conversations). The text hash is of the normalised title and description, for
 * refusing the same ad twice from one person.
 */
export const classifiedAds = pgTable(
  "classified_ads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** URL name: the title's words and a random suffix (unique). */
    slug: text("slug").notNull(),
    /** Null only for demo ads, which nobody wrote and nobody can write to. */
    authorId: text("author_id").references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** The language the author wrote in (shown as a mark when it is not the page's). */
    language: text("language").notNull(),
    category: text("category").notNull(),
    /** In hundredths of the currency; null: no price given (wanted, services, lost & found). */
    priceMinor: bigint("price_minor", { mode: "number" }),
    currency: text("currency").notNull().default("USD"),
    condition: text("condition"),
    areaSlug: text("area_slug")
      .notNull()
      .references(() => areas.slug, { onUpdate: "cascade" }),
    /** Shown only when the seller opts in (show_phone). */
    phone: text("phone"),
    showPhone: boolean("show_phone").notNull().default(false),
    whatsapp: boolean("whatsapp").notNull().default(false),
    status: text("status").notNull().default("published"),
    statusReason: text("status_reason"),
    textHash: text("text_hash").notNull(),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The expires_at the renewal reminder was sent for: one reminder per expiry. */
    reminderSentFor: timestamp("reminder_sent_for", { withTimezone: true }),
    /** A reminder run's claim on the row (lease); another run skips it until then. */
    reminderLeaseUntil: timestamp("reminder_lease_until", { withTimezone: true }),
    /** True while the ad has rows in the site-wide search index (the job removes expired ones). */
    indexed: boolean("indexed").notNull().default(false),
    isDemo: boolean("is_demo").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("classified_ads_slug_idx").on(table.slug),
    index("classified_ads_list_idx").on(table.status, table.expiresAt),
    index("classified_ads_author_idx").on(table.authorId, table.status),
    index("classified_ads_text_hash_idx").on(table.authorId, table.textHash),
    check("classified_ads_category_check", oneOf("category", classifiedCategories)),
    check("classified_ads_condition_check", oneOf("condition", classifiedConditions, true)),
    check("classified_ads_currency_check", oneOf("currency", classifiedCurrencies)),
    check("classified_ads_language_check", oneOf("language", classifiedLanguages)),
    check("classified_ads_status_check", oneOf("status", classifiedStatuses)),
    check("classified_ads_price_check", sql`"price_minor" is null or "price_minor" >= 0`),
  ],
);

/** An ad's photos, stored by the upload pipeline in several widths; content_hash is of the bytes sent. */
export const classifiedPhotos = pgTable(
  "classified_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adId: uuid("ad_id")
      .notNull()
      .references(() => classifiedAds.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    widths: integer("widths").array().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    contentHash: text("content_hash").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index("classified_photos_ad_idx").on(table.adId, table.sortOrder),
    index("classified_photos_hash_idx").on(table.contentHash),
  ],
);

/**
 * One buyer's thread with the seller of one ad. The token names it in the relay address
 * (relay+<token>@<mail domain>): unguessable, so only the two people's mail reaches it.
 */
export const classifiedConversations = pgTable(
  "classified_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adId: uuid("ad_id")
      .notNull()
      .references(() => classifiedAds.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    messageCount: integer("message_count").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("classified_conversations_token_idx").on(table.token),
    uniqueIndex("classified_conversations_ad_buyer_idx").on(table.adId, table.buyerId),
  ],
);

/** Tables whose rows public pages show: a write to one changes "classifieds" content. */
export const classifiedPublicTables = publicTables("classifieds", [classifiedAds, classifiedPhotos]);
