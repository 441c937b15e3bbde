import { and, asc, count, desc, eq, gte, ilike, inArray, lt, notExists, or, sql } from "drizzle-orm";
import { type Actor, isStoredRole, resolveRole, type StoredRole } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { escapeLike } from "#app/lib/sql";
import { countUndeliveredEmails, deleteEmailsTo } from "#app/platform/outbox/outbox.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { sessions, userRoles, users } from "../people/schema";

// Account management: a user's own profile and the admin's user administration. Every function
// that changes data checks its actor itself and writes in one transaction with its audit row.

// ----------------------------------------------------------------------------------------------
// The signed-in user's own account

// The profile both the owner's settings and the admin's user page read.
const profileColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  firstName: users.firstName,
  lastName: users.lastName,
  preferredLanguage: users.preferredLanguage,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
};

export async function getAccount(options: { userId: string }) {
  const [row] = await getDb().select(profileColumns).from(users).where(eq(users.id, options.userId));
  if (!row) throw new AppError("not_found", "accounts:admin.user.notFound");
  return row;
}

export const updateProfile = defineWrite(
  // Names appear on public reviews and beach reports.
  { contentKinds: ["reviews", "beach"] },
  async (options: { userId: string; firstName: string; lastName: string }, tx: Executor) => {
    await tx
      .update(users)
      .set({
        firstName: options.firstName,
        lastName: options.lastName,
        name: `${options.firstName} ${options.lastName}`.trim(),
      })
      .where(eq(users.id, options.userId));
  },
);

export async function updatePreferredLanguage(
  options: { userId: string; language: Language },
  executor: Executor = getDb(),
) {
  await executor.update(users).set({ preferredLanguage: options.language }).where(eq(users.id, options.userId));
}

async function countAdmins(executor: Executor = getDb()) {
  const [row] = await executor
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, "admin"), eq(users.disabled, false)));
  return Number(row.n);
}

/**
 * Deletes the account and the personal data we hold: the profile, sessions, sign-in methods,
 * roles, plans (all cascade from users) and emails still queued for the address. The audit row
 * keeps only the id. Other features' rows that point at users must cascade or set null.
 */
export const deleteOwnAccount = defineWrite(
  {
    // The account's reviews, reports and listings' owner links go with it.
    contentKinds: ["reviews", "businesses", "beach"],
    // Written without an actor: the one who asked is the account that is gone.
    audit: (_result, options) => ({ action: "user.delete", targetType: "user", targetId: options.userId }),
  },
  async (options: { userId: string }, tx: Executor) => {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, options.userId))
      .for("update");
    if (!user) throw new AppError("not_found", "accounts:admin.user.notFound");
    const roles = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, options.userId));
    if (resolveRole(roles) === "admin" && (await countAdmins(tx)) <= 1) {
      throw new AppError("conflict", "accounts:dashboard.settings.delete.lastAdmin");
    }
    await deleteEmailsTo(user.email, tx);
    await tx.delete(users).where(eq(users.id, options.userId));
  },
);

// ----------------------------------------------------------------------------------------------
// Administration

export const usersPageSize = 25;

function userOrder(sort: UserSort | undefined) {
  if (!sort) return [desc(users.createdAt)];
  const column = { name: users.name, email: users.email, joined: users.createdAt }[sort.column];
  return [sort.direction === "asc" ? asc(column) : desc(column)];
}

export const userSortColumns = ["name", "email", "joined"] as const;
export type UserSort = { column: (typeof userSortColumns)[number]; direction: "asc" | "desc" };

export async function listUsers(options: {
  actor: Actor;
  query?: string;
  role?: StoredRole;
  page?: number;
  /** Default: newest first. */
  sort?: UserSort;
}) {
  assertCan(options.actor, "manage:user:any");
  const db = getDb();
  const conditions = [];
  const query = options.query?.trim().slice(0, 200);
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.name, pattern)));
  }
  if (options.role === "user") {
    // "user" means: no stronger role stored.
    conditions.push(
      notExists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .where(and(eq(userRoles.userId, users.id), inArray(userRoles.role, ["admin", "business_owner"]))),
      ),
    );
  } else if (options.role) {
    const ids = db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, options.role));
    conditions.push(inArray(users.id, ids));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Math.max(1, Math.min(options.page ?? 1, 10_000));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        disabled: users.disabled,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(...userOrder(options.sort), users.id)
      .limit(usersPageSize)
      .offset((page - 1) * usersPageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const roleRows = rows.length
    ? await db
        .select({ userId: userRoles.userId, role: userRoles.role })
        .from(userRoles)
        .where(
          inArray(
            userRoles.userId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return {
    total: Number(total),
    page,
    pages: Math.max(1, Math.ceil(Number(total) / usersPageSize)),
    users: rows.map((row) => ({ ...row, role: resolveRole(roleRows.filter((r) => r.userId === row.id)) })),
  };
}

export async function getUserForAdmin(options: { actor: Actor; userId: string }) {
  assertCan(options.actor, "manage:user:any");
  const db = getDb();
  const [user] = await db
    .select({ ...profileColumns, disabled: users.disabled, isDemo: users.isDemo })
    .from(users)
    .where(eq(users.id, options.userId));
  if (!user) throw new AppError("not_found", "accounts:admin.user.notFound");
  const [roles, [{ n: sessionCount }]] = await Promise.all([
    db
      .select({ role: userRoles.role, createdAt: userRoles.createdAt })
      .from(userRoles)
      .where(eq(userRoles.userId, user.id)),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), gte(sessions.expiresAt, new Date()))),
  ]);
  return {
    ...user,
    roles: roles.map((row) => row.role).filter(isStoredRole),
    role: resolveRole(roles),
    sessionCount: Number(sessionCount),
  };
}

