import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";
import { type DeclaredNames, defineManifest, localizedRoute, singleRoute } from "../../lib/feature-manifest";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  admin: ["manage:ad:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The kinds of public content this area owns: a write that changes one bumps it, so cached pages
// showing it expire (app/lib/response-cache/content-kinds.ts).
const contentKinds = ["ads"] as const;

declare module "../../lib/response-cache/content-kinds" {
  interface ContentKindRegistry extends DeclaredNames<typeof contentKinds> {}
}

// Advertising: house ads, owners' ads and the ad network.
export const manifest = defineManifest({
  contentKinds,
  permissions,
  id: "ads",
  namespaces: ["ads"],
  routes: [
    // Advertising: a house ad's counted link, and the browser's report of a failed ad script.
    localizedRoute("/ads/:id/click", "routes/resources/ads/$id/click.ts", "ad-click"),
    singleRoute("/api/v1/ads/error", "routes/api/v1/ads/error.ts"),
  ],
  dashboardSections: [
    // Advertising: a listing's own ads, when its plan includes them.
    {
      id: "dashboard-ads",
      shownFor: ["listing"],
      path: "/dashboard/ads",
      file: "routes/dashboard/ads/index.tsx",
      labelKey: "ads:nav.dashboard",
      order: 52,
    },
    {
      id: "dashboard-ad",
      path: "/dashboard/ads/:adId",
      file: "routes/dashboard/ads/$adId.tsx",
      labelKey: "ads:nav.dashboard",
      nav: false,
    },
  ],
  adminSections: [
    // Advertising: house ads, owners' ads to approve, and their figures.
    {
      id: "admin-ads",
      path: "/admin/ads",
      file: "routes/admin/ads/index.tsx",
      permission: "manage:ad:any",
      labelKey: "ads:nav.admin",
      order: 55,
    },
    {
      id: "admin-ad",
      path: "/admin/ads/:adId",
      file: "routes/admin/ads/$adId.tsx",
      permission: "manage:ad:any",
      labelKey: "ads:nav.admin",
      nav: false,
    },
  ],
  toasts: ["adSaved", "adSubmitted", "adStatusChanged"],
});
