import { timestamp } from "drizzle-orm/pg-core";

// Shared by the domains' schema.ts files, which drizzle-kit reads: relative imports only there.

/** When a row was written; set by the database. */
export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** When a row last changed; set by the database on insert and by Drizzle on every update. */
export const updatedAtColumn = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
