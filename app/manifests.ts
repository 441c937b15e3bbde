// Every area's manifest (app/lib/feature-manifest.ts), in order, and the site-wide lists assembled
// from them: public pages, dashboard and admin sections, other routes, toast names, permissions,
// content kinds and moderated kinds. app/routes.ts
// builds the router from these lists at build time; the header, footer, home page, sitemaps, the
// shells' side navigation and the flash cookie read them at run time. Adding an area is its folder
// with a manifest.ts and one line below.
//
// Relative imports only: routes.ts reads this file at build time, before the app's path aliases.
// Above app/lib and the areas (tests/unit/layers.test.ts keeps them from importing it): they get the
// page list handed down through registerSitePages instead.

import { manifest as concierge } from "./compose/concierge/manifest";
import { manifest as ads } from "./features/ads/manifest";
import { manifest as alerts } from "./features/alerts/manifest";
import { manifest as beach } from "./features/beach/manifest";
import { manifest as billing } from "./features/billing/manifest";
import { manifest as bookings } from "./features/bookings/manifest";
import { manifest as classifieds } from "./features/classifieds/manifest";
import { manifest as community } from "./features/community/manifest";
import { manifest as directory } from "./features/directory/manifest";
import { manifest as events } from "./features/events/manifest";
import { manifest as groups } from "./features/groups/manifest";
import { manifest as guides } from "./features/guides/manifest";
import { manifest as messages } from "./features/messages/manifest";
import { manifest as realestate } from "./features/realestate/manifest";
import { registerPermissions } from "./lib/authorization";
import type { RouteDeclaration } from "./lib/feature-manifest";
import { registerContentKinds } from "./lib/response-cache/content-kinds";
import type { ShellSection } from "./lib/shell-sections";
import { type FooterColumn, registerSitePages, type SitePage } from "./lib/site-routes";
import { manifest as accounts } from "./platform/accounts/manifest";
import { manifest as audit } from "./platform/audit/manifest";
import { registerModeratedKinds } from "./platform/moderation/kinds";
import { manifest as moderation } from "./platform/moderation/manifest";
import { manifest as outbox } from "./platform/outbox/manifest";
import { manifest as site } from "./platform/site/manifest";

/**
 * ORDER MATTERS: each list below is the manifests' entries in this order. The home page's entry
 * points, each footer column, sitemap.xml and /sitemap show pages in list order, so a new area goes
 * where its pages should appear (the header's main links and the shells' side navigation sort by
 * their own numbers; list order only breaks their ties). tests/unit/manifests.test.ts holds the
 * order the pages had when they were one list.
 */
export const manifests = [
  site,
  directory,
  bookings,
  messages,
  community,
  beach,
  alerts,
  groups,
  events,
  classifieds,
  realestate,
  ads,
  billing,
  concierge,
  accounts,
  guides,
  moderation,
  audit,
  outbox,
] as const;

export type AreaManifest = (typeof manifests)[number];

/** Public pages: routes.ts makes each a route in both languages; header, footer, home page and sitemaps list them. */
export const sitePages: SitePage[] = manifests.flatMap((manifest) => manifest.pages);

/** /dashboard/* sections; routes.ts builds them in both languages, the dashboard shell links them. */
export const dashboardSections: ShellSection[] = manifests.flatMap((manifest) => manifest.dashboardSections);

/** /admin/* sections, each naming the permission its page needs (the authorization matrix reads them). */
export const adminSections: ShellSection[] = manifests.flatMap((manifest) => manifest.adminSections);

/** Every other route: dynamic pages, resources, APIs, redirects, the not-found page. */
export const routeDeclarations: RouteDeclaration[] = manifests.flatMap((manifest) => manifest.routes);

/** Any toast an action may leave (app/web/flash.server.ts lets only these through the cookie). */
export type ToastName = AreaManifest["toasts"][number];
export const toastNames: readonly ToastName[] = manifests.flatMap((manifest): readonly ToastName[] => manifest.toasts);

export function isToastName(value: unknown): value is ToastName {
  return typeof value === "string" && (toastNames as readonly string[]).includes(value);
}

// The floors below this file (app/lib's sitemap, the features' Markdown) read the pages from
// app/lib/site-routes.ts, every check reads the permissions from app/lib/authorization.ts, the
// response cache and the writes read the content kinds from app/lib/response-cache/content-kinds.ts,
// and the moderation forms read the moderated kinds from app/platform/moderation/kinds.ts: hand
// them down once, as this module loads.
registerSitePages(sitePages);
registerPermissions(manifests.map((manifest) => manifest.permissions));
registerContentKinds(manifests.map((manifest) => manifest.contentKinds));
registerModeratedKinds(manifests.map((manifest) => manifest.moderatedKinds));

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
