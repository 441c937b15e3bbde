import { defineManifest, singleRoute } from "../../lib/feature-manifest";
import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  business_owner: ["read:owner-tools:any"],
  admin: ["read:concierge-stats:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// Concierge: questions answered from the site's own data (docs/concierge.md), and writing tools.
export const manifest = defineManifest({
  permissions,
  id: "concierge",
  namespaces: ["concierge"],
  pages: [
    // Concierge: questions answered from the site's own data.
    {
      id: "chat",
      path: "/chat",
      labelKey: "concierge:nav.title",
      mainNav: 5,
      footer: "services",
    },
  ],
  routes: [
    // Concierge: the JSON API for other clients.
    singleRoute("/api/v1/concierge", "routes/api/v1/concierge.ts"),
  ],
  dashboardSections: [
    // Writing tools (docs/concierge.md): drafts of a listing's texts through the site's model.
    {
      id: "dashboard-ai-tools",
      path: "/dashboard/ai-tools",
      file: "routes/dashboard/ai-tools.tsx",
      labelKey: "concierge:aiTools.nav",
      permission: "read:owner-tools:any",
      order: 60,
    },
  ],
  adminSections: [
    // Concierge: anonymised counts of what visitors ask and what went unanswered.
    {
      id: "admin-concierge",
      path: "/admin/concierge",
      file: "routes/admin/concierge.tsx",
      permission: "read:concierge-stats:any",
      labelKey: "concierge:admin.nav",
      order: 60,
    },
  ],
});
