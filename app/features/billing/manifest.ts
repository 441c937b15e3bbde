import { defineManifest, singleRoute } from "../../lib/feature-manifest";
import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["read:subscription:own"],
  admin: ["manage:subscription:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// Billing: plans, subscriptions, invoices, ONVO Pay, Stripe and SINPE Móvil (docs/billing.md).
export const manifest = defineManifest({
  permissions,
  id: "billing",
  namespaces: ["billing"],
  routes: [
    singleRoute("/api/v1/me/subscription", "routes/api/v1/me/subscription.ts"),
    singleRoute("/api/v1/billing/stripe-webhook", "routes/api/v1/billing/stripe-webhook.ts"),
    singleRoute("/api/v1/billing/onvo-webhook", "routes/api/v1/billing/onvo-webhook.ts"),
    singleRoute("/billing/sinpe-receipt/:transferId", "routes/resources/billing/sinpe-receipt/$transferId.ts"),
  ],
  dashboardSections: [
    // Billing: what the listing's plan includes, the plan itself, invoices and receipts.
    {
      id: "dashboard-features",
      shownFor: ["listing"],
      path: "/dashboard/features",
      file: "routes/dashboard/features.tsx",
      labelKey: "billing:nav.features",
      order: 15,
    },
    {
      id: "dashboard-subscription",
      shownFor: ["listing", "agent"],
      path: "/dashboard/subscription",
      file: "routes/dashboard/subscription.tsx",
      labelKey: "billing:nav.subscription",
      order: 42,
    },
    {
      id: "dashboard-billing",
      shownFor: ["listing", "agent"],
      path: "/dashboard/billing",
      file: "routes/dashboard/billing.tsx",
      labelKey: "billing:nav.billing",
      order: 44,
    },
  ],
  adminSections: [
    // Billing: plans, grants, owners' requests and every subscription with its revenue.
    {
      id: "admin-subscriptions",
      path: "/admin/subscriptions",
      file: "routes/admin/subscriptions.tsx",
      permission: "manage:subscription:any",
      labelKey: "billing:nav.admin",
    },
  ],
  toasts: [
    "planGranted",
    "planEnded",
    "planSaved",
    "planRequested",
    "planRequestClosed",
    "sinpeStarted",
    "sinpeSubmitted",
    "sinpeConfirmed",
    "sinpeRejected",
  ],
});
