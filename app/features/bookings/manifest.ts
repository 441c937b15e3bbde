import { defineManifest, localizedRoute } from "../../lib/feature-manifest";
import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["manage:booking:own"],
  admin: ["manage:booking:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// Bookings: requests from the business page, the emailed links, the owner's set-up and requests.
export const manifest = defineManifest({
  permissions,
  id: "bookings",
  namespaces: ["bookings"],
  routes: [
    // Where the business page's booking form posts, and the emailed cancel and confirm links.
    localizedRoute("/business/:slug/book", "routes/_public/business/$slug/book.tsx", "business-book"),
    localizedRoute("/bookings/cancel", "routes/_public/bookings/cancel.tsx", "booking-cancel"),
    localizedRoute("/bookings/confirm-email", "routes/_public/bookings/confirm-email.tsx", "booking-confirm-email"),
  ],
  dashboardSections: [
    // The owner's booking set-up and requests (and, for anyone, the bookings they made).
    {
      id: "dashboard-bookings",
      shownFor: ["listing"],
      path: "/dashboard/bookings",
      file: "routes/dashboard/bookings/index.tsx",
      labelKey: "bookings:nav.dashboard",
      order: 25,
    },
    {
      id: "dashboard-bookings-business",
      path: "/dashboard/bookings/:businessId",
      file: "routes/dashboard/bookings/$businessId.tsx",
      labelKey: "bookings:nav.dashboard",
      nav: false,
    },
  ],
});
