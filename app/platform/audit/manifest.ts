import { defineManifest } from "../../lib/feature-manifest";

// The audit log: every admin action, read back at /admin/audit-log (its strings are in accounts).
export const manifest = defineManifest({
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
