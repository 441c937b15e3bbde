import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import * as beachReportRoute from "#app/routes/_public/beach-report";
import * as businessRoute from "#app/routes/_public/business/$slug";
import * as adRoute from "#app/routes/_public/classifieds/$slug";
import * as eventRoute from "#app/routes/_public/events/$slug";
import * as propertyRoute from "#app/routes/_public/real-estate/$slug";
import * as analyticsRoute from "#app/routes/dashboard/analytics/index";
import * as ownerBookingsRoute from "#app/routes/dashboard/bookings/$businessId";
import * as leadsRoute from "#app/routes/dashboard/leads/index";
import * as inboxRoute from "#app/routes/dashboard/messages/index";
import * as myPropertiesRoute from "#app/routes/dashboard/properties";
import {
  demoAgentId,
  demoOwnerBusinessSlug,
  demoOwnerId,
  demoOwnerListing,
  seedAccounts,
  seedDemoOwnership,
} from "#root/db/seed/accounts";
import { seedBeach } from "#root/db/seed/beach";
import { demoBookings, seedDemoBookings } from "#root/db/seed/bookings";
import { demoAds, seedClassifieds, seedDemoAdDrawings } from "#root/db/seed/classifieds";
import { seedDemoListingActivity } from "#root/db/seed/demo-listing-activity";
import { seedDirectory } from "#root/db/seed/directory";
import { demoEvents, seedDemoEventDrawings, seedEvents } from "#root/db/seed/events";
import { demoThreads, seedDemoMessages } from "#root/db/seed/messages";
import { demoLeads, demoProperties, seedDemoPropertyDrawings, seedRealEstate } from "#root/db/seed/realestate";
import { sessionCookieFor } from "#tests/factories/accounts";
import { getRequest, run, testContext } from "#tests/factories/route-calls";

// What a newcomer trying the demo meets (README "Demo accounts"): the demo owner's premium listing
// with bookings, messages, weeks of analytics and an answered review; the demo agent's properties
// and leads; pictures on the demo ads, events and properties; dated reports on the beach report.
// Each is read through the loader of the page that shows it, as the person signed in would.

const scratch = mkdtempSync(path.join(tmpdir(), "playa-demo-journeys-"));
process.env.DATA_DIR = path.join(scratch, "data");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// biome-ignore lint/suspicious/noExplicitAny: a route module's loader, called as React Router does
const load = (module: { loader: (args: any) => unknown }, url: string, cookie?: string, params = {}) =>
  run(() => module.loader({ request: getRequest(url, cookie), params, context: testContext() }));

let ownerCookie: string;
let agentCookie: string;
let listingId: string;

beforeAll(async () => {
  const db = getDb();
  // The seed steps that build on each other, in their order, as `SEED_DEMO_USERS=1` runs them.
  await seedAccounts(db, { demoUsers: true });
  await seedDirectory(db);
  await seedDemoOwnership(db, { demoUsers: true });
  await seedDemoListingActivity(db);
  await seedDemoBookings(db);
  await seedDemoMessages(db);
  await seedBeach(db, { demoUsers: true });
  await seedClassifieds(db);
  await seedDemoAdDrawings(db);
  await seedEvents(db);
  await seedDemoEventDrawings(db);
  await seedRealEstate(db);
  await seedDemoPropertyDrawings(db);
  const listing = await demoOwnerListing(db);
  if (!listing) throw new Error("the demo owner holds no listing");
  listingId = listing.id;
  ownerCookie = await sessionCookieFor(demoOwnerId);
  agentCookie = await sessionCookieFor(demoAgentId);
}, 180_000);

describe("the demo owner's listing", () => {
  it("is premium and takes bookings and messages on its public page", async () => {
    for (const prefix of ["", "/es"]) {
      const page = await load(businessRoute, `${prefix}/business/${demoOwnerBusinessSlug}`, undefined, {
        slug: demoOwnerBusinessSlug,
      });
      expect(page.status).toBe(200);
      expect(page.data.engagement.booking?.services.map((service: { name: string }) => service.name)).toEqual(
        prefix ? ["Mesa para cenar", "Omakase en la barra"] : ["Dinner table", "Omakase at the bar"],
      );
      expect(page.data.engagement.contact).toBe(true);
      // The owner has answered a review.
      expect(page.data.reviews.some((review: { ownerReply: string | null }) => review.ownerReply)).toBe(true);
    }
  });

  it("shows its owner bookings to decide, before and after the day the seed ran", async () => {
    const page = await load(ownerBookingsRoute, `/dashboard/bookings/${listingId}`, ownerCookie, {
      businessId: listingId,
    });
    expect(page.status).toBe(200);
    const rows: { startsAt: string; status: string; name: string }[] = page.data.bookings;
    expect(rows.map((row) => row.name).sort()).toEqual(demoBookings.map((booking) => booking.name).sort());
    expect(rows.some((row) => row.status === "pending")).toBe(true);
    expect(rows.some((row) => Date.parse(row.startsAt) < Date.now())).toBe(true);
    expect(rows.some((row) => Date.parse(row.startsAt) > Date.now())).toBe(true);
  });

  it("has messages in its owner's inbox, answered and waiting", async () => {
    const page = await load(inboxRoute, "/dashboard/messages", ownerCookie);
    expect(page.status).toBe(200);
    const threads: { visitorName: string; unread: number }[] = page.data.threads;
    expect(threads.map((thread) => thread.visitorName).sort()).toEqual(demoThreads.map((thread) => thread.name).sort());
    expect(threads.filter((thread) => thread.unread > 0)).toHaveLength(2);
  });

  it("has analytics over several weeks, with the bookings and messages beside the views", async () => {
    const page = await load(analyticsRoute, `/dashboard/analytics?business=${listingId}&days=90`, ownerCookie);
    expect(page.status).toBe(200);
    const { analytics } = page.data;
    expect(analytics.gated).toBe(false);
    const views: number[] = analytics.series.find((series: { id: string }) => series.id === "views").counts;
    const daysWithViews = views.filter((count) => count > 0).length;
    // Eight weeks of visits, every day of them.
    expect(daysWithViews).toBeGreaterThanOrEqual(7 * 7);
    const weeks = new Set(
      analytics.days
        .filter((_: string, index: number) => views[index] > 0)
        .map((day: string) => Math.floor(Date.parse(day) / (7 * 86_400_000))),
    );
    expect(weeks.size).toBeGreaterThanOrEqual(7);
    expect(analytics.sources.filter((source: { count: number }) => source.count > 0).length).toBeGreaterThan(2);
    expect(analytics.clicks.some((click: { count: number }) => click.count > 0)).toBe(true);
    const total = (id: string) => analytics.series.find((series: { id: string }) => series.id === id).total;
    expect(total("bookings")).toBeGreaterThan(0);
    expect(total("messages")).toBeGreaterThan(0);
  });
});

