import { defineManifest } from "../../lib/feature-manifest";

// The outbox: every email the site sends, readable at /admin/outbox (its strings are in accounts).
export const manifest = defineManifest({
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
