import { defineManifest } from "../../lib/feature-manifest";
import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  admin: ["read:audit-log:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The audit log: every admin action, read back at /admin/audit-log (its strings are in accounts).
export const manifest = defineManifest({
  permissions,
  id: "audit",
  namespaces: [],
  adminSections: [
    {
      id: "admin-audit-log",
      path: "/admin/audit-log",
      file: "routes/admin/audit-log.tsx",
      permission: "read:audit-log:any",
      labelKey: "accounts:admin.nav.auditLog",
      order: 90,
    },
  ],
});
