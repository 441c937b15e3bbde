import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAtColumn as createdAt, oneOf } from "../../lib/db-columns";
import { publicTables } from "../../lib/response-cache/public-tables";
import { users } from "../../platform/people/schema";
import { beaches } from "../../platform/site/schema";
import { conditionFields, observationNoteMax, reportNoteMax, waterTempRangeC } from "./conditions";

// Every condition a report gives is optional: a field may stay empty.
const oneOrNone = (column: string, values: readonly string[]) => oneOf(column, values, true);

/** Reports and observations: a post about one beach by one user, gone with either. */
const beachPostColumns = () => ({
  id: bigserial("id", { mode: "number" }).primaryKey(),
  beachSlug: text("beach_slug")
    .notNull()
    .references(() => beaches.slug, { onUpdate: "cascade", onDelete: "cascade" }),
  authorId: text("author_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});

/** A dated report of the conditions at one beach by an admin or a trusted reporter. */
export const beachReports = pgTable(
  "beach_reports",
  {
    ...beachPostColumns(),
    surfSize: text("surf_size"),
    surfQuality: text("surf_quality"),
    wind: text("wind"),
    windDirection: text("wind_direction"),
    waterClarity: text("water_clarity"),
    waterTempC: doublePrecision("water_temp_c"),
    flag: text("flag"),
    jellyfish: text("jellyfish"),
    sargassum: text("sargassum"),
    crowd: text("crowd"),
    note: text("note").notNull().default(""),
    /** The language the note was written in (the reporter's), so readers of the other see a marker. */
    noteLanguage: text("note_language").notNull(),
    /** Storage key of the re-encoded photo, if any. */
    photoKey: text("photo_key"),
    createdAt: createdAt(),
  },
  (table) => [
    index("beach_reports_beach_created_idx").on(table.beachSlug, table.createdAt),
    check("beach_reports_surf_size_check", oneOrNone("surf_size", conditionFields.surfSize)),
    check("beach_reports_surf_quality_check", oneOrNone("surf_quality", conditionFields.surfQuality)),
    check("beach_reports_wind_check", oneOrNone("wind", conditionFields.wind)),
    check("beach_reports_wind_direction_check", oneOrNone("wind_direction", conditionFields.windDirection)),
    check("beach_reports_water_clarity_check", oneOrNone("water_clarity", conditionFields.waterClarity)),
    check("beach_reports_flag_check", oneOrNone("flag", conditionFields.flag)),
    check("beach_reports_jellyfish_check", oneOrNone("jellyfish", conditionFields.jellyfish)),
    check("beach_reports_sargassum_check", oneOrNone("sargassum", conditionFields.sargassum)),
    check("beach_reports_crowd_check", oneOrNone("crowd", conditionFields.crowd)),
    check(
      "beach_reports_water_temp_check",
      sql.raw(`"water_temp_c" is null or "water_temp_c" between ${waterTempRangeC.min} and ${waterTempRangeC.max}`),
    ),
    check("beach_reports_note_length_check", sql.raw(`char_length("note") <= ${reportNoteMax}`)),
    check("beach_reports_note_language_check", sql`${table.noteLanguage} in ('en', 'es')`),
  ],
);

/** "I'm here": a short, unverified note by any signed-in user. */
export const beachObservations = pgTable(
  "beach_observations",
  {
    ...beachPostColumns(),
    note: text("note").notNull(),
    noteLanguage: text("note_language").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("beach_observations_beach_created_idx").on(table.beachSlug, table.createdAt),
    index("beach_observations_author_created_idx").on(table.authorId, table.createdAt),
    check("beach_observations_note_length_check", sql.raw(`char_length("note") between 1 and ${observationNoteMax}`)),
    check("beach_observations_note_language_check", sql`${table.noteLanguage} in ('en', 'es')`),
  ],
);

/**
 * Marine forecasts fetched from MARINE_FORECAST_URL, kept an hour in the database so every
 * instance shares one fetch. A failed fetch is kept a few minutes so a broken upstream is not
 * asked again on every page view.
 */
export const beachForecastCache = pgTable("beach_forecast_cache", {
  cacheKey: text("cache_key").primaryKey(),
  ok: boolean("ok").notNull(),
  payload: jsonb("payload").$type<unknown>(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Tables whose rows public pages show: a write to one changes "beach" content. */
export const beachPublicTables = publicTables("beach", [beachReports, beachObservations]);
