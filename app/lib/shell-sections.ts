// A section of the /dashboard or /admin shell: what one entry of an area's manifest
// (`dashboardSections`, `adminSections`) says. app/routes.ts builds each shell's routes (both
// languages) from the assembled lists in app/manifests.ts, and the shell builds its side navigation
// from them. `permission` hides the link from those without it and is what the section's own guard
// checks; without one, the section is for anyone signed in. The domain still checks every object.
// Imported at build time by routes.ts (through the manifests): types and pure code only.

import type { Permission } from "./authorization";

/** What a person has that a dashboard section is about (read on the server, per person). */
export type Holding = "listing" | "claim" | "event" | "ad" | "property" | "agent";

/** A way to start what a person does not have yet ("List your business"), offered once. */
export interface SectionOffer {
  /** i18n key of the link text, with its namespace. */
  labelKey: string;
  /** English path of the page that starts one. */
  to: string;
}

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
  /**
   * Dashboard: the link is listed only for a person who has one of these (an empty section helps
   * nobody); none: for everyone signed in. Hiding only: the page itself still opens.
   */
  shownFor?: readonly Holding[];
  /** Dashboard: offered instead of the link to a person who has none of `shownFor`. */
  offer?: SectionOffer;
}

/** Sections for the side navigation, in order. */
export function navSections(sections: readonly ShellSection[]): ShellSection[] {
  return sections.filter((section) => section.nav !== false).sort((a, b) => (a.order ?? 50) - (b.order ?? 50));
}

/**
 * The dashboard's side navigation for a person: the sections about what they have, and once each
 * the ways to start what they do not. A business owner's dashboard is the whole toolset, as it has
 * always been (events, ads and a property page promote the business): with a listing, every
 * section is listed and nothing is offered.
 */
export function dashboardNav(
  sections: readonly ShellSection[],
  holdings: ReadonlySet<Holding>,
): { sections: ShellSection[]; offers: SectionOffer[] } {
  const nav = navSections(sections);
  if (holdings.has("listing")) return { sections: nav, offers: [] };
  const held = (section: ShellSection) =>
    !section.shownFor || section.shownFor.some((holding) => holdings.has(holding));
  const offers: SectionOffer[] = [];
  for (const section of nav) {
    if (held(section) || !section.offer) continue;
    if (!offers.some((offer) => offer.to === section.offer?.to)) offers.push(section.offer);
  }
  return { sections: nav.filter(held), offers };
}
