import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getOwnerAnalytics } from "#app/compose/owner-analytics.server";
import { businessEvents } from "#app/features/directory/schema";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { subscriptions } from "#app/platform/plans/schema";
import * as businessRoute from "#app/routes/_public/business/$slug";
import * as analyticsRoute from "#app/routes/dashboard/analytics/index";
import * as contactRoute from "#app/routes/resources/business/$slug/contact/$channel";
import { createTestUser, sessionCookieFor } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";
import { callRoute, loadPage, run, testContext } from "#tests/factories/route-calls";
import { type RouteModule, renderRoute } from "#tests/support/render-route";

// A business page's WhatsApp, Waze, Google Maps and website links go through a redirect of ours
// that counts the click by channel for the owner's analytics, with or without scripts.

const browser = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1";

async function premiumListing(overrides: Parameters<typeof createBusiness>[0] = {}) {
  const owner = await createTestUser({ roles: ["business_owner"] });
  const business = await createBusiness({
    owner: owner.id,
    premium: true,
    phone: "2654 1234",
    whatsapp: "8888 1234",
    website: "https://example.com/surf",
    latitude: 10.4326,
    longitude: -85.7891,
    ...overrides,
  });
  await getDb().insert(subscriptions).values({ userId: owner.id, businessId: business.id, planId: "premium" });
  return { owner, business };
}

function click(
  slug: string,
  channel: string,
  options: { prefix?: string; headers?: Record<string, string>; ip?: string } = {},
) {
  const prefix = options.prefix ?? "";
  const request = new Request(`http://localhost${prefix}/business/${slug}/contact/${channel}`, {
    headers: {
      "user-agent": browser,
      "sec-fetch-site": "same-origin",
      referer: `http://localhost${prefix}/business/${slug}?src=search`,
      ...options.headers,
    },
  });
  return run(() =>
    contactRoute.loader({ request, params: { slug, channel }, context: testContext(options.ip) } as never),
  );
}

async function countsByKind(businessId: string) {
  const rows = await getDb().select().from(businessEvents).where(eq(businessEvents.businessId, businessId));
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.kind] = (counts[row.kind] ?? 0) + 1;
  return { counts, rows };
}

beforeAll(() => {
  clearRateLimitersForTests();
});

