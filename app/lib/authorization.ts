// Who may do what: the one permission model (docs/decisions/005-permission-model.md). Pure and free
// of server imports, so a component hides a control with the same rule the server enforces.
//
// A permission is `action:entity:access`. `:any` allows the action on every object; `:own` only on
// objects whose owner is the actor. Roles map to permissions in `rolePermissions` below; anything a
// role does not give is given per person by a grant row (user_grants), optionally scoped to one
// object (a beach, a forum category…), so a new capability is a row, never a new table.

/** A signed-out visitor is "none"; signed-in users are user, business_owner or admin. */
export type Role = "none" | "user" | "business_owner" | "admin";
/** The roles that can be stored in user_roles ("none" is never stored). */
export type StoredRole = Exclude<Role, "none">;
export const storedRoles: readonly StoredRole[] = ["user", "business_owner", "admin"];

/** Roles an admin grants as rows ("user" is what everyone signed in already is). */
export const grantableRoles: readonly StoredRole[] = ["business_owner", "admin"];

export function isStoredRole(value: unknown): value is StoredRole {
  return typeof value === "string" && (storedRoles as readonly string[]).includes(value);
}

/**
 * Role resolution for a signed-in user: no rows, or a read error (passed as
 * null), means "user"; any admin row wins; otherwise any business_owner row; otherwise user.
 * Unknown role strings are ignored rather than trusted.
 */
export function resolveRole(rows: { role: string }[] | null): StoredRole {
  if (!rows || rows.length === 0) return "user";
  if (rows.some((row) => row.role === "admin")) return "admin";
  if (rows.some((row) => row.role === "business_owner")) return "business_owner";
  return "user";
}

// Each role's own permissions, listed once; a role includes the ones below it.
const userOwn = [
  "update:account:own",
  "create:business:any",
  "update:business:own",
  "create:review:any",
  "reply:review:own",
  "report:review:any",
  "report:content:any",
  "create:claim:any",
  "post:beach-observation:any",
  "delete:beach-observation:own",
  "delete:beach-report:own",
  "read:subscription:own",
  // Forums: a post is a discussion's opening post or a reply.
  "create:forum-post:any",
  "update:forum-post:own",
  "delete:forum-post:own",
  "react:forum-post:any",
  "create:group:any",
  // Classifieds: post an ad, renew, mark sold or delete one's own, write to a seller.
  "create:classified:any",
  "update:classified:own",
  "delete:classified:own",
  "contact:classified:any",
  // Events: anyone signed in organises events and answers RSVPs; organisers edit their own.
  "create:event:any",
  "update:event:own",
  "rsvp:event:any",
  // Real estate: anyone may list a property (one without the agent plan) and read the
  // inquiries about their own.
  "create:property:any",
  "update:property:own",
  "update:property-lead:own",
  // Business dashboard: a listing's owner reads its analytics.
  "read:business-analytics:own",
  // Bookings and messages: the owner of a listing runs its bookings and answers its inbox.
  "manage:booking:own",
  "manage:business-message:own",
] as const;
const businessOwnerOwn = ["read:owner-tools:any"] as const;
const adminOwn = [
  "read:admin:any",
  "update:business:any",
  "verify:business:any",
  "decide:claim:any",
  "moderate:review:any",
  "moderate:content:any",
  "post:beach-report:any",
  "delete:beach-report:any",
  "delete:beach-observation:any",
  // Local alerts: admins publish anywhere; others hold it as a grant scoped to an area.
  "post:alert:any",
  "manage:user:any",
  "manage:content:any",
  "read:audit-log:any",
  "read:outbox:any",
  "read:system:any",
  "read:concierge-stats:any",
  // Forum moderation: categories, pinning, locking, moving threads; editing or deleting any post.
  "manage:forum:any",
  "update:forum-post:any",
  "delete:forum-post:any",
  "update:group:any",
  "update:classified:any",
  "delete:classified:any",
  "update:event:any",
  "read:business-analytics:any",
  // Billing: plans, grants, requests and every subscription.
  "manage:subscription:any",
  // Advertising: house ads (selling, approving owners' ads, pausing) and their figures.
  "manage:ad:any",
  // Support: admins open any listing's bookings and inbox, as they may edit any listing.
  "manage:booking:any",
  "manage:business-message:any",
] as const;

