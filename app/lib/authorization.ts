// Who may do what: the one permission model (docs/decisions/005-permission-model.md). Pure and free
// of server imports, so a component hides a control with the same rule the server enforces.
//
// A permission is `action:entity:access`. `:any` allows the action on every object; `:own` only on
// objects whose owner is the actor. Each area's manifest gives its permissions to roles
// (app/manifests.ts registers them below); anything a role does not give is given per person by a
// grant row (user_grants), optionally scoped to one object (a beach, a forum category…), so a new
// capability is a row, never a new table.

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

/**
 * What an area gives each role, in its manifest (`permissions`): a role includes the ones below it
 * (admin ⊇ business_owner ⊇ user), so a name is listed once, at the lowest role that holds it.
 * `grantOnly` names permissions no role gives: they exist only as grants (user_grants rows an
 * admin writes).
 */
export interface PermissionDeclaration {
  user?: readonly string[];
  business_owner?: readonly string[];
  admin?: readonly string[];
  grantOnly?: readonly string[];
}

/** The names a declaration lists, as the record an area's augmentation of PermissionRegistry extends. */
export type DeclaredPermissions<Declaration extends PermissionDeclaration> = Record<
  {
    [role in keyof Declaration]-?: Declaration[role] extends readonly (infer Name extends string)[] ? Name : never;
  }[keyof Declaration],
  true
>;

/**
 * Every permission the site knows, as this interface's keys. It is empty here: each area adds its
 * names beside its manifest's `permissions`, so TypeScript checks every name everywhere (components
 * included) while no list in this file names another area's permissions:
 *
 *   declare module "../../lib/authorization" {
 *     interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the areas' module augmentations
export interface PermissionRegistry {}

export type Permission = keyof PermissionRegistry & string;

type RoleTable = { readonly [role in Role]: readonly Permission[] };
let registered: { roles: RoleTable; known: ReadonlySet<string>; grantOnly: readonly Permission[] } | null = null;

/**
 * Hands the areas' permission declarations down (app/manifests.ts, as it loads). A name declared by
 * two areas, or twice, is a mistake that would let one area's change widen another's rule: it throws.
 */
export function registerPermissions(declarations: readonly PermissionDeclaration[]) {
  const seen = new Set<string>();
  const take = (names: readonly string[] | undefined) => {
    for (const name of names ?? []) {
      if (seen.has(name)) throw new Error(`the permission ${name} is declared twice`);
      seen.add(name);
    }
    return (names ?? []) as readonly Permission[];
  };
  const user = declarations.flatMap((declaration) => take(declaration.user));
  const businessOwner = declarations.flatMap((declaration) => take(declaration.business_owner));
  const admin = declarations.flatMap((declaration) => take(declaration.admin));
  const grantOnly = declarations.flatMap((declaration) => take(declaration.grantOnly));
  registered = {
    roles: {
      none: [],
      user,
      business_owner: [...user, ...businessOwner],
      admin: [...user, ...businessOwner, ...admin],
    },
    known: seen,
    grantOnly,
  };
}

function table() {
  // A process that never loaded the manifests would deny every area's permission without a word.
  if (!registered) throw new Error("permissions read before the areas' manifests were loaded (import app/manifests)");
  return registered;
}

/** Every permission the site knows. A string not listed is denied, whoever asks. */
export function knownPermissions(): readonly Permission[] {
  return [...table().known] as Permission[];
}

/** Permissions no role gives: only grants hold them (the real-estate agent plan). */
export function grantOnlyPermissions(): readonly Permission[] {
  return table().grantOnly;
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && table().known.has(value);
}

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
  if ((table().roles[actor.role] as readonly string[]).includes(permission)) return true;
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

/**
 * Whether the actor holds the permission anywhere: from the role, or a grant of it for any scope
 * (an area's alert poster). For showing a section whose objects are checked one by one later.
 */
export function canSomewhere(actor: Actor | null | undefined, permission: Permission): boolean {
  if (can(actor, permission)) return true;
  if (!actor || actor.role === "none") return false;
  return (actor.grants ?? []).some((grant) => grant.permission === permission);
}

/** The permissions a role gives, for the admin pages and tests. */
export function permissionsOf(role: Role): readonly Permission[] {
  return table().roles[role];
}
