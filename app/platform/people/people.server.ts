import { and, eq, inArray } from "drizzle-orm";
import { resolveRole, type StoredRole } from "#app/lib/authorization";
import { type Executor, getDb } from "#app/lib/db.server";
import { userRoles, users } from "./schema";

// Reads other domains use to show people: they never join the users table themselves, so what a
// person's public name is, and what stays private, is decided here.

export interface UserSummary {
  id: string;
  name: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** For what is written to them (emails) in their own language. */
  preferredLanguage: string;
}

/** The named accounts, by id (missing ids are left out: deleted accounts). */
export async function userSummaries(
  ids: readonly string[],
  executor: Executor = getDb(),
): Promise<Map<string, UserSummary>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = await executor
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      preferredLanguage: users.preferredLanguage,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Public name of an author: first name and last initial, never the email. */
export function publicName(row: { firstName: string | null; lastName: string | null; name: string | null }): string {
  const first = row.firstName?.trim();
  const last = row.lastName?.trim();
  if (first) return last ? `${first} ${last.charAt(0)}.` : first;
  return row.name?.trim() || "—";
}

/** Every admin whose account is active, with the language they read email in. */
export async function activeAdmins(executor: Executor = getDb()): Promise<{ email: string; language: string }[]> {
  return executor
    .select({ email: users.email, language: users.preferredLanguage })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.role, "admin"), eq(users.disabled, false)));
}

/** When an account was made and its resolved role, for trust levels (moderation); null when it is gone. */
export async function accountStanding(
  userId: string,
  executor: Executor = getDb(),
): Promise<{ createdAt: Date; role: StoredRole } | null> {
  const [user] = await executor.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const roles = await executor.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return { createdAt: user.createdAt, role: resolveRole(roles) };
}
