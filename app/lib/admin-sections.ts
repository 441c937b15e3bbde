// The one list of /admin sections, like dashboard-sections.ts: routes.ts builds /admin/* (both
// languages) from it and the admin shell its side navigation. Each entry names the permission its
// page needs; its loader and action call requirePermission with it themselves (the shell's guard
// alone would protect nothing), and the authorization matrix test reads it from here.

import type { ShellSection } from "./dashboard-sections";

export const adminSections: ShellSection[] = [
  {
    id: "admin-overview",
    path: "/admin",
    file: "routes/admin/index.tsx",
    permission: "read:admin:any",
    labelKey: "accounts:admin.nav.overview",
    order: 0,
  },
  {
    id: "admin-users",
    path: "/admin/users",
    file: "routes/admin/users.tsx",
    permission: "manage:user:any",
    labelKey: "accounts:admin.nav.users",
    order: 80,
  },
  {
    id: "admin-user",
    path: "/admin/users/:userId",
    file: "routes/admin/users/$userId.tsx",
    permission: "manage:user:any",
    labelKey: "accounts:admin.nav.users",
    nav: false,
  },
  {
    id: "admin-beach-reporters",
    path: "/admin/beach-reporters",
    file: "routes/admin/beach-reporters.tsx",
    permission: "manage:user:any",
    labelKey: "beach:admin.nav",
    order: 70,
  },
  // Content management: the guide and public-information pages, their contacts, messages.
  {
    id: "admin-content",
    path: "/admin/content",
    file: "routes/admin/content/index.tsx",
    permission: "manage:content:any",
    labelKey: "guides:admin.nav",
    order: 20,
  },
  {
    id: "admin-content-contact",
    path: "/admin/content/contacts/:contactId",
    file: "routes/admin/content/contacts/$contactId.tsx",
    permission: "manage:content:any",
    labelKey: "guides:admin.nav",
    nav: false,
  },
  {
    id: "admin-content-page",
    path: "/admin/content/:slug",
    file: "routes/admin/content/$slug.tsx",
    permission: "manage:content:any",
    labelKey: "guides:admin.nav",
    nav: false,
  },
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
  // Moderation: one queue across every moderated kind.
  {
    id: "admin-moderation",
    path: "/admin/moderation",
    file: "routes/admin/moderation.tsx",
    permission: "moderate:content:any",
    labelKey: "moderation:admin.nav",
    order: 17,
  },
  // Forum moderation: categories, pinned and locked threads, moving a thread.
  {
    id: "admin-forums",
    path: "/admin/forums",
    file: "routes/admin/forums.tsx",
    permission: "manage:forum:any",
    labelKey: "community:nav.admin",
    order: 31,
  },
  {
    id: "admin-audit-log",
    path: "/admin/audit-log",
    file: "routes/admin/audit-log.tsx",
    permission: "read:audit-log:any",
    labelKey: "accounts:admin.nav.auditLog",
    order: 90,
  },
  {
    id: "admin-outbox",
    path: "/admin/outbox",
    file: "routes/admin/outbox.tsx",
    permission: "read:outbox:any",
    labelKey: "accounts:admin.nav.outbox",
    order: 95,
  },
  // Operations: the server's figures, and inviting people from a CSV file.
  {
    id: "admin-import-users",
    path: "/admin/import-users",
    file: "routes/admin/import-users.tsx",
    permission: "manage:user:any",
    labelKey: "accounts:admin.nav.importUsers",
    order: 85,
  },
  {
    id: "admin-system",
    path: "/admin/system",
    file: "routes/admin/system.tsx",
    permission: "read:system:any",
    labelKey: "accounts:admin.nav.system",
    order: 97,
  },
  // Real estate: who holds the agent plan; an admin grants it until billing lands.
  {
    id: "admin-agents",
    path: "/admin/agents",
    file: "routes/admin/agents.tsx",
    permission: "manage:user:any",
    labelKey: "realestate:nav.adminAgents",
    order: 72,
  },
  // Billing: plans, grants, owners' requests and every subscription with its revenue.
  {
    id: "admin-subscriptions",
    path: "/admin/subscriptions",
    file: "routes/admin/subscriptions.tsx",
    permission: "manage:subscription:any",
    labelKey: "billing:nav.admin",
  },
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
  // Concierge: anonymised counts of what visitors ask and what went unanswered.
  {
    id: "admin-concierge",
    path: "/admin/concierge",
    file: "routes/admin/concierge.tsx",
    permission: "read:concierge-stats:any",
    labelKey: "concierge:admin.nav",
    order: 60,
  },
];
