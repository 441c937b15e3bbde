import { and, desc, eq, gt, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { userSuspensions } from "./schema";

// Kept apart from the rest of moderation so the session loader can read it without pulling in
// every moderated domain.

export interface ActiveSuspension {
  /** ISO timestamp the suspension ends. */
  until: string;
  reason: string;
}

/** The user's suspension in force now (the one ending last), or null. */
export async function activeSuspension(userId: string, executor: Executor = getDb()): Promise<ActiveSuspension | null> {
  const [row] = await executor
    .select({ until: userSuspensions.until, reason: userSuspensions.reason })
    .from(userSuspensions)
    .where(and(eq(userSuspensions.userId, userId), gt(userSuspensions.until, new Date())))
    .orderBy(desc(userSuspensions.until))
    .limit(1);
  return row ? { until: row.until.toISOString(), reason: row.reason } : null;
}

/**
 * The same suspension as a scalar subquery (JSON, or null), for a caller that reads it in the same
 * statement as other things: the session reads role, grants and suspension in one round trip.
 * `userId` may be a column of the outer query (the session lookup joins it by its token).
 */
export function activeSuspensionSubquery(
  userId: string | SQLWrapper,
  now: Date,
): SQL<{ until: string; reason: string } | null> {
  return sql`(select json_build_object('until', ${userSuspensions.until}, 'reason', ${userSuspensions.reason}) from ${userSuspensions} where ${userSuspensions.userId} = ${userId} and ${userSuspensions.until} > ${now.toISOString()}::timestamptz order by ${userSuspensions.until} desc limit 1)`;
}

/** A suspension read through `activeSuspensionSubquery`, in the shape `activeSuspension` returns. */
export function toActiveSuspension(value: { until: string; reason: string } | null): ActiveSuspension | null {
  return value ? { until: new Date(value.until).toISOString(), reason: value.reason } : null;
}
