import { sql } from "drizzle-orm";
import { type Db, getDatabaseHandle, type Tx } from "../db.server";
import { logger } from "../logger.server";
import { assertContentKinds, type ContentKind } from "./content-kinds";
import { contentVersions } from "./schema";

/**
 * Marks content of these kinds as changed. Call it inside the writing transaction, so the bump
 * commits (or rolls back) with the change itself and every instance's cache sees both or neither.
 */
export async function bumpContentVersion(tx: Tx | Db, ...kinds: ContentKind[]) {
  if (kinds.length === 0) return;
  assertContentKinds(kinds);
  await tx
    .insert(contentVersions)
    .values([...new Set(kinds)].map((kind) => ({ kind, version: 1 })))
    .onConflictDoUpdate({
      target: contentVersions.kind,
      set: { version: sql`${contentVersions.version} + 1`, updatedAt: sql`now()` },
    });
}

/** The versions this process last read. A kind never bumped is version 0. */
let known = new Map<string, number>();
let refreshing: Promise<void> | null = null;
let timer: NodeJS.Timeout | null = null;

export function knownContentVersions(): ReadonlyMap<string, number> {
  return known;
}

export function versionOf(kind: ContentKind): number {
  return known.get(kind) ?? 0;
}

/** Reads the versions now; concurrent callers share one query. */
export function refreshContentVersions(): Promise<void> {
  refreshing ??= (async () => {
    try {
      const db = getDatabaseHandle()?.db;
      if (!db) return;
      const rows = await db
        .select({ kind: contentVersions.kind, version: contentVersions.version })
        .from(contentVersions);
      known = new Map(rows.map((row) => [row.kind, Number(row.version)]));
    } catch (error) {
      logger.warn({ err: error }, "could not read the content versions; keeping the last ones read");
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** A read in flight (after a write in this process, say), so a cache lookup can wait for it. */
export function pendingVersionRead(): Promise<void> | null {
  return refreshing;
}

/**
 * Polls the versions every `intervalMs`: one indexed read of a handful of rows per instance per
 * second, which bounds how long another instance's write can go unseen here.
 */
export async function startContentVersionPolling(intervalMs = 1000) {
  stopContentVersionPolling();
  await refreshContentVersions();
  timer = setInterval(() => void refreshContentVersions(), intervalMs);
  timer.unref();
}

export function stopContentVersionPolling() {
  if (timer) clearInterval(timer);
  timer = null;
}
