import { defineManifest, localizedRoute, singleRoute } from "../../lib/feature-manifest";

// Local alerts: the public list and pages, their feeds (RSS, JSON, CAP), and the publishing
// sections (admins, and people granted post:alert:any for an area).
export const manifest = defineManifest({
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
    localizedRoute("/alerts/:id", "routes/_public/alerts/$id.tsx", "alert"),
    localizedRoute("/alerts.rss", "routes/resources/alerts.rss.ts", "alerts-rss"),
    singleRoute("/api/v1/alerts", "routes/api/v1/alerts.ts"),
    singleRoute("/api/v1/alerts/cap", "routes/api/v1/alerts/cap.ts"),
    singleRoute("/api/v1/alerts/:id/cap/:revision", "routes/api/v1/alerts/$id/cap/$revision.ts"),
  ],
  dashboardSections: [
    {
      id: "dashboard-alerts",
      path: "/dashboard/alerts",
      file: "routes/dashboard/alerts.tsx",
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
  toasts: ["alertPublished", "alertUpdated", "alertEnded", "alertPosterAdded", "alertPosterRemoved"],
});
