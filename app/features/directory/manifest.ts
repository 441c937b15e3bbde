import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";
import { type DeclaredNames, defineManifest, localizedRoute } from "../../lib/feature-manifest";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: [
    "create:business:any",
    "update:business:own",
    "create:review:any",
    "reply:review:own",
    "report:review:any",
    "create:claim:any",
    "read:business-analytics:own",
  ],
  admin: [
    "update:business:any",
    "verify:business:any",
    "decide:claim:any",
    "moderate:review:any",
    "read:business-analytics:any",
  ],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The kinds of public content this area owns: a write that changes one bumps it, so cached pages
// showing it expire (app/lib/response-cache/content-kinds.ts).
const contentKinds = ["businesses", "reviews"] as const;

declare module "../../lib/response-cache/content-kinds" {
  interface ContentKindRegistry extends DeclaredNames<typeof contentKinds> {}
}

// What people can report of this area's (app/platform/moderation/kinds.ts; adapters in manifest.server.ts).
const moderatedKinds = ["review"] as const;

declare module "../../platform/moderation/kinds" {
  interface ModeratedKindRegistry extends DeclaredNames<typeof moderatedKinds> {}
}

// The business directory: listings, their pages, reviews and claims, and the owner's dashboard of a
// listing (menu, analytics, landing page: the owner namespace).
export const manifest = defineManifest({
  contentKinds,
  moderatedKinds,
  permissions,
  id: "directory",
  namespaces: ["directory", "owner"],
  pages: [
    // Business directory. /business, /category, /location and /areas/:area are dynamic
    // (routes below); the three featured area pages are static here so the footer can list them.
    {
      id: "directory",
      path: "/directory",
      labelKey: "directory:nav.title",
      mainNav: 1,
      footer: "services",
      homeFeature: { descriptionKey: "directory:nav.homeDescription", icon: "store" },
    },
    {
      id: "list-business",
      path: "/list-business",
      labelKey: "directory:nav.listBusiness",
      footer: "services",
    },
    {
      id: "area-playa-flamingo",
      path: "/areas/playa-flamingo",
      file: "routes/_public/areas/$area.tsx",
      labelKey: "directory:nav.areas.playa-flamingo",
      footer: "areas",
    },
    {
      id: "area-surfside",
      path: "/areas/surfside",
      file: "routes/_public/areas/$area.tsx",
      labelKey: "directory:nav.areas.surfside",
      footer: "areas",
    },
    {
      id: "area-brasilito",
      path: "/areas/brasilito",
      file: "routes/_public/areas/$area.tsx",
      labelKey: "directory:nav.areas.brasilito",
      footer: "areas",
    },
  ],
  routes: [
    // Business directory: dynamic public pages, in both languages.
    localizedRoute("/business/:slug", "routes/_public/business/$slug.tsx", "business"),
    localizedRoute("/business/:slug/claim", "routes/_public/business/$slug/claim.tsx", "business-claim"),
    localizedRoute(
      "/business/:slug/contact/:channel",
      "routes/resources/business/$slug/contact/$channel.ts",
      "business-contact",
    ),
    localizedRoute("/category/:category", "routes/_public/category/$category.tsx", "category"),
    localizedRoute("/location/:location", "routes/_public/location/$location.tsx", "location"),
    localizedRoute("/areas/:area", "routes/_public/areas/$area.tsx", "area"),
    // Old addresses (/basic/…) redirect, permanent, in both languages.
    localizedRoute("/basic/:slug", "routes/resources/basic/$slug.ts", "redirect-basic"),
  ],
  dashboardSections: [
    // Business directory: the owner's listings, their hours and photos, and claim status.
    {
      id: "dashboard-business",
      shownFor: ["listing"],
      offer: { labelKey: "accounts:dashboard.offers.listBusiness", to: "/list-business" },
      path: "/dashboard/business",
      file: "routes/dashboard/business/index.tsx",
      labelKey: "directory:dashboard.nav.myBusiness",
      order: 10,
    },
    {
      id: "dashboard-business-edit",
      path: "/dashboard/business/:businessId",
      file: "routes/dashboard/business/$businessId.tsx",
      labelKey: "directory:dashboard.nav.myBusiness",
      nav: false,
    },
    {
      id: "dashboard-business-hours",
      path: "/dashboard/business/:businessId/hours",
      file: "routes/dashboard/business/$businessId/hours.tsx",
      labelKey: "directory:dashboard.nav.hours",
      nav: false,
    },
    {
      id: "dashboard-business-photos",
      path: "/dashboard/business/:businessId/photos",
      file: "routes/dashboard/business/$businessId/photos.tsx",
      labelKey: "directory:dashboard.nav.myBusiness",
      nav: false,
    },
    {
      id: "dashboard-hours",
      shownFor: ["listing"],
      path: "/dashboard/hours",
      file: "routes/dashboard/hours.tsx",
      labelKey: "directory:dashboard.nav.hours",
      order: 11,
    },
    {
      id: "dashboard-claims",
      shownFor: ["listing", "claim"],
      path: "/dashboard/claims",
      file: "routes/dashboard/claims.tsx",
      labelKey: "directory:dashboard.nav.claims",
      order: 12,
    },
    // Business dashboard: the menu, analytics and landing page of one's own businesses.
    {
      id: "dashboard-menu",
      shownFor: ["listing"],
      path: "/dashboard/menu",
      file: "routes/dashboard/menu/index.tsx",
      labelKey: "owner:nav.menu",
      order: 20,
    },
    {
      id: "dashboard-analytics",
      shownFor: ["listing"],
      path: "/dashboard/analytics",
      file: "routes/dashboard/analytics/index.tsx",
      labelKey: "owner:nav.analytics",
      order: 35,
    },
    {
      id: "dashboard-analytics-export",
      path: "/dashboard/analytics/export.csv",
      file: "routes/dashboard/analytics/export.csv.ts",
      labelKey: "owner:nav.analytics",
      nav: false,
    },
    {
      id: "dashboard-landing-page",
      shownFor: ["listing"],
      path: "/dashboard/landing-page",
      file: "routes/dashboard/landing-page/index.tsx",
      labelKey: "owner:nav.landingPage",
      order: 50,
    },
  ],
  adminSections: [
    // Business directory: all businesses (verify, unverify, edit) and claims.
    {
      id: "admin-businesses",
      path: "/admin/businesses",
      file: "routes/admin/businesses.tsx",
      permission: "update:business:any",
      labelKey: "directory:admin.nav.businesses",
      order: 10,
    },
    {
      id: "admin-claims",
      path: "/admin/claims",
      file: "routes/admin/claims.tsx",
      permission: "decide:claim:any",
      labelKey: "directory:admin.nav.claims",
      order: 15,
    },
    {
      id: "admin-reviews",
      path: "/admin/reviews",
      file: "routes/admin/reviews.tsx",
      permission: "moderate:review:any",
      labelKey: "directory:admin.nav.reviews",
      order: 16,
    },
  ],
  toasts: [
    "hoursSaved",
    "closureAdded",
    "closureRemoved",
    "menuItemSaved",
    "menuItemDeleted",
    "photoDeleted",
    "coverChanged",
    "reviewPosted",
    "claimSent",
    "claimApproved",
    "claimRejected",
    "taxIdMarked",
    "reviewHidden",
    "reportsDismissed",
    "businessVerified",
    "businessUnverified",
  ],
});
