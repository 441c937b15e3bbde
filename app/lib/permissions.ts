// Roles and what they may do. Pure and free of server imports, so the header can hide a link with
// the same rule the server enforces.

/** Spec §4: a signed-out visitor is "none"; signed-in users are user, business_owner or admin. */
export type Role = "none" | "user" | "business_owner" | "admin";
/** The roles that can be stored in user_roles ("none" is never stored). */
export type StoredRole = Exclude<Role, "none">;
export const storedRoles: readonly StoredRole[] = ["user", "business_owner", "admin"];

export function isStoredRole(value: unknown): value is StoredRole {
  return typeof value === "string" && (storedRoles as readonly string[]).includes(value);
}

/**
 * Spec §4 role resolution for a signed-in user, exactly: no rows, or a read error (passed as
 * null), means "user"; any admin row wins; otherwise any business_owner row; otherwise user.
 * Unknown role strings are ignored rather than trusted.
 */
export function resolveRole(rows: { role: string }[] | null): Exclude<Role, "none"> {
  if (!rows || rows.length === 0) return "user";
  if (rows.some((row) => row.role === "admin")) return "admin";
  if (rows.some((row) => row.role === "business_owner")) return "business_owner";
  return "user";
}

export function isAdmin(role: Role | null | undefined): boolean {
  return role === "admin";
}

/** Spec §6: an admin counts as a business owner too. */
export function isBusinessOwner(role: Role | null | undefined): boolean {
  return role === "business_owner" || role === "admin";
}

export function isSignedIn(role: Role | null | undefined): boolean {
  return role === "user" || role === "business_owner" || role === "admin";
}

const rank: Record<Role, number> = { none: 0, user: 1, business_owner: 2, admin: 3 };

/** Whether `role` includes what `required` allows (admin ⊇ business_owner ⊇ user ⊇ none). */
export function hasRole(role: Role | null | undefined, required: Role): boolean {
  return rank[role ?? "none"] >= rank[required];
}
