import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";
import { type DeclaredNames, defineManifest, singleRoute } from "../../lib/feature-manifest";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["post:beach-observation:any", "delete:beach-observation:own", "delete:beach-report:own"],
  admin: ["post:beach-report:any", "delete:beach-report:any", "delete:beach-observation:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The kinds of public content this area owns: a write that changes one bumps it, so cached pages
// showing it expire (app/lib/response-cache/content-kinds.ts).
const contentKinds = ["beach"] as const;

declare module "../../lib/response-cache/content-kinds" {
  interface ContentKindRegistry extends DeclaredNames<typeof contentKinds> {}
}

// The beach report, its JSON API, and who may post condition reports.
export const manifest = defineManifest({
  contentKinds,
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
