import { and, asc, eq, isNull } from "drizzle-orm";
import { type Actor, type Grant, isPermission, type Permission, type Scope } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { userGrants, users } from "../people/schema";

// Grants: a permission given to one person beyond their role, optionally for one object. The
// feature that uses a grant (the beach report, forum moderation…) names it and writes its own audit
// action; storing, listing and removing grants happens only here.

/** A person's grant rows (the session loads them once per request; checks may reload them). */
export async function loadGrants(userId: string, executor: Executor = getDb()): Promise<Grant[]> {
  return executor
    .select({ permission: userGrants.permission, scopeType: userGrants.scopeType, scopeId: userGrants.scopeId })
    .from(userGrants)
    .where(eq(userGrants.userId, userId));
}

/** The actor with their grants read from the database now, whatever the caller passed. */
export async function withCurrentGrants(actor: Actor, executor: Executor = getDb()): Promise<Actor> {
  return { ...actor, grants: await loadGrants(actor.id, executor) };
}

function scopeColumns(scope: Scope | null | undefined) {
  return { scopeType: scope?.type ?? null, scopeId: scope?.id ?? null };
}

function scopeMatches(scope: Scope | null | undefined) {
  const { scopeType, scopeId } = scopeColumns(scope);
  return and(
    scopeType === null ? isNull(userGrants.scopeType) : eq(userGrants.scopeType, scopeType),
    scopeId === null ? isNull(userGrants.scopeId) : eq(userGrants.scopeId, scopeId),
  );
}

export interface GrantAudit {
  /** The audit action, named by the feature ("beach.reporter.grant"). */
  action: string;
  details?: Record<string, unknown>;
}

interface GrantChange {
  actor: Actor;
  userId: string;
  permission: Permission;
  scope?: Scope | null;
  audit: GrantAudit;
}

/** The feature's audit line for a grant that changed (none when nothing did). */
function grantAuditLine(changed: boolean, change: GrantChange) {
  if (!changed) return null;
  return {
    action: change.audit.action,
    targetType: "user",
    targetId: change.userId,
    details: { permission: change.permission, ...scopeColumns(change.scope), ...change.audit.details },
  };
}

/**
 * Gives a person a permission (for a scope, or everywhere). Only someone who manages users may.
 * Returns false when they already had exactly this grant. Runs in the caller's transaction when
 * given one.
 */
export const grantPermission = defineWrite(
  { permission: "manage:user:any", contentKinds: [], audit: grantAuditLine },
  async (options: GrantChange, tx: Executor): Promise<boolean> => {
    if (!isPermission(options.permission)) throw new AppError("invalid", "accounts:admin.user.errors.invalidRole");
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, options.userId));
    if (!user) throw new AppError("not_found", "accounts:admin.user.notFound");
    const inserted = await tx
      .insert(userGrants)
      .values({
        userId: options.userId,
        permission: options.permission,
        ...scopeColumns(options.scope),
        grantedBy: options.actor.id,
      })
      .onConflictDoNothing()
      .returning({ id: userGrants.id });
    return inserted.length > 0;
  },
);

/** Takes a grant away; false when the person did not have it. */
export const revokePermission = defineWrite(
  { permission: "manage:user:any", contentKinds: [], audit: grantAuditLine },
  async (options: GrantChange, tx: Executor): Promise<boolean> => {
    const removed = await tx
      .delete(userGrants)
      .where(
        and(
          eq(userGrants.userId, options.userId),
          eq(userGrants.permission, options.permission),
          scopeMatches(options.scope),
        ),
      )
      .returning({ id: userGrants.id });
    return removed.length > 0;
  },
);

export interface GrantHolder {
  userId: string;
  name: string;
  email: string;
  scopeType: string | null;
  scopeId: string | null;
  grantedAt: Date;
  grantedBy: string | null;
}

/** Everyone holding a permission (any scope, or exactly the one given), by name. */
export async function listGrantHolders(options: {
  actor: Actor;
  permission: Permission;
  scope?: Scope | null;
}): Promise<GrantHolder[]> {
  assertCan(options.actor, "manage:user:any");
  return getDb()
    .select({
      userId: userGrants.userId,
      name: users.name,
      email: users.email,
      scopeType: userGrants.scopeType,
      scopeId: userGrants.scopeId,
      grantedAt: userGrants.createdAt,
      grantedBy: userGrants.grantedBy,
    })
    .from(userGrants)
    .innerJoin(users, eq(users.id, userGrants.userId))
    .where(
      and(
        eq(userGrants.permission, options.permission),
        options.scope === undefined ? undefined : scopeMatches(options.scope),
      ),
    )
    .orderBy(asc(users.name), asc(users.email));
}

/** The id of the account with this email (any case), or null: for forms that name a person by email. */
export async function findUserIdByEmail(email: string, executor: Executor = getDb()): Promise<string | null> {
  const [row] = await executor.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row?.id ?? null;
}
