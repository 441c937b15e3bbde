import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { userSummaries } from "#app/platform/people/people.server";
import { auditLog } from "./schema";

export interface AuditEntryInput {
  /** The signed-in user who acted; null for the command line or the system. */
  actorId: string | null;
  /** Verb-first, dotted: "user.role.grant", "business.claim.approve". */
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/** Writes one audit row; pass the transaction that made the change so both land or neither does. */
export async function writeAuditLog(entry: AuditEntryInput, executor: Executor = getDb()) {
  const [row] = await executor
    .insert(auditLog)
    .values({
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      details: entry.details ?? {},
    })
    .returning({ id: auditLog.id });
  return row;
}

export interface AuditEntry {
  id: number;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
  actor: { id: string; name: string; email: string } | null;
}

export async function listAuditLog(
  options: {
    targetType?: string;
    targetId?: string;
    actorId?: string;
    action?: string;
    limit?: number;
    offset?: number;
  } = {},
): Promise<{ entries: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (options.targetType) conditions.push(eq(auditLog.targetType, options.targetType));
  if (options.targetId) conditions.push(eq(auditLog.targetId, options.targetId));
  if (options.actorId) conditions.push(eq(auditLog.actorId, options.actorId));
  if (options.action) conditions.push(eq(auditLog.action, options.action));
  const where = conditions.length ? and(...conditions) : undefined;
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const db = getDb();
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
        actorId: auditLog.actorId,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(Math.max(options.offset ?? 0, 0)),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  // Names come from accounts; an actor whose account was deleted shows as nobody.
  const actors = await userSummaries(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])));
  return {
    total: Number(total),
    entries: rows.map(({ actorId, ...entry }) => {
      const actor = actorId ? actors.get(actorId) : undefined;
      return { ...entry, actor: actor ? { id: actor.id, name: actor.name ?? "", email: actor.email ?? "" } : null };
    }),
  };
}
