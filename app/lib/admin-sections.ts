// The one list of /admin sections, like dashboard-sections.ts: routes.ts builds /admin/* (both
// languages) from it and the admin shell its side navigation. Every admin loader and action calls
// requireAdmin itself; the shell's guard alone would protect nothing.

import type { ShellSection } from "./dashboard-sections";

export const adminSections: ShellSection[] = [
  {
    id: "admin-overview",
    path: "/admin",
    file: "routes/admin/index.tsx",
    labelKey: "accounts:admin.nav.overview",
    order: 0,
  },
  {
    id: "admin-users",
    path: "/admin/users",
    file: "routes/admin/users.tsx",
    labelKey: "accounts:admin.nav.users",
    order: 80,
  },
  {
    id: "admin-user",
    path: "/admin/users/:userId",
    file: "routes/admin/users/$userId.tsx",
    labelKey: "accounts:admin.nav.users",
    nav: false,
  },
  {
    id: "admin-beach-reporters",
    path: "/admin/beach-reporters",
    file: "routes/admin/beach-reporters.tsx",
    labelKey: "beach:admin.nav",
    order: 70,
  },
  // Content management (issue 5): the guide and public-information pages, their contacts, messages.
  {
    id: "admin-content",
    path: "/admin/content",
    file: "routes/admin/content/index.tsx",
    labelKey: "guides:admin.nav",
    order: 20,
  },
  {
    id: "admin-content-contact",
    path: "/admin/content/contacts/:contactId",
    file: "routes/admin/content/contacts/$contactId.tsx",
    labelKey: "guides:admin.nav",
    nav: false,
  },
  {
    id: "admin-content-page",
    path: "/admin/content/:slug",
    file: "routes/admin/content/$slug.tsx",
    labelKey: "guides:admin.nav",
    nav: false,
  },
  // Business directory (issue 4): all businesses (verify, unverify, edit) and claims.
  {
    id: "admin-businesses",
    path: "/admin/businesses",
    file: "routes/admin/businesses.tsx",
    labelKey: "directory:admin.nav.businesses",
    order: 10,
  },
  {
    id: "admin-claims",
    path: "/admin/claims",
    file: "routes/admin/claims.tsx",
    labelKey: "directory:admin.nav.claims",
    order: 15,
  },
  {
    id: "admin-reviews",
    path: "/admin/reviews",
    file: "routes/admin/reviews.tsx",
    labelKey: "directory:admin.nav.reviews",
    order: 16,
  },
  {
    id: "admin-audit-log",
    path: "/admin/audit-log",
    file: "routes/admin/audit-log.tsx",
    labelKey: "accounts:admin.nav.auditLog",
    order: 90,
  },
  {
    id: "admin-outbox",
    path: "/admin/outbox",
    file: "routes/admin/outbox.tsx",
    labelKey: "accounts:admin.nav.outbox",
    order: 95,
  },
];
