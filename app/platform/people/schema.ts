import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAtColumn as createdAt, updatedAtColumn as updatedAt } from "../../lib/db-columns";

// Accounts, sessions and roles. The users/sessions/accounts/verifications tables are better-auth's
// (its Drizzle adapter reads these property names, so they stay camelCase in TypeScript); the
// rest (user_roles, user_grants, app_secrets) are ours.

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  /** "First Last", kept for better-auth; first and last name are asked for at signup. */
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  preferredLanguage: text("preferred_language").notNull().default("en"),
  disabled: boolean("disabled").notNull().default(false),
  isDemo: boolean("is_demo").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** The user role record: one row per role a user holds. No rows means "user". */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    check("user_roles_role_check", sql`${table.role} in ('user', 'business_owner', 'admin')`),
  ],
);

/**
 * Permissions given to one person beyond their role (app/lib/authorization.ts), optionally for one
 * object: scope_type/scope_id null means everywhere, scope_id null means every object of that
 * type. Trusted beach reporters, category moderators and agents are rows here, not tables.
 */
export const userGrants = pgTable(
  "user_grants",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permission: text("permission").notNull(),
    scopeType: text("scope_type"),
    scopeId: text("scope_id"),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    // NULLS NOT DISTINCT: an unscoped grant is given once, not once per call.
    unique("user_grants_user_permission_scope_unique")
      .on(table.userId, table.permission, table.scopeType, table.scopeId)
      .nullsNotDistinct(),
    index("user_grants_permission_idx").on(table.permission, table.scopeType, table.scopeId),
    check("user_grants_scope_check", sql`${table.scopeId} is null or ${table.scopeType} is not null`),
  ],
);

/** Secrets the app generates for itself when none is configured, shared by every instance. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
