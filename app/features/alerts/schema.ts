import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import {
  bilingualText,
  createdAtColumn as createdAt,
  oneOf,
  requiredBilingualText,
  updatedAtColumn as updatedAt,
} from "../../lib/db-columns";
import { publicTables } from "../../lib/response-cache/public-tables";
import { users } from "../../platform/people/schema";
import { alertChanges, alertKinds, alertLimits, alertSeverities, alertStatuses } from "./constants";

/**
 * A local alert (red tide, a power cut, a closed road…), in both languages, from a named source.
 * Public while 'published' and starts_at <= now < expires_at: expiry needs no job to hide it, every
 * read filters on the clock. `areas` holds area slugs (site areas); empty means the whole site. An
 * area slug is not a foreign key (Postgres has none for array elements): the writes check them.
 * `revision` counts published changes (1 when first published); each has an alert_updates row.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    severity: text("severity").notNull(),
    areas: text("areas").array().notNull().default(sql`'{}'::text[]`),
    ...requiredBilingualText("title"),
    ...bilingualText("body"),
    sourceName: text("source_name").notNull(),
    sourceUrl: text("source_url"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    status: text("status").notNull().default("draft"),
    revision: integer("revision").notNull().default(0),
    /** Who wrote it; null once their account is gone (the alert stays, it is public record). */
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("alerts_status_window_idx").on(table.status, table.expiresAt, table.startsAt),
    check("alerts_kind_check", oneOf("kind", alertKinds)),
    check("alerts_severity_check", oneOf("severity", alertSeverities)),
    check("alerts_status_check", oneOf("status", alertStatuses)),
    check("alerts_window_check", sql`${table.expiresAt} > ${table.startsAt}`),
    check(
      "alerts_title_check",
      sql.raw(
        `char_length("title_en") between 1 and ${alertLimits.titleMax} and char_length("title_es") between 1 and ${alertLimits.titleMax}`,
      ),
    ),
    check(
      "alerts_body_check",
      sql.raw(`char_length("body_en") <= ${alertLimits.bodyMax} and char_length("body_es") <= ${alertLimits.bodyMax}`),
    ),
  ],
);

/**
 * One published change of an alert: its first publication, an update or its end, with a note in
 * both languages saying what changed (shown on the alert's page, and a CAP message of its own).
 */
export const alertUpdates = pgTable(
  "alert_updates",
  {
    id: serial("id").primaryKey(),
    alertId: integer("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    change: text("change").notNull(),
    ...bilingualText("note"),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("alert_updates_alert_revision_idx").on(table.alertId, table.revision),
    check("alert_updates_change_check", oneOf("change", alertChanges)),
    check(
      "alert_updates_note_check",
      sql.raw(`char_length("note_en") <= ${alertLimits.noteMax} and char_length("note_es") <= ${alertLimits.noteMax}`),
    ),
  ],
);

/** Tables whose rows public pages show: a write to one changes "alerts" content. */
export const alertPublicTables = publicTables("alerts", [alerts, alertUpdates]);
