// A section of the /dashboard or /admin shell: what one entry of an area's manifest
// (`dashboardSections`, `adminSections`) says. app/routes.ts builds each shell's routes (both
// languages) from the assembled lists in app/manifests.ts, and the shell builds its side navigation
// from them. `permission` hides the link from those without it and is what the section's own guard
// checks; without one, the section is for anyone signed in. The domain still checks every object.
// Imported at build time by routes.ts (through the manifests): types and pure code only.

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

/** Sections for the side navigation, in order. */
export function navSections(sections: readonly ShellSection[]): ShellSection[] {
  return sections.filter((section) => section.nav !== false).sort((a, b) => (a.order ?? 50) - (b.order ?? 50));
}