/**
 * Grants a role (idempotent; audit-logged when it is new). Other features call this too, e.g. an
 * approved business claim: pass your transaction so the role lands or fails with your change.
 * Returns whether the role was new.
 */
export const grantRole = defineWrite(
  {
    permission: "manage:user:any",
    contentKinds: [],
    audit: (granted, options) =>
      granted
        ? {
            action: "user.role.grant",
            targetType: "user",
            targetId: options.userId,
            details: { role: options.role, ...(options.reason ? { reason: options.reason } : {}), ...options.details },
          }
        : null,
  },
  async (
    options: { actor: Actor; userId: string; role: StoredRole; reason?: string; details?: Record<string, string> },
    tx: Executor,
  ): Promise<boolean> => {
    if (!isStoredRole(options.role)) throw new AppError("invalid", "accounts:admin.user.errors.invalidRole");
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, options.userId));
    if (!user) throw new AppError("not_found", "accounts:admin.user.notFound");
    const inserted = await tx
      .insert(userRoles)
      .values({ userId: options.userId, role: options.role, grantedBy: options.actor.id })
      .onConflictDoNothing()
      .returning({ role: userRoles.role });
    return inserted.length > 0;
  },
);

/** Takes a role away (audit-logged when the person had it); answers whether they had it. */
export const revokeRole = defineWrite(
  {
    permission: "manage:user:any",
    contentKinds: [],
    audit: (revoked, options) =>
      revoked
        ? { action: "user.role.revoke", targetType: "user", targetId: options.userId, details: { role: options.role } }
        : null,
  },
  async (options: { actor: Actor; userId: string; role: StoredRole }, tx: Executor) => {
    if (!isStoredRole(options.role)) throw new AppError("invalid", "accounts:admin.user.errors.invalidRole");
    // An admin removing their own admin role could leave the site with nobody to run it.
    if (options.role === "admin" && options.userId === options.actor.id)
      throw new AppError("forbidden", "accounts:admin.user.errors.self");
    if (options.role === "admin" && (await countAdmins(tx)) <= 1) {
      throw new AppError("conflict", "accounts:admin.user.errors.lastAdmin");
    }
    const removed = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, options.userId), eq(userRoles.role, options.role)))
      .returning({ role: userRoles.role });
    return removed.length > 0;
  },
);

/** Disabling ends every session of the account at once; enabling lets it sign in again. */
export const setUserDisabled = defineWrite(
  {
    permission: "manage:user:any",
    contentKinds: [],
    audit: (_result, options) => ({
      action: options.disabled ? "user.disable" : "user.enable",
      targetType: "user",
      targetId: options.userId,
    }),
  },
  async (options: { actor: Actor; userId: string; disabled: boolean }, tx: Executor) => {
    if (options.userId === options.actor.id) throw new AppError("forbidden", "accounts:admin.user.errors.self");
    const [user] = await tx
      .update(users)
      .set({ disabled: options.disabled })
      .where(eq(users.id, options.userId))
      .returning({ id: users.id });
    if (!user) throw new AppError("not_found", "accounts:admin.user.notFound");
    if (options.disabled) await tx.delete(sessions).where(eq(sessions.userId, options.userId));
  },
);

/** The admin overview's real counts. */
export async function getAdminOverview(options: { actor: Actor }) {
  assertCan(options.actor, "read:admin:any");
  const db = getDb();
  const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
  const [roleRows, [{ total }], [{ recent }], [{ disabled }], [{ unverified }], [{ pending }]] = await Promise.all([
    db.select({ userId: userRoles.userId, role: userRoles.role }).from(userRoles),
    db.select({ total: count() }).from(users),
    db.select({ recent: count() }).from(users).where(gte(users.createdAt, weekAgo)),
    db.select({ disabled: count() }).from(users).where(eq(users.disabled, true)),
    db.select({ unverified: count() }).from(users).where(eq(users.emailVerified, false)),
    countUndeliveredEmails().then((pending) => [{ pending }]),
  ]);
  const byUser = new Map<string, { role: string }[]>();
  for (const row of roleRows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  const counts = { user: 0, business_owner: 0, admin: 0 };
  for (const rows of byUser.values()) counts[resolveRole(rows)] += 1;
  counts.user = Number(total) - counts.business_owner - counts.admin;
  return {
    totalUsers: Number(total),
    usersByRole: counts,
    signupsLast7Days: Number(recent),
    disabledUsers: Number(disabled),
    unverifiedUsers: Number(unverified),
    pendingEmails: Number(pending),
  };
}

// Kept for tests and operations: expired sessions are dead weight.
export async function deleteExpiredSessions(executor: Executor = getDb()) {
  await executor.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
