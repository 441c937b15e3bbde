// A public page: what one entry of an area's manifest (`pages`) says. app/manifests.ts assembles
// every area's pages into the one list that routes.ts builds the router from and that the header,
// the footer, the home page's entry points, sitemap.xml and the human sitemap all read, so a link
// can only exist for a page that exists, and a new page shows up everywhere by being declared.
// Imported at build time by routes.ts: keep it free of app imports and of server code.

export type FooterColumn = "community" | "services" | "resources" | "areas" | "about";
export const footerColumns: FooterColumn[] = ["community", "services", "resources", "areas", "about"];

export interface SitePage {
  /** Route id (one route serves both languages). */
  id: string;
  /** English path; "/" for home. The Spanish path is "/es" + path. */
  path: string;
  /**
   * Route module, relative to app/, when it is not routes/_public{path}.tsx (routeFileOf). Most pages
   * follow that rule, so the header's and footer's copy of this list in the browser stays short.
   */
  file?: string;
  /** i18n key (namespace "common") of the link text. */
  labelKey: string;
  /** Position among the header's main links (directory, community, beach report, Pura Vida, chat). */
  mainNav?: number;
  footer?: FooterColumn;
  /** Shown on the home page as an entry point, with this description key. */
  homeFeature?: { descriptionKey: string; icon: string };
  /** Listed in sitemap.xml and /sitemap; false for utility pages. Default true. */
  sitemap?: boolean;
}

/** The route module of a page (routes.ts builds the router from it). */
export function routeFileOf(page: SitePage): string {
  return page.file ?? `routes/_public${page.path}.tsx`;
}

/**
 * The assembled list of public pages, for the floors that cannot import app/manifests.ts: app/lib
 * (sitemap.server.ts) and the features (community's and the guides' Markdown keep a link only to a
 * page that exists). They sit below every area, so they cannot read the areas' manifests; the list
 * of manifests hands the assembled list down when it loads (registerSitePages), as the moderated
 * kinds are handed to moderation. app/entry.server.tsx and the integration tests' setup
 * (tests/setup/areas.ts) load it for that. Everything above app/lib imports the list from
 * app/manifests.ts instead.
 */
const handedDown: SitePage[] = [];

/** Fills the list (app/manifests.ts does, once, when it loads). */
export function registerSitePages(pages: readonly SitePage[]) {
  handedDown.splice(0, handedDown.length, ...pages);
}

/**
 * The handed-down list, refusing loudly when nothing filled it (a process that forgot to load
 * app/manifests.ts). The only way to read it, so nobody reads it empty by mistake.
 */
export function registeredSitePages(): SitePage[] {
  if (handedDown.length === 0) throw new Error("No site pages are registered: import #app/manifests first");
  return handedDown;
}
