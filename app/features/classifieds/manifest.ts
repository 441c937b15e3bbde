import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";
import { type DeclaredNames, defineManifest, localizedRoute, singleRoute } from "../../lib/feature-manifest";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["create:classified:any", "update:classified:own", "delete:classified:own", "contact:classified:any"],
  admin: ["update:classified:any", "delete:classified:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The kinds of public content this area owns: a write that changes one bumps it, so cached pages
// showing it expire (app/lib/response-cache/content-kinds.ts).
const contentKinds = ["classifieds"] as const;

declare module "../../lib/response-cache/content-kinds" {
  interface ContentKindRegistry extends DeclaredNames<typeof contentKinds> {}
}

// What people can report of this area's (app/platform/moderation/kinds.ts; adapters in manifest.server.ts).
const moderatedKinds = ["classified"] as const;

declare module "../../platform/moderation/kinds" {
  interface ModeratedKindRegistry extends DeclaredNames<typeof moderatedKinds> {}
}

// Classifieds: ads with a mail relay.
export const manifest = defineManifest({
  contentKinds,
  moderatedKinds,
  permissions,
  id: "classifieds",
  namespaces: ["classifieds"],
  pages: [
    // Classifieds: ads with a mail relay; the ad pages are dynamic (routes below).
    {
      id: "classifieds",
      path: "/classifieds",
      labelKey: "classifieds:nav.title",
      footer: "community",
      homeFeature: { descriptionKey: "classifieds:nav.homeDescription", icon: "shopping-bag" },
    },
  ],
  routes: [
    // Classifieds: posting (signed in), the emailed renewal link, an ad, and the mail relay's inbound webhook.
    localizedRoute("/classifieds/new", "routes/_public/classifieds/new.tsx", "classified-new"),
    localizedRoute("/classifieds/renew", "routes/_public/classifieds/renew.tsx", "classified-renew"),
    localizedRoute("/classifieds/:slug", "routes/_public/classifieds/$slug.tsx", "classified"),
    singleRoute("/api/v1/inbound-mail", "routes/api/v1/inbound-mail.ts"),
  ],
  dashboardSections: [
    // Classifieds: my ads, to renew, mark sold or delete.
    {
      id: "dashboard-classifieds",
      shownFor: ["ad"],
      offer: { labelKey: "accounts:dashboard.offers.postAd", to: "/classifieds/new" },
      path: "/dashboard/classifieds",
      file: "routes/dashboard/classifieds.tsx",
      labelKey: "classifieds:nav.dashboard",
      order: 40,
    },
  ],
  toasts: ["adPosted", "adPending", "adRenewed", "adSold", "adDeleted", "sellerContacted"],
});
