// The one list of /dashboard sections. routes.ts builds /dashboard/* and /es/dashboard/* from it,
// and the dashboard shell builds its side navigation from it: a feature adds its section by adding
// one entry here (and its route module). Imported by routes.ts at build time: no app imports.
// `permission` hides the link from those without it and is what the section's own guard checks;
// without one, the section is for anyone signed in. The domain still checks every object.

import type { Permission } from "./authorization";

export interface ShellSection {
  /** Route id (one route serves both languages). */
  id: string;
  /** English path, under the shell's base ("/dashboard" or "/admin"); may hold :params. */
  path: string;
  /** Route module, relative to app/. */
  file: string;
  /** i18n key of the link text (with its namespace, e.g. "accounts:dashboard.nav.overview"). */
  labelKey: string;
  /** The permission the page needs (its guard: requirePermission); none: anyone signed in. */
  permission?: Permission;
  /** false: a page without a link of its own (detail pages such as /admin/users/:id). Default true. */
  nav?: boolean;
  /** Order in the side navigation (lower first). */
  order?: number;
}

export const dashboardSections: ShellSection[] = [
  {
    id: "dashboard-overview",
    path: "/dashboard",
    file: "routes/dashboard/index.tsx",
    labelKey: "accounts:dashboard.nav.overview",
    order: 0,
  },
  // Business directory: the owner's listings, their hours and photos, and claim status.
  {
    id: "dashboard-business",
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
    path: "/dashboard/hours",
    file: "routes/dashboard/hours.tsx",
    labelKey: "directory:dashboard.nav.hours",
    order: 11,
  },
  {
    id: "dashboard-claims",
    path: "/dashboard/claims",
    file: "routes/dashboard/claims.tsx",
    labelKey: "directory:dashboard.nav.claims",
    order: 12,
  },
  // Business dashboard: the menu, analytics and landing page of one's own businesses.
  {
    id: "dashboard-menu",
    path: "/dashboard/menu",
    file: "routes/dashboard/menu/index.tsx",
    labelKey: "owner:nav.menu",
    order: 20,
  },
  {
    id: "dashboard-analytics",
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
    path: "/dashboard/landing-page",
    file: "routes/dashboard/landing-page/index.tsx",
    labelKey: "owner:nav.landingPage",
    order: 50,
  },
  // Bookings and messages: the owner's booking set-up and requests (and, for anyone, the
  // bookings they made), and the inbox of the messages visitors send from the business page.
  {
    id: "dashboard-bookings",
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
  {
    id: "dashboard-messages",
    path: "/dashboard/messages",
    file: "routes/dashboard/messages/index.tsx",
    labelKey: "messages:nav.dashboard",
    order: 27,
  },
  {
    id: "dashboard-message",
    path: "/dashboard/messages/:threadId",
    file: "routes/dashboard/messages/$threadId.tsx",
    labelKey: "messages:nav.dashboard",
    nav: false,
  },
  // Forums: my discussions, my replies, what I follow.
  {
    id: "dashboard-forums",
    path: "/dashboard/forums",
    file: "routes/dashboard/forums.tsx",
    labelKey: "community:nav.dashboard",
    order: 30,
  },
  // Classifieds: my ads, to renew, mark sold or delete.
  {
    id: "dashboard-classifieds",
    path: "/dashboard/classifieds",
    file: "routes/dashboard/classifieds.tsx",
    labelKey: "classifieds:nav.dashboard",
    order: 40,
  },
  // Events: the events I organise, each one's dates and attendees, and their CSV.
  {
    id: "dashboard-events",
    path: "/dashboard/events",
    file: "routes/dashboard/events/index.tsx",
    labelKey: "events:dashboard.nav",
    order: 35,
  },
  {
    id: "dashboard-event",
    path: "/dashboard/events/:eventId",
    file: "routes/dashboard/events/$eventId.tsx",
    labelKey: "events:dashboard.nav",
    nav: false,
  },
  {
    id: "dashboard-event-attendees",
    path: "/dashboard/events/:eventId/attendees.csv",
    file: "routes/dashboard/events/$eventId/attendees.csv.ts",
    labelKey: "events:dashboard.nav",
    nav: false,
  },
  // Real estate: my properties and saved searches (anyone signed in); the leads
  // dashboard comes with the agent plan (a grant), its CSV export with it.
  {
    id: "dashboard-properties",
    path: "/dashboard/properties",
    file: "routes/dashboard/properties.tsx",
    labelKey: "realestate:nav.dashboardProperties",
    order: 40,
  },
  {
    id: "dashboard-leads",
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
  // Billing: what the listing's plan includes, the plan itself, invoices and receipts.
  // Advertising: a listing's own ads, when its plan includes them.
  {
    id: "dashboard-ads",
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
  {
    id: "dashboard-features",
    path: "/dashboard/features",
    file: "routes/dashboard/features.tsx",
    labelKey: "billing:nav.features",
    order: 15,
  },
  {
    id: "dashboard-subscription",
    path: "/dashboard/subscription",
    file: "routes/dashboard/subscription.tsx",
    labelKey: "billing:nav.subscription",
    order: 42,
  },
  {
    id: "dashboard-billing",
    path: "/dashboard/billing",
    file: "routes/dashboard/billing.tsx",
    labelKey: "billing:nav.billing",
    order: 44,
  },
  // Writing tools (docs/concierge.md): drafts of a listing's texts through the site's model.
  {
    id: "dashboard-ai-tools",
    path: "/dashboard/ai-tools",
    file: "routes/dashboard/ai-tools.tsx",
    labelKey: "concierge:aiTools.nav",
    permission: "read:owner-tools:any",
    order: 60,
  },
  {
    id: "dashboard-settings",
    path: "/dashboard/settings",
    file: "routes/dashboard/settings.tsx",
    labelKey: "accounts:dashboard.nav.settings",
    order: 100,
  },
];

/** Sections for the side navigation, in order. */
export function navSections(sections: ShellSection[]): ShellSection[] {
  return sections.filter((section) => section.nav !== false).sort((a, b) => (a.order ?? 50) - (b.order ?? 50));
}
