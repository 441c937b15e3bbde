import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";
import { type DeclaredNames, defineManifest, localizedRoute } from "../../lib/feature-manifest";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["create:property:any", "update:property:own", "update:property-lead:own"],
  grantOnly: ["use:agent-plan:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The kinds of public content this area owns: a write that changes one bumps it, so cached pages
// showing it expire (app/lib/response-cache/content-kinds.ts).
const contentKinds = ["properties"] as const;

declare module "../../lib/response-cache/content-kinds" {
  interface ContentKindRegistry extends DeclaredNames<typeof contentKinds> {}
}

// What people can report of this area's (app/platform/moderation/kinds.ts; adapters in manifest.server.ts).
const moderatedKinds = ["property"] as const;

declare module "../../platform/moderation/kinds" {
  interface ModeratedKindRegistry extends DeclaredNames<typeof moderatedKinds> {}
}

// Real estate: properties for sale and rent, agents, leads and saved searches.
export const manifest = defineManifest({
  contentKinds,
  moderatedKinds,
  permissions,
  id: "realestate",
  namespaces: ["realestate"],
  pages: [
    // Real estate: properties for sale and rent. Property pages, listing one, the agent
    // upgrade and the alerts' unsubscribe link are dynamic (routes below).
    {
      id: "real-estate",
      path: "/real-estate",
      labelKey: "realestate:nav.title",
      footer: "services",
      homeFeature: { descriptionKey: "realestate:nav.homeDescription", icon: "house" },
    },
  ],
  routes: [
    // Real estate: the agent upgrade, listing a property, the alerts'
    // unsubscribe link, and a property's page (static paths rank above the slug).
    localizedRoute("/real-estate/upgrade", "routes/_public/real-estate/upgrade.tsx", "real-estate-upgrade"),
    localizedRoute("/real-estate/new", "routes/_public/real-estate/new.tsx", "real-estate-new"),
    localizedRoute("/real-estate/unsubscribe", "routes/_public/real-estate/unsubscribe.tsx", "real-estate-unsubscribe"),
    localizedRoute("/real-estate/:slug", "routes/_public/real-estate/$slug.tsx", "real-estate-property"),
  ],
  dashboardSections: [
    // Real estate: my properties and saved searches (anyone signed in); the leads
    // dashboard comes with the agent plan (a grant), its CSV export with it.
    {
      id: "dashboard-properties",
      shownFor: ["property", "agent"],
      offer: { labelKey: "accounts:dashboard.offers.listProperty", to: "/real-estate/new" },
      path: "/dashboard/properties",
      file: "routes/dashboard/properties.tsx",
      labelKey: "realestate:nav.dashboardProperties",
      order: 40,
    },
    {
      id: "dashboard-leads",
      shownFor: ["property", "agent"],
      path: "/dashboard/leads",
      file: "routes/dashboard/leads/index.tsx",
      labelKey: "realestate:nav.dashboardLeads",
      permission: "use:agent-plan:any",
      order: 41,
    },
    {
      id: "dashboard-leads-export",
      path: "/dashboard/leads/export",
      file: "routes/dashboard/leads/export.ts",
      labelKey: "realestate:nav.dashboardLeads",
      permission: "use:agent-plan:any",
      nav: false,
    },
  ],
  adminSections: [
    // Real estate: who holds the agent plan; an admin grants it until billing lands.
    {
      id: "admin-agents",
      path: "/admin/agents",
      file: "routes/admin/agents.tsx",
      permission: "manage:user:any",
      labelKey: "realestate:nav.adminAgents",
      order: 72,
    },
  ],
  toasts: [
    "propertyListed",
    "propertyPending",
    "inquirySent",
    "searchSaved",
    "searchDeleted",
    "priceSaved",
    "propertyRemoved",
    "leadSaved",
    "agentGranted",
    "agentRevoked",
    "agentRequested",
  ],
});
