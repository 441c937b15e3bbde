import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per kind of public content. A write that changes what a public page shows bumps its
 * kind's version in the same transaction; every app instance reads this small table to learn
 * which cached pages are out of date.
 */
export const contentVersions = pgTable("content_versions", {
  kind: text("kind").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
