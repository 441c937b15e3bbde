import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";
import { type DeclaredNames, defineManifest, localizedRoute, singleRoute } from "../../lib/feature-manifest";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  admin: ["post:alert:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The kinds of public content this area owns: a write that changes one bumps it, so cached pages
// showing it expire (app/lib/response-cache/content-kinds.ts).
const contentKinds = ["alerts"] as const;

declare module "../../lib/response-cache/content-kinds" {
  interface ContentKindRegistry extends DeclaredNames<typeof contentKinds> {}
}

// Local alerts: the public list and pages, their feeds (RSS, JSON, CAP), subscribing to them (Web
// Push or email), confirming and unsubscribing, the subscriber's own list in the dashboard, and
// the publishing desks (admins, and people granted post:alert:any for an area).
export const manifest = defineManifest({
  contentKinds,
  permissions,
  id: "alerts",
  namespaces: ["alerts"],
  pages: [
    {
      id: "alerts",
      path: "/alerts",
      labelKey: "alerts:nav.title",
      footer: "services",
      homeFeature: { descriptionKey: "alerts:nav.homeDescription", icon: "siren" },
    },
  ],
  routes: [
    // The subscribe form's page and actions, the email's confirmation link and the one-click
    // unsubscribe link, before /alerts/:id so their paths are never read as an alert's id.
    localizedRoute("/alerts/subscribe", "routes/_public/alerts/subscribe.tsx", "alerts-subscribe"),
    localizedRoute("/alerts/confirm", "routes/_public/alerts/confirm.tsx", "alerts-confirm"),
    localizedRoute("/alerts/unsubscribe", "routes/_public/alerts/unsubscribe.tsx", "alerts-unsubscribe"),
    localizedRoute("/alerts/:id", "routes/_public/alerts/$id.tsx", "alert"),
    localizedRoute("/alerts.rss", "routes/resources/alerts.rss.ts", "alerts-rss"),
    singleRoute("/api/v1/alerts", "routes/api/v1/alerts.ts"),
    singleRoute("/api/v1/alerts/cap", "routes/api/v1/alerts/cap.ts"),
    singleRoute("/api/v1/alerts/:id/cap/:revision", "routes/api/v1/alerts/$id/cap/$revision.ts"),
  ],
  dashboardSections: [
    // The subscriptions a signed-in person made, to see and remove.
    {
      id: "dashboard-alerts",
      path: "/dashboard/alerts",
      file: "routes/dashboard/alerts.tsx",
      labelKey: "alerts:subscriptions.nav.dashboard",
      order: 45,
    },
    // The publishing desk, for people granted post:alert:any for some areas.
    {
      id: "dashboard-alert-desk",
      path: "/dashboard/alert-desk",
      file: "routes/dashboard/alert-desk.tsx",
      labelKey: "alerts:manage.title",
      permission: "post:alert:any",
      order: 70,
    },
  ],
  adminSections: [
    {
      id: "admin-alerts",
      path: "/admin/alerts",
      file: "routes/admin/alerts.tsx",
      permission: "post:alert:any",
      labelKey: "alerts:manage.title",
      order: 74,
    },
    {
      id: "admin-alert-posters",
      path: "/admin/alert-posters",
      file: "routes/admin/alert-posters.tsx",
      permission: "manage:user:any",
      labelKey: "alerts:admin.nav",
      order: 75,
    },
  ],
  toasts: [
    "alertPublished",
    "alertUpdated",
    "alertEnded",
    "alertPosterAdded",
    "alertPosterRemoved",
    "alertSubscriptionRemoved",
  ],
});
