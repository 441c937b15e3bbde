import { sql } from "drizzle-orm";
import { customType, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL's tsvector; drizzle has no column type for it. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/**
 * Every public thing, one row per kind, id and language (docs/search.md). Each
 * domain writes its own rows through upsertSearchDocument; the search box, the hubs and the
 * concierge read them.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    kind: text("kind").notNull(),
    refId: text("ref_id").notNull(),
    locale: text("locale").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    url: text("url").notNull(),
    place: text("place"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    tsvEnglish: tsvector("tsv_english").notNull(),
    tsvSpanish: tsvector("tsv_spanish").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.refId, table.locale] }),
    index("search_documents_tsv_english_idx").using("gin", table.tsvEnglish),
    index("search_documents_tsv_spanish_idx").using("gin", table.tsvSpanish),
    index("search_documents_title_trgm_idx").using("gin", sql`${table.title} gin_trgm_ops`),
  ],
);

/**
 * Every word of every indexed document, lower-case and accent-folded. A query word that is not
 * among them is corrected to its nearest neighbour by trigram similarity before the full-text
 * match, so "restuarant" finds restaurants even when the word is only in a document's body.
 */
export const searchTerms = pgTable("search_terms", { term: text("term").primaryKey() }, (table) => [
  index("search_terms_term_trgm_idx").using("gin", sql`${table.term} gin_trgm_ops`),
]);