describe("the business page's contact links", () => {
  it("puts WhatsApp first, offers Waze and Google Maps, and shows the phone as +506 2654-1234 dialled in E.164", async () => {
    const { business } = await premiumListing({ name: "Flamingo Surf Shack" });
    const { html } = await renderRoute(businessRoute as RouteModule, "/business/:slug", `/business/${business.slug}`);
    const box = html.slice(html.indexOf('id="contact-title"'));
    const order = ["whatsapp", "waze", "directions", "phone"].map((channel) =>
      box.indexOf(`data-contact-channel="${channel}"`) >= 0
        ? box.indexOf(`data-contact-channel="${channel}"`)
        : box.indexOf(`data-track-kind="${channel}"`),
    );
    expect(order.every((position) => position > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(box).toContain(`href="/business/${business.slug}/contact/whatsapp"`);
    expect(box).toContain(`href="/business/${business.slug}/contact/waze"`);
    expect(box).toContain('href="tel:+50626541234"');
    expect(box).toContain("+506 2654-1234");
    const es = await renderRoute(businessRoute as RouteModule, "/es/business/:slug", `/es/business/${business.slug}`);
    expect(es.html).toContain(`href="/es/business/${business.slug}/contact/whatsapp"`);
  });

  it("a listing without coordinates offers Google Maps by name and address, and no Waze", async () => {
    const { business } = await premiumListing({ latitude: null, longitude: null });
    const { html } = await renderRoute(businessRoute as RouteModule, "/business/:slug", `/business/${business.slug}`);
    expect(html).not.toContain("/contact/waze");
    expect(html).toContain("/contact/directions");
    expect((await click(business.slug, "waze")).status).toBe(404);
    const maps = await click(business.slug, "directions");
    expect(maps.location).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=[^&]+$/);
  });
});

describe("the counting redirect", () => {
  it("sends each channel to its place and counts it by channel in the owner's analytics", async () => {
    const { owner, business } = await premiumListing({ name: "Surf + Yoga Flamingo" });
    const whatsapp = await click(business.slug, "whatsapp");
    expect(whatsapp.status).toBe(302);
    expect(whatsapp.headers.get("cache-control")).toBe("no-store");
    const target = new URL(whatsapp.location ?? "");
    expect(target.origin + target.pathname).toBe("https://wa.me/50688881234");
    expect(target.searchParams.get("text")).toBe(
      "Hello! I found Surf + Yoga Flamingo on Playa Hub and I'd like to ask you something.",
    );
    expect(whatsapp.location).toContain("Surf%20%2B%20Yoga");

    const spanish = await click(business.slug, "whatsapp", { prefix: "/es" });
    expect(new URL(spanish.location ?? "").searchParams.get("text")).toBe(
      "¡Hola! Encontré Surf + Yoga Flamingo en Playa Hub y quisiera hacerle una consulta.",
    );
    expect((await click(business.slug, "waze")).location).toBe("https://waze.com/ul?ll=10.4326,-85.7891&navigate=yes");
    expect((await click(business.slug, "directions")).location).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=10.4326%2C-85.7891",
    );
    expect((await click(business.slug, "website")).location).toBe("https://example.com/surf");

    const { counts, rows } = await countsByKind(business.id);
    expect(counts).toEqual({ whatsapp: 2, waze: 1, directions: 1, website: 1 });
    expect(rows.filter((row) => row.language === "es")).toHaveLength(1);
    expect(rows.every((row) => row.source === "search")).toBe(true);

    const analytics = await getOwnerAnalytics({
      actor: { id: owner.id, role: "business_owner", grants: [] } as never,
      businessId: business.id,
      days: 7,
    });
    const byKind = Object.fromEntries(analytics.clicks.map((row) => [row.kind, row.count]));
    expect(byKind).toMatchObject({ whatsapp: 2, waze: 1, directions: 1, website: 1, phone: 0, email: 0 });
    expect(analytics.series.find((series) => series.id === "clicks")?.total).toBe(5);

    // The owner's page names each channel, Waze and Google Maps included, in both languages.
    const cookie = await sessionCookieFor(owner.id);
    for (const [prefix, waze, maps] of [
      ["", "Waze", "Google Maps"],
      ["/es", "Waze", "Google Maps"],
    ] as const) {
      const { html } = await renderRoute(
        analyticsRoute as RouteModule,
        `${prefix}/dashboard/analytics`,
        `${prefix}/dashboard/analytics?business=${business.id}`,
        cookie,
      );
      expect(html).toContain(waze);
      expect(html).toContain(maps);
    }
  });

  it("does not count crawlers, prefetches, other sites' links or typed addresses, but still redirects", async () => {
    const { business } = await premiumListing();
    const uncounted: Record<string, string>[] = [
      { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      { "sec-purpose": "prefetch" },
      { purpose: "prefetch" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "none" },
    ];
    for (const headers of uncounted) {
      const response = await click(business.slug, "whatsapp", { headers });
      expect(response.status, JSON.stringify(headers)).toBe(302);
    }
    expect((await countsByKind(business.id)).rows).toHaveLength(0);
    // An older browser that says nothing of where the click came from is counted.
    const request = new Request(`http://localhost/business/${business.slug}/contact/waze`, {
      headers: { "user-agent": browser },
    });
    await callRoute(contactRoute, "loader", request, { slug: business.slug, channel: "waze" });
    expect((await countsByKind(business.id)).counts).toEqual({ waze: 1 });
  });

  it("is no open redirect: an unknown channel, a hidden contact or an unknown business answers 404", async () => {
    const { business } = await premiumListing({ whatsapp: null, website: null });
    for (const channel of ["whatsapp", "website", "https:%2F%2Fevil.example", "phone", "view"]) {
      expect((await click(business.slug, channel)).status, channel).toBe(404);
    }
    expect((await click("no-such-business", "directions")).status).toBe(404);
    // A free listing keeps its WhatsApp private: the redirect does not reveal it either.
    const free = await createBusiness({ premium: false, whatsapp: "8888 1234" });
    expect((await click(free.slug, "whatsapp")).status).toBe(404);
    const freeMaps = await click(free.slug, "directions");
    expect(freeMaps.status).toBe(302);
    expect((await countsByKind(business.id)).rows).toHaveLength(0);
  });
});

it("keeps the loader data free of contact details for a free listing", async () => {
  const free = await createBusiness({ premium: false, whatsapp: "8888 1234" });
  const result = await loadPage(businessRoute, `/business/${free.slug}`, null, { slug: free.slug });
  expect(JSON.stringify(result.data)).not.toContain("8888");
});
