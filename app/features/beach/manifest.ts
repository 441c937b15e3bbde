import { defineManifest, singleRoute } from "../../lib/feature-manifest";
import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["post:beach-observation:any", "delete:beach-observation:own", "delete:beach-report:own"],
  admin: ["post:beach-report:any", "delete:beach-report:any", "delete:beach-observation:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The beach report, its JSON API, and who may post condition reports.
export const manifest = defineManifest({
  permissions,
  id: "beach",
  namespaces: ["beach"],
  pages: [
    // Beach report: tides, sun and moon, and local condition reports.
    {
      id: "beach-report",
      path: "/beach-report",
      labelKey: "beach:nav.title",
      mainNav: 3,
      footer: "services",
      homeFeature: { descriptionKey: "beach:nav.homeDescription", icon: "waves" },
    },
  ],
  routes: [singleRoute("/api/v1/beach-report", "routes/api/v1/beach-report.ts")],
  adminSections: [
    {
      id: "admin-beach-reporters",
      path: "/admin/beach-reporters",
      file: "routes/admin/beach-reporters.tsx",
      permission: "manage:user:any",
      labelKey: "beach:admin.nav",
      order: 70,
    },
  ],
  toasts: ["reportSent", "observationSent", "reportDeleted", "reporterAdded", "reporterRemoved"],
});
