import { defineManifest, localizedRoute } from "../../lib/feature-manifest";

// Local alerts: subscribing to them (Web Push or email), confirming, unsubscribing, and the
// subscriber's own list in the dashboard.
export const manifest = defineManifest({
  id: "alerts",
  namespaces: ["alerts"],
  routes: [
    // Alerts: the subscribe form's page and actions, the email's confirmation link and the
    // one-click unsubscribe link.
    localizedRoute("/alerts/subscribe", "routes/_public/alerts/subscribe.tsx", "alerts-subscribe"),
    localizedRoute("/alerts/confirm", "routes/_public/alerts/confirm.tsx", "alerts-confirm"),
    localizedRoute("/alerts/unsubscribe", "routes/_public/alerts/unsubscribe.tsx", "alerts-unsubscribe"),
  ],
  dashboardSections: [
    // Alerts: the subscriptions a signed-in person made, to see and remove.
    {
      id: "dashboard-alerts",
      path: "/dashboard/alerts",
      file: "routes/dashboard/alerts.tsx",
      labelKey: "alerts:subscriptions.nav.dashboard",
      order: 45,
    },
  ],
  toasts: ["alertSubscriptionRemoved"],
});