/**
 * Permissions no role gives: they exist only as grants (user_grants rows an admin writes). The
 * real-estate agent plan is one until billing subscribes people to it (docs/real-estate.md).
 */
export const grantOnlyPermissions = ["use:agent-plan:any"] as const;

/** Every permission the site knows. A string not listed here is denied, whoever asks. */
export const permissions = [...userOwn, ...businessOwnerOwn, ...adminOwn, ...grantOnlyPermissions] as const;

export type Permission = (typeof permissions)[number];

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (permissions as readonly string[]).includes(value);
}

/**
 * The one table from role to permissions. Each role includes the one below it (admin ⊇
 * business_owner ⊇ user): an admin counts as a business owner (docs/decisions/005-permission-model.md).
 */
export const rolePermissions: Readonly<Record<Role, readonly Permission[]>> = {
  none: [],
  user: userOwn,
  business_owner: [...userOwn, ...businessOwnerOwn],
  admin: [...userOwn, ...businessOwnerOwn, ...adminOwn],
};

/** What a grant or a check is about: one object of a kind ("beach", "playa-flamingo"). */
export interface Scope {
  type: string;
  id: string;
}

/**
 * A permission given to one person beyond their role. scopeType and scopeId null: everywhere;
 * scopeType set and scopeId null: every object of that kind; both set: that one object.
 */
export interface Grant {
  permission: string;
  scopeType: string | null;
  scopeId: string | null;
}

/** The one actor shape every domain function takes. */
export interface Actor {
  id: string;
  role: Role;
  /** The person's grant rows; absent means none were loaded (the server loads them when needed). */
  grants?: readonly Grant[];
  /** Set while the person is suspended (docs/moderation.md): every write is refused until then. */
  suspension?: { until: string; reason: string } | null;
}

/** The suspension in force for this actor now, if any. */
export function suspensionOf(
  actor: Actor | null | undefined,
  now = new Date(),
): { until: string; reason: string } | null {
  const suspension = actor?.suspension;
  if (!suspension) return null;
  return new Date(suspension.until).getTime() > now.getTime() ? suspension : null;
}

/**
 * Whether a permission changes something. A suspension refuses all of these except the person's
 * own account settings (language, password, deleting the account stay theirs).
 */
export function isWritePermission(permission: Permission): boolean {
  return !permission.startsWith("read:") && permission !== "update:account:own";
}

export interface Target {
  /** The owner of the object, for `:own` permissions. */
  ownerId?: string | null;
  /** The object, for scoped grants. */
  scope?: Scope | null;
}

function accessOf(permission: Permission): "own" | "any" {
  return permission.endsWith(":own") ? "own" : "any";
}

function withAccess(permission: Permission, access: "own" | "any"): string {
  return `${permission.slice(0, permission.lastIndexOf(":"))}:${access}`;
}

function grantCovers(grant: Grant, permission: string, scope: Scope | null | undefined): boolean {
  if (grant.permission !== permission) return false;
  if (grant.scopeType === null) return true;
  if (!scope || scope.type !== grant.scopeType) return false;
  return grant.scopeId === null || grant.scopeId === scope.id;
}

function holds(actor: Actor, permission: string, scope: Scope | null | undefined): boolean {
  if ((rolePermissions[actor.role] as readonly string[]).includes(permission)) return true;
  return (actor.grants ?? []).some((grant) => grantCovers(grant, permission, scope));
}

/**
 * Whether the actor may do this. `:any` needs the permission (from the role or a grant covering
 * the scope); `:own` passes when the actor owns the object and holds `:own`, or holds `:any`.
 * Signed out (null), an unknown permission, or an `:own` check without an owner: no.
 */
export function can(actor: Actor | null | undefined, permission: Permission, target: Target = {}): boolean {
  if (!actor || actor.role === "none" || !isPermission(permission)) return false;
  if (accessOf(permission) === "any") return holds(actor, permission, target.scope);
  const anyForm = withAccess(permission, "any");
  if (isPermission(anyForm) && holds(actor, anyForm, target.scope)) return true;
  if (!target.ownerId || target.ownerId !== actor.id) return false;
  return holds(actor, permission, target.scope);
}

/** The permissions a role gives, for the admin pages and tests. */
export function permissionsOf(role: Role): readonly Permission[] {
  return rolePermissions[role];
}
