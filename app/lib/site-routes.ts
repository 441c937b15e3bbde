// The one list of public pages. routes.ts builds the router from it, and the header, the footer,
// the home page's entry points, sitemap.xml and the human sitemap all read it, so a link can only
// exist for a page that exists, and a new page shows up everywhere by being added here.
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

export const sitePages: SitePage[] = [
  { id: "home", path: "/", file: "routes/_public/index.tsx", labelKey: "nav.home", footer: "about" },
  {
    id: "offline",
    path: "/offline",
    labelKey: "nav.offline",
    sitemap: false,
  },
  // Business directory. /business, /category, /location and /areas/:area are dynamic
  // (routes.ts); the three featured area pages are static here so the footer can list them.
  {
    id: "directory",
    path: "/directory",
    labelKey: "directory:nav.title",
    mainNav: 1,
    footer: "services",
    homeFeature: { descriptionKey: "directory:nav.homeDescription", icon: "store" },
  },
  {
    id: "list-business",
    path: "/list-business",
    labelKey: "directory:nav.listBusiness",
    footer: "services",
  },
  {
    id: "area-playa-flamingo",
    path: "/areas/playa-flamingo",
    file: "routes/_public/areas/$area.tsx",
    labelKey: "directory:nav.areas.playa-flamingo",
    footer: "areas",
  },
  {
    id: "area-surfside",
    path: "/areas/surfside",
    file: "routes/_public/areas/$area.tsx",
    labelKey: "directory:nav.areas.surfside",
    footer: "areas",
  },
  {
    id: "area-brasilito",
    path: "/areas/brasilito",
    file: "routes/_public/areas/$area.tsx",
    labelKey: "directory:nav.areas.brasilito",
    footer: "areas",
  },
  // Community: the forums' front page. The forum pages themselves are dynamic (routes.ts).
  {
    id: "community",
    path: "/community",
    file: "routes/community/community.tsx",
    labelKey: "community:nav.title",
    mainNav: 2,
    footer: "community",
    homeFeature: { descriptionKey: "community:nav.homeDescription", icon: "users" },
  },
  // Beach report: tides, sun and moon, and local condition reports.
  {
    id: "beach-report",
    path: "/beach-report",
    labelKey: "beach:nav.title",
    mainNav: 3,
    footer: "services",
    homeFeature: { descriptionKey: "beach:nav.homeDescription", icon: "waves" },
  },
  // Local groups: links to the neighbourhood's chat groups.
  {
    id: "groups",
    path: "/groups",
    labelKey: "groups:nav.title",
    footer: "community",
  },
  // Events: the calendar. Event pages, the submit form and the feeds are in routes.ts.
  {
    id: "events",
    path: "/events",
    file: "routes/_public/events/index.tsx",
    labelKey: "events:nav.title",
    footer: "community",
    homeFeature: { descriptionKey: "events:nav.homeDescription", icon: "calendar" },
  },
  // Classifieds: ads with a mail relay; the ad pages are dynamic (routes.ts).
  {
    id: "classifieds",
    path: "/classifieds",
    labelKey: "classifieds:nav.title",
    footer: "community",
    homeFeature: { descriptionKey: "classifieds:nav.homeDescription", icon: "shopping-bag" },
  },
  // Real estate: properties for sale and rent. Property pages, listing one, the agent
  // upgrade and the alerts' unsubscribe link are dynamic (routes.ts).
  {
    id: "real-estate",
    path: "/real-estate",
    labelKey: "realestate:nav.title",
    footer: "services",
    homeFeature: { descriptionKey: "realestate:nav.homeDescription", icon: "house" },
  },
  // Concierge: questions answered from the site's own data.
  {
    id: "chat",
    path: "/chat",
    labelKey: "concierge:nav.title",
    mainNav: 5,
    footer: "services",
  },
  // Sign in and sign up; a utility page, not in the sitemap.
  { id: "auth", path: "/auth", file: "routes/auth/index.tsx", labelKey: "nav.signIn", sitemap: false },
  // Guides and public information.
  {
    id: "pura-vida",
    path: "/pura-vida",
    labelKey: "guides:nav.puraVida",
    mainNav: 4,
    footer: "community",
    homeFeature: { descriptionKey: "guides:home.puraVida", icon: "sun" },
  },
  {
    id: "guide",
    path: "/guide",
    labelKey: "guides:nav.guide",
    footer: "community",
    homeFeature: { descriptionKey: "guides:home.guide", icon: "book-open" },
  },
  {
    id: "emergency",
    path: "/emergency",
    labelKey: "guides:nav.emergency",
    footer: "resources",
    homeFeature: { descriptionKey: "guides:home.emergency", icon: "siren" },
  },
  {
    id: "government",
    path: "/government",
    labelKey: "guides:nav.government",
    footer: "resources",
  },
  {
    id: "transportation",
    path: "/transportation",
    labelKey: "guides:nav.transportation",
    footer: "resources",
  },
  {
    id: "healthcare",
    path: "/healthcare",
    labelKey: "guides:nav.healthcare",
    footer: "resources",
  },
  { id: "about", path: "/about", labelKey: "guides:nav.about", footer: "about" },
  {
    id: "guidelines",
    path: "/guidelines",
    labelKey: "guides:nav.guidelines",
    footer: "about",
  },
  {
    id: "privacy",
    path: "/privacy",
    labelKey: "guides:nav.privacy",
    footer: "about",
  },
  {
    id: "contact",
    path: "/contact",
    labelKey: "guides:nav.contact",
    footer: "about",
  },
  {
    id: "sitemap",
    path: "/sitemap",
    labelKey: "guides:nav.sitemap",
    footer: "about",
  },
];

/** The route module of a page (routes.ts builds the router from it). */
export function routeFileOf(page: SitePage): string {
  return page.file ?? `routes/_public${page.path}.tsx`;
}

export function pagesInFooter(column: FooterColumn): SitePage[] {
  return sitePages.filter((page) => page.footer === column);
}

export function mainNavPages(): SitePage[] {
  return sitePages.filter((page) => page.mainNav !== undefined).sort((a, b) => (a.mainNav ?? 0) - (b.mainNav ?? 0));
}

export function sitemapPages(): SitePage[] {
  return sitePages.filter((page) => page.sitemap !== false);
}

export function hasPage(id: string): boolean {
  return sitePages.some((page) => page.id === id);
}
