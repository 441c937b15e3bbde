import { and, desc, eq, gt } from "drizzle-orm";
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
