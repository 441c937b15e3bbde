import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { adminSections } from "./lib/admin-sections";
import { dashboardSections, type ShellSection } from "./lib/dashboard-sections";
import { routeFileOf, sitePages } from "./lib/site-routes";

/**
 * One route for a page in both languages: English at its path, Spanish under /es/… (an optional
 * static segment, so the router matches both and the page reads its language from the URL).
 */
function localized(path: string, file: string, id: string) {
  return [route(path === "" ? "es?" : `es?/${path}`, file, { id })];
}

const pages = sitePages.flatMap((page) => localized(page.path.slice(1), routeFileOf(page), page.id));

/** A shell (layout with side navigation) at `base` and its sections, one route each for both languages. */
function localizedShell(base: string, layoutFile: string, id: string, sections: ShellSection[]) {
  const children = sections.map((section) => {
    const rest = section.path.slice(base.length).replace(/^\//, "");
    return rest === "" ? index(section.file, { id: section.id }) : route(rest, section.file, { id: section.id });
  });
  return [route(`es?/${base.slice(1)}`, layoutFile, { id }, children)];
}

/**
 * Routes for the browser tests' server only: built in when E2E_ROUTES=1 at build time, which
 * scripts/e2e-server.mjs does into its own BUILD_DIR. The production route table has none of them.
 */
function testOnlyRoutes() {
  if (process.env.E2E_ROUTES !== "1") return [];
  return [
    route("_e2e/flaky", "routes/_e2e/flaky.tsx"),
    route("_e2e/slow", "routes/_e2e/slow.ts"),
    route("_e2e/users", "routes/_e2e/users.ts"),
    route("_e2e/outbox", "routes/_e2e/outbox.ts"),
    route("_e2e/property-alerts", "routes/_e2e/property-alerts.ts"),
    route("_e2e/businesses", "routes/_e2e/businesses.ts"),
  ];
}

export default [
  ...pages,
  ...localizedShell("/dashboard", "routes/dashboard/layout.tsx", "dashboard", dashboardSections),
  ...localizedShell("/admin", "routes/admin/layout.tsx", "admin", adminSections),
  ...localized("auth/verify", "routes/auth/verify.tsx", "auth-verify"),
  ...localized("auth/forgot-password", "routes/auth/forgot-password.tsx", "auth-forgot-password"),
  ...localized("auth/reset-password", "routes/auth/reset-password.tsx", "auth-reset-password"),
  ...localized("auth/sign-out", "routes/auth/sign-out.ts", "auth-sign-out"),
  route("api/v1/me/subscription", "routes/api/v1/me/subscription.ts"),
  route("api/v1/billing/stripe-webhook", "routes/api/v1/billing/stripe-webhook.ts"),
  // Business directory: dynamic public pages, in both languages.
  ...localized("business/:slug", "routes/_public/business/$slug.tsx", "business"),
  ...localized("business/:slug/claim", "routes/_public/business/$slug/claim.tsx", "business-claim"),
  // Bookings and messages: where the business page's forms post, and the emailed cancel link.
  ...localized("business/:slug/book", "routes/_public/business/$slug/book.tsx", "business-book"),
  ...localized("business/:slug/message", "routes/_public/business/$slug/message.tsx", "business-message"),
  ...localized("bookings/cancel", "routes/_public/bookings/cancel.tsx", "booking-cancel"),
  ...localized("bookings/confirm-email", "routes/_public/bookings/confirm-email.tsx", "booking-confirm-email"),
  ...localized("category/:category", "routes/_public/category/$category.tsx", "category"),
  ...localized("location/:location", "routes/_public/location/$location.tsx", "location"),
  ...localized("areas/:area", "routes/_public/areas/$area.tsx", "area"),
  // Moderation: where every report control posts, in both languages.
  ...localized("moderation/report", "routes/moderation/report.tsx", "moderation-report"),
  route("api/v1/businesses/:slug/events", "routes/api/v1/businesses/$slug/events.ts"),
  // Forums: categories, discussions, starting one (signed in), and the emails' unsubscribe link.
  ...localized("forums/new", "routes/community/forums/new.tsx", "forum-new"),
  ...localized("forums/category/:slug", "routes/community/forums/category/$slug.tsx", "forum-category"),
  ...localized("forums/post/:id", "routes/community/forums/post/$id.tsx", "forum-post"),
  ...localized("forums/unsubscribe", "routes/community/forums/unsubscribe.tsx", "forum-unsubscribe"),
  // Classifieds: posting (signed in), the emailed renewal link, an ad, and the mail relay's inbound webhook.
  ...localized("classifieds/new", "routes/_public/classifieds/new.tsx", "classified-new"),
  ...localized("classifieds/renew", "routes/_public/classifieds/renew.tsx", "classified-renew"),
  ...localized("classifieds/:slug", "routes/_public/classifieds/$slug.tsx", "classified"),
  route("api/v1/inbound-mail", "routes/api/v1/inbound-mail.ts"),
  // Events: adding one (signed in), an event's page, and the calendar feeds.
  ...localized("events/new", "routes/_public/events/new.tsx", "event-new"),
  ...localized("events/:slug", "routes/_public/events/$slug.tsx", "event"),
  ...localized("events/:slug/calendar.ics", "routes/resources/events/$slug/calendar.ics.ts", "event-ics"),
  ...localized("events.ics", "routes/resources/events.ics.ts", "events-ics"),
  ...localized("events.rss", "routes/resources/events.rss.ts", "events-rss"),
  // Real estate: the agent upgrade, listing a property, the alerts'
  // unsubscribe link, and a property's page (static paths rank above the slug).
  ...localized("real-estate/upgrade", "routes/_public/real-estate/upgrade.tsx", "real-estate-upgrade"),
  ...localized("real-estate/new", "routes/_public/real-estate/new.tsx", "real-estate-new"),
  ...localized("real-estate/unsubscribe", "routes/_public/real-estate/unsubscribe.tsx", "real-estate-unsubscribe"),
  ...localized("real-estate/:slug", "routes/_public/real-estate/$slug.tsx", "real-estate-property"),
  // Old addresses (/basic/…, /forums, /forums/create) redirect, permanent, in both languages.
  ...localized("basic/:slug", "routes/resources/basic/$slug.ts", "redirect-basic"),
  ...localized("forums", "routes/resources/forums.ts", "redirect-forums"),
  ...localized("forums/create", "routes/resources/forums/create.ts", "redirect-forums-create"),
  route("robots.txt", "routes/resources/robots.txt.ts"),
  route("sitemap.xml", "routes/resources/sitemap.xml.ts"),
  route("manifest.webmanifest", "routes/resources/manifest.webmanifest.ts"),
  route("uploads/*", "routes/resources/uploads/$.ts"),
  route("api/v1/beach-report", "routes/api/v1/beach-report.ts"),
  // Concierge: the JSON API for other clients.
  route("api/v1/concierge", "routes/api/v1/concierge.ts"),
  // Advertising: a house ad's counted link, and the browser's report of a failed ad script.
  ...localized("ads/:id/click", "routes/resources/ads/$id/click.ts", "ad-click"),
  route("api/v1/ads/error", "routes/api/v1/ads/error.ts"),
  ...testOnlyRoutes(),
  ...localized("*", "routes/_public/$.tsx", "not-found"),
] satisfies RouteConfig;
