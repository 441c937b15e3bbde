import { and, asc, count, eq, gte, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "#app/lib/db.server";
import type { ModeratedItem, ModeratedKindAdapter } from "./registry.server";

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

    countByAuthor: (options, executor) => countAuthored(source, options, executor),
  };
}

/**
 * How many items the author has in a kind's table (`status` given: in that status only; `since`
 * given: created since then). The adapter's count, and an area's own count of what someone holds.
 */
export async function countAuthored(
  source: AuthoredTable,
  options: { authorId: string; status?: string; since?: Date },
  executor: Executor,
) {
  const conditions: SQL[] = [eq(source.author, options.authorId)];
  if (options.status) conditions.push(eq(source.status, options.status));
  if (options.since) conditions.push(gte(source.createdAt, options.since));
  const [row] = await executor
    .select({ n: count() })
    .from(source.table)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

// The queue shows the start of each item's text, cut at the same length for every kind.
const excerptLength = 280;

/** The start of an item's text as the queue shows it, with an ellipsis where it was cut. */
export function moderationExcerpt(text: string) {
  return text.length > excerptLength ? `${text.slice(0, excerptLength - 1)}…` : text;
}

/** The ids shaped like a uuid: anyone types a report's id, and any other string would fail the query. */
export function uuidShapedIds(ids: string[]) {
  return ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
}

/** What `describe` answers: each row made into the queue's item, keyed by its id. */
export function itemsById<Row>(rows: Iterable<Row>, toItem: (row: Row) => ModeratedItem) {
  const found = new Map<string, ModeratedItem>();
  for (const row of rows) {
    const item = toItem(row);
    found.set(item.id, item);
  }
  return found;
}
