import { sql } from "drizzle-orm";
import { text, timestamp } from "drizzle-orm/pg-core";

// Shared by the domains' schema.ts files, which drizzle-kit reads: relative imports only there.

/** When a row was written; set by the database. */
export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** When a row last changed; set by the database on insert and by Drizzle on every update. */
export const updatedAtColumn = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** The same column in English and Spanish: `<key>En` and `<key>Es`, stored as `<key in snake case>_en` and `_es`. */
function bilingual<K extends string, C>(key: K, column: (name: string) => C) {
  const name = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return { [`${key}En`]: column(`${name}_en`), [`${key}Es`]: column(`${name}_es`) } as Record<`${K}En` | `${K}Es`, C>;
}

/** A text in both languages that is empty until someone writes it. */
export const bilingualText = <K extends string>(key: K) => bilingual(key, (name) => text(name).notNull().default(""));

/** A text in both languages that every row has. */
export const requiredBilingualText = <K extends string>(key: K) => bilingual(key, (name) => text(name).notNull());

/** A text in both languages that may be missing (null). */
export const optionalBilingualText = <K extends string>(key: K) => bilingual(key, (name) => text(name));

/**
 * A check's condition that a text column holds one of `values` (`nullable`: or nothing), for the
 * lists of states and choices kept as text.
 */
export function oneOf(column: string, values: readonly string[], nullable = false) {
  const list = `"${column}" in (${values.map((value) => `'${value}'`).join(", ")})`;
  return sql.raw(nullable ? `"${column}" is null or ${list}` : list);
}
