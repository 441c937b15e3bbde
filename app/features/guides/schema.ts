import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bilingualText, optionalBilingualText, requiredBilingualText } from "../../lib/db-columns";
import { publicTables } from "../../lib/response-cache/public-tables";
import { users } from "../../platform/people/schema";

// Guides and public information (/pura-vida, /guide, /emergency…): bilingual documents an admin
// edits. Facts that change (phones, hours, timetables, fees) carry the date they were last checked
// and where, so a reader knows how fresh they are and where to confirm.

export interface GuideSource {
  label: string;
  /** Optional: some offices are best confirmed in person or by phone, not on a web page. */
  url?: string;
}

/** One public page. Each language has its own updated-at so an edit flags the other as stale. */
export const guidePages = pgTable(
  "guide_pages",
  {
    slug: text("slug").primaryKey(),
    ...requiredBilingualText("title"),
    ...requiredBilingualText("summary"),
    /** Markdown shown before the sections. */
    ...bilingualText("intro"),
    lastVerifiedOn: date("last_verified_on", { mode: "string" }),
    sources: jsonb("sources").$type<GuideSource[]>().notNull().default([]),
    enUpdatedAt: timestamp("en_updated_at", { withTimezone: true }).notNull().defaultNow(),
    esUpdatedAt: timestamp("es_updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => users.id, {
      onDelete: "set null",
    }),
    /**
     * The language whose text is behind the other's last edit (en or es), null when both agree.
     * Set when one language is edited, cleared when the other catches up.
     */
    translationPending: text("translation_pending"),
    /** Bumped by every save; an edit made from an older version is refused instead of overwriting. */
    version: integer("version").notNull().default(1),
  },
  (table) => [
    check(
      "guide_pages_translation_pending_check",
      sql`${table.translationPending} is null or ${table.translationPending} in ('en', 'es')`,
    ),
  ],
);

/** Sections, contacts and revisions belong to a page and follow it when it is renamed or removed. */
const pageSlugColumn = () =>
  text("page_slug")
    .notNull()
    .references(() => guidePages.slug, { onDelete: "cascade", onUpdate: "cascade" });

/** A page's sections, in order; each is an anchor (#banking) and an entry in the table of contents. */
export const guideSections = pgTable(
  "guide_sections",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    pageSlug: pageSlugColumn(),
    anchor: text("anchor").notNull(),
    position: integer("position").notNull(),
    ...requiredBilingualText("title"),
    ...requiredBilingualText("body"),
    lastVerifiedOn: date("last_verified_on", { mode: "string" }),
    sources: jsonb("sources").$type<GuideSource[]>().notNull().default([]),
  },
  (table) => [
    uniqueIndex("guide_sections_page_anchor_idx").on(table.pageSlug, table.anchor),
    index("guide_sections_page_position_idx").on(table.pageSlug, table.position),
  ],
);

/**
 * Phone numbers and places on the public-information pages (911, the fire brigade, hospitals…),
 * structured so they render as tel: links, can point to a directory business, and can be
 * answered by the concierge.
 */
export const publicContacts = pgTable(
  "public_contacts",
  {
    id: text("id").primaryKey(),
    pageSlug: pageSlugColumn(),
    /** Which list on the page: emergency, health, government, transport… (labels in the locale files). */
    groupKey: text("group_key").notNull(),
    position: integer("position").notNull().default(0),
    ...requiredBilingualText("name"),
    ...bilingualText("description"),
    /** As dialled in Costa Rica ("911", "2223-1028"); null when there is no number to publish. */
    phone: text("phone"),
    website: text("website"),
    ...optionalBilingualText("place"),
    /** A directory business with more detail (hours, map), linked only while it exists. */
    businessSlug: text("business_slug"),
    lastVerifiedOn: date("last_verified_on", { mode: "string" }),
    sourceLabel: text("source_label"),
    sourceUrl: text("source_url"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => users.id, {
      onDelete: "set null",
    }),
  },
  (table) => [
    index("public_contacts_page_idx").on(table.pageSlug, table.groupKey, table.position),
    check("public_contacts_phone_check", sql`${table.phone} is null or ${table.phone} ~ '^[0-9+][0-9 -]{1,24}$'`),
  ],
);

/** Every saved edit of a page or a contact: who, when, which language, what changed (before and after). */
export const guideRevisions = pgTable(
  "guide_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    pageSlug: pageSlugColumn(),
    /** "page" or "contact". */
    targetType: text("target_type").notNull().default("page"),
    targetId: text("target_id").notNull(),
    /** en, es, or both (language-independent fields such as a phone number). */
    language: text("language").notNull(),
    editorId: text("editor_id").references(() => users.id, {
      onDelete: "set null",
    }),
    changedFields: text("changed_fields").array().notNull().default(sql`'{}'::text[]`),
    before: jsonb("before").$type<Record<string, unknown>>().notNull().default({}),
    after: jsonb("after").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("guide_revisions_page_idx").on(table.pageSlug, table.createdAt)],
);

/** Messages sent through /contact. Kept so nothing is lost if email delivery fails. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    language: text("language").notNull(),
    /** The signed-in sender, if any. */
    userId: text("user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    handled: boolean("handled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("contact_messages_created_at_idx").on(table.createdAt)],
);

/** Tables whose rows public pages show: a write to one changes "guides" content. */
export const guidePublicTables = publicTables("guides", [guidePages, guideSections, publicContacts]);
