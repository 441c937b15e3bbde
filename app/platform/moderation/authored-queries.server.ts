import { and, asc, count, eq, gte, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ModeratedKindAdapter } from "./registry.server";

/** Where a kind keeps its items: the columns the shared queue and the trust levels read. */
export interface AuthoredTable {
  table: PgTable;
  id: PgColumn;
  author: PgColumn;
  status: PgColumn;
  createdAt: PgColumn;
  /** The queue's order, oldest first (default: when the item was created). */
  queuedBy?: PgColumn[];
}

/**
 * The two adapter queries every kind writes the same way, built from its own table (passed in by
 * its domain, so moderation still never imports another domain's schema).
 */
export function authoredQueries(source: AuthoredTable): Pick<ModeratedKindAdapter, "listPending" | "countByAuthor"> {
  return {
    async listPending({ limit }, executor) {
      const rows = await executor
        .select({ id: source.id })
        .from(source.table)
        .where(eq(source.status, "pending"))
        .orderBy(...(source.queuedBy ?? [source.createdAt]).map((column) => asc(column)))
        .limit(limit);
      return rows.map((row) => String(row.id));
    },

    async countByAuthor({ authorId, status, since }, executor) {
      const conditions: SQL[] = [eq(source.author, authorId)];
      if (status) conditions.push(eq(source.status, status));
      if (since) conditions.push(gte(source.createdAt, since));
      const [row] = await executor
        .select({ n: count() })
        .from(source.table)
        .where(and(...conditions));
      return Number(row?.n ?? 0);
    },
  };
}
