import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";
import { type DeclaredNames, defineManifest, localizedRoute, singleRoute } from "../../lib/feature-manifest";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["create:event:any", "update:event:own", "rsvp:event:any"],
  admin: ["update:event:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The kinds of public content this area owns: a write that changes one bumps it, so cached pages
// showing it expire (app/lib/response-cache/content-kinds.ts).
const contentKinds = ["events"] as const;

declare module "../../lib/response-cache/content-kinds" {
  interface ContentKindRegistry extends DeclaredNames<typeof contentKinds> {}
}

// What people can report of this area's (app/platform/moderation/kinds.ts; adapters in manifest.server.ts).
const moderatedKinds = ["event"] as const;

declare module "../../platform/moderation/kinds" {
  interface ModeratedKindRegistry extends DeclaredNames<typeof moderatedKinds> {}
}

// Events: the calendar, event pages, RSVPs and the calendar feeds.
export const manifest = defineManifest({
  contentKinds,
  moderatedKinds,
  permissions,
  id: "events",
  namespaces: ["events"],
  pages: [
    // Events: the calendar. Event pages, the submit form and the feeds are routes below.
    {
      id: "events",
      path: "/events",
      file: "routes/_public/events/index.tsx",
      labelKey: "events:nav.title",
      footer: "community",
      homeFeature: { descriptionKey: "events:nav.homeDescription", icon: "calendar" },
    },
  ],
  routes: [
    singleRoute("/api/v1/businesses/:slug/events", "routes/api/v1/businesses/$slug/events.ts"),
    // Events: adding one (signed in), an event's page, and the calendar feeds.
    localizedRoute("/events/new", "routes/_public/events/new.tsx", "event-new"),
    localizedRoute("/events/:slug", "routes/_public/events/$slug.tsx", "event"),
    localizedRoute("/events/:slug/calendar.ics", "routes/resources/events/$slug/calendar.ics.ts", "event-ics"),
    localizedRoute("/events.ics", "routes/resources/events.ics.ts", "events-ics"),
    localizedRoute("/events.rss", "routes/resources/events.rss.ts", "events-rss"),
  ],
  dashboardSections: [
    // Events: the events I organise, each one's dates and attendees, and their CSV.
    {
      id: "dashboard-events",
      shownFor: ["event"],
      offer: { labelKey: "accounts:dashboard.offers.addEvent", to: "/events/new" },
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
  ],
  toasts: [
    "eventPublished",
    "eventPending",
    "eventSaved",
    "eventCancelled",
    "dateCancelled",
    "rsvpConfirmed",
    "rsvpWaitlisted",
    "rsvpCancelled",
  ],
});
