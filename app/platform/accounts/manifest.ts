import { defineManifest, localizedRoute } from "../../lib/feature-manifest";
import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["update:account:own"],
  admin: ["read:admin:any", "manage:user:any", "read:system:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// Accounts: signing in and out, one's settings, the dashboard's and the admin's overview, people.
export const manifest = defineManifest({
  permissions,
  id: "accounts",
  namespaces: ["accounts"],
  pages: [
    // Sign in and sign up; a utility page, not in the sitemap.
    { id: "auth", path: "/auth", file: "routes/auth/index.tsx", labelKey: "nav.signIn", sitemap: false },
  ],
  routes: [
    localizedRoute("/auth/verify", "routes/auth/verify.tsx", "auth-verify"),
    localizedRoute("/auth/forgot-password", "routes/auth/forgot-password.tsx", "auth-forgot-password"),
    localizedRoute("/auth/reset-password", "routes/auth/reset-password.tsx", "auth-reset-password"),
    localizedRoute("/auth/sign-out", "routes/auth/sign-out.ts", "auth-sign-out"),
  ],
  dashboardSections: [
    {
      id: "dashboard-overview",
      path: "/dashboard",
      file: "routes/dashboard/index.tsx",
      labelKey: "accounts:dashboard.nav.overview",
      order: 0,
    },
    {
      id: "dashboard-settings",
      path: "/dashboard/settings",
      file: "routes/dashboard/settings.tsx",
      labelKey: "accounts:dashboard.nav.settings",
      order: 100,
    },
  ],
  adminSections: [
    {
      id: "admin-overview",
      path: "/admin",
      file: "routes/admin/index.tsx",
      permission: "read:admin:any",
      labelKey: "accounts:admin.nav.overview",
      order: 0,
    },
    {
      id: "admin-users",
      path: "/admin/users",
      file: "routes/admin/users.tsx",
      permission: "manage:user:any",
      labelKey: "accounts:admin.nav.users",
      order: 80,
    },
    {
      id: "admin-user",
      path: "/admin/users/:userId",
      file: "routes/admin/users/$userId.tsx",
      permission: "manage:user:any",
      labelKey: "accounts:admin.nav.users",
      nav: false,
    },
    // Operations: the server's figures, and inviting people from a CSV file.
    {
      id: "admin-import-users",
      path: "/admin/import-users",
      file: "routes/admin/import-users.tsx",
      permission: "manage:user:any",
      labelKey: "accounts:admin.nav.importUsers",
      order: 85,
    },
    {
      id: "admin-system",
      path: "/admin/system",
      file: "routes/admin/system.tsx",
      permission: "read:system:any",
      labelKey: "accounts:admin.nav.system",
      order: 97,
    },
  ],
  toasts: [
    "profileSaved",
    "signedOut",
    "passwordChanged",
    "languageSaved",
    "signedOutEverywhere",
    "accountDeleted",
    "roleGranted",
    "roleRevoked",
    "accountDisabled",
    "accountEnabled",
    "suspensionLifted",
  ],
});