describe("contact the way people here do", () => {
  it("a demo business, ad and event each offer WhatsApp, and the owner's analytics count Waze clicks", async () => {
    const listing = await load(businessRoute, `/business/${demoOwnerBusinessSlug}`, undefined, {
      slug: demoOwnerBusinessSlug,
    });
    expect(listing.data.business.contact?.whatsapp).toMatch(/\d{4}/);
    const adsWithWhatsapp = [];
    for (const ad of demoAds) {
      const page = await load(adRoute, `/classifieds/${ad.slug}`, undefined, { slug: ad.slug });
      if (page.data.ad.whatsapp) adsWithWhatsapp.push(ad.slug);
    }
    expect(adsWithWhatsapp.length).toBeGreaterThan(0);
    const eventsWithWhatsapp = [];
    for (const event of demoEvents) {
      const page = await load(eventRoute, `/events/${event.slug}`, undefined, { slug: event.slug });
      if (page.data.event.organizerWhatsapp) eventsWithWhatsapp.push(event.slug);
    }
    expect(eventsWithWhatsapp.length).toBeGreaterThan(0);
    const analytics = await load(analyticsRoute, `/dashboard/analytics?business=${listingId}&days=30`, ownerCookie);
    const clicks = Object.fromEntries(
      analytics.data.analytics.clicks.map((row: { kind: string; count: number }) => [row.kind, row.count]),
    );
    expect(clicks.waze).toBeGreaterThan(0);
    expect(clicks.whatsapp).toBeGreaterThan(0);
  });
});

describe("the demo agent", () => {
  it("holds the agent plan, properties and leads", async () => {
    const mine = await load(myPropertiesRoute, "/dashboard/properties", agentCookie);
    expect(mine.status).toBe(200);
    const owned: { slug: string; agentListing: boolean }[] = mine.data.properties;
    expect(owned.length).toBeGreaterThan(0);
    expect(owned.every((property) => property.agentListing)).toBe(true);

    const leads = await load(leadsRoute, "/dashboard/leads", agentCookie);
    expect(leads.status).toBe(200);
    expect(leads.data.leads.map((lead: { name: string }) => lead.name).sort()).toEqual(
      demoLeads.map((lead) => lead.name).sort(),
    );
    expect(leads.data.leads.some((lead: { status: string }) => lead.status === "new")).toBe(true);
  });
});

describe("pictures on the demo content", () => {
  it("every demo ad, event and property shows a picture on its page", async () => {
    for (const ad of demoAds) {
      const page = await load(adRoute, `/classifieds/${ad.slug}`, undefined, { slug: ad.slug });
      expect(page.data.ad.photos.length, ad.slug).toBeGreaterThan(0);
    }
    for (const event of demoEvents) {
      const page = await load(eventRoute, `/events/${event.slug}`, undefined, { slug: event.slug });
      expect(page.data.event.photoUrl, event.slug).toMatch(/^\/uploads\/events\/[0-9a-f]+-\d+\.webp$/);
    }
    for (const property of demoProperties) {
      const page = await load(propertyRoute, `/real-estate/${property.slug}`, undefined, { slug: property.slug });
      expect(page.data.property.images.length, property.slug).toBeGreaterThan(0);
    }
  });
});

describe("the beach report", () => {
  it("shows this morning's demo report as current and older ones below it, in both languages", async () => {
    for (const prefix of ["", "/es"]) {
      const page = await load(beachReportRoute, `${prefix}/beach-report`);
      expect(page.status).toBe(200);
      const { conditions } = page.data;
      expect(conditions.current).not.toBeNull();
      expect(conditions.current.isOld).toBe(false);
      expect(conditions.earlier.length).toBeGreaterThan(0);
      expect(conditions.earlier.every((report: { isOld: boolean }) => report.isOld)).toBe(true);
    }
  });
});
