import { defineManifest } from "../../lib/feature-manifest";
import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  admin: ["read:outbox:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The outbox: every email the site sends, readable at /admin/outbox (its strings are in accounts).
export const manifest = defineManifest({
  permissions,
  id: "outbox",
  namespaces: [],
  adminSections: [
    {
      id: "admin-outbox",
      path: "/admin/outbox",
      file: "routes/admin/outbox.tsx",
      permission: "read:outbox:any",
      labelKey: "accounts:admin.nav.outbox",
      order: 95,
    },
  ],
});
