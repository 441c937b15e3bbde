import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getOwnerAnalytics } from "#app/compose/owner-analytics.server";
import { flushBusinessEvents } from "#app/features/directory/business.server";
import { businessEvents, businessSlugRedirects, menuItems } from "#app/features/directory/schema";
import { classifyVisitSource, VisitGate } from "#app/features/directory/visits";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { contentVersions } from "#app/lib/response-cache/schema";
import { subscriptions } from "#app/platform/plans/schema";
import * as businessRoute from "#app/routes/_public/business/$slug";
import * as analyticsCsvRoute from "#app/routes/dashboard/analytics/export.csv";
import * as analyticsRoute from "#app/routes/dashboard/analytics/index";
import * as overviewRoute from "#app/routes/dashboard/index";
import * as landingRoute from "#app/routes/dashboard/landing-page/index";
import * as menuRoute from "#app/routes/dashboard/menu/index";
import { createTestUser, sessionCookieFor } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";
import { callRoute, getRequest, loadPage, postForm, postRequest, run, testContext } from "#tests/factories/route-calls";

// The business dashboard's menu, analytics, landing page and overview
// (docs/owner-dashboard.md), through their routes, as the owner and as someone else.

async function ownerWithListing(options: { premium: boolean; name?: string; category?: "restaurant" | "retail" }) {
  const owner = await createTestUser({ roles: ["business_owner"] });
  const business = await createBusiness({
    owner: owner.id,
    name: options.name,
    category: options.category ?? "restaurant",
    premium: options.premium,
  });
  if (options.premium)
    await getDb().insert(subscriptions).values({ userId: owner.id, businessId: business.id, planId: "premium" });
  return { owner, business, cookie: await sessionCookieFor(owner.id) };
}

async function businessesVersion() {
  const [row] = await getDb().select().from(contentVersions).where(eq(contentVersions.kind, "businesses"));
  return row?.version ?? 0;
}

function menuPost(businessId: string, fields: Record<string, string>, cookie: string, prefix = "") {
  return postForm(menuRoute, `${prefix}/dashboard/menu?business=${businessId}`, fields, cookie);
}

function publicPage(slug: string, options: { prefix?: string; headers?: Record<string, string>; ip?: string } = {}) {
  const request = new Request(`http://localhost${options.prefix ?? ""}/business/${slug}`, { headers: options.headers });
  return run(() => businessRoute.loader({ request, params: { slug }, context: testContext(options.ip) } as never));
}

const dish = {
  intent: "menu-save",
  nameEn: "Casado with fish",
  nameEs: "Casado con pescado",
  descriptionEn: "Rice, beans, plantain and the catch of the day",
  descriptionEs: "Arroz, frijoles, plátano y la pesca del día",
  sectionEn: "Mains",
  sectionEs: "Platos fuertes",
  price: "6500",
  currency: "CRC",
  available: "on",
};

beforeAll(() => {
  clearRateLimitersForTests();
});

describe("menu", () => {
  it("the owner adds dishes with sections, tags and a price in colones; the page and its JSON-LD follow", async () => {
    const { business, cookie } = await ownerWithListing({ premium: false });
    const before = await businessesVersion();
    const body = new URLSearchParams({ ...dish });
    body.append("dietaryTags", "gluten-free");
    body.append("dietaryTags", "seafood");
    const saved = await callRoute(
      menuRoute,
      "action",
      new Request(`http://localhost/dashboard/menu?business=${business.id}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: body.toString(),
      }),
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/dashboard/menu?business=${business.id}`);
    expect(await businessesVersion()).toBeGreaterThan(before);
    const drink = await menuPost(
      business.id,
      {
        ...dish,
        nameEn: "Fresh pineapple juice",
        nameEs: "",
        sectionEn: "Drinks",
        sectionEs: "Bebidas",
        price: "4.50",
        currency: "USD",
      },
      cookie,
    );
    expect(drink.status).toBe(302);

    const rows = await getDb().select().from(menuItems).where(eq(menuItems.businessId, business.id));
    const casado = rows.find((row) => row.nameEn === "Casado with fish");
    expect(casado).toMatchObject({ priceMinor: 650000, currency: "CRC", sectionEs: "Platos fuertes" });
    expect(casado?.dietaryTags.sort()).toEqual(["gluten-free", "seafood"]);

    // The Spanish page: the juice's dollars in colones at the site's rate, the dollars in small print.
    const es = await publicPage(business.slug, { prefix: "/es" });
    const items = es.data.business.menu;
    expect(items.map((item: { name: { text: string } }) => item.name.text)).toEqual([
      "Casado con pescado",
      "Fresh pineapple juice",
    ]);
    expect(items[0].section.text).toBe("Platos fuertes");
    expect(items[1].name.fallbackLanguage).toBe("en");
    const [jsonLd] = JSON.parse(es.data.jsonLd);
    expect(jsonLd.hasMenu["@type"]).toBe("Menu");
    expect(jsonLd.hasMenu.hasMenuSection.map((section: { name: string }) => section.name)).toEqual([
      "Platos fuertes",
      "Bebidas",
    ]);
    const casadoLd = jsonLd.hasMenu.hasMenuSection[0].hasMenuItem[0];
    expect(casadoLd.offers).toMatchObject({ price: 6500, priceCurrency: "CRC" });
    expect(casadoLd.suitableForDiet).toEqual(["https://schema.org/GlutenFreeDiet"]);
  });

  it("moves dishes up and down with plain form posts, and the old listing form keeps sections and tags", async () => {
    const { business, cookie } = await ownerWithListing({ premium: false });
    for (const name of ["First", "Second", "Third"])
      await menuPost(business.id, { ...dish, nameEn: name, nameEs: name }, cookie);
    const order = async () =>
      (await getDb().select().from(menuItems).where(eq(menuItems.businessId, business.id)))
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map((row) => row.nameEn);
    const idOf = async (name: string) =>
      (await getDb().select().from(menuItems).where(eq(menuItems.businessId, business.id))).find(
        (row) => row.nameEn === name,
      )?.id as string;
    const third = await idOf("Third");
    expect((await menuPost(business.id, { intent: "menu-move", itemId: third, direction: "up" }, cookie)).status).toBe(
      302,
    );
    expect(await order()).toEqual(["First", "Third", "Second"]);
    await menuPost(business.id, { intent: "menu-move", itemId: third, direction: "up" }, cookie);
    // Already first: nothing moves, nothing fails.
    await menuPost(business.id, { intent: "menu-move", itemId: third, direction: "up" }, cookie);
    expect(await order()).toEqual(["Third", "First", "Second"]);
    await menuPost(business.id, { intent: "menu-move", itemId: await idOf("First"), direction: "down" }, cookie);
    expect(await order()).toEqual(["Third", "Second", "First"]);

    // The listing editor's short dish form (no section fields) leaves the section as it was.
    const { editBusinessAction } = await import("#app/routes/dashboard/business/load-editable.server");
    await run(() =>
      editBusinessAction(
        postRequest(
          `/dashboard/business/${business.id}`,
          {
            intent: "menu-save",
            itemId: third,
            nameEn: "Third",
            nameEs: "Tercero",
            price: "7",
            currency: "USD",
            available: "on",
          },
          cookie,
        ),
        business.id,
        ["menu-save"],
      ),
    );
    const [row] = await getDb().select().from(menuItems).where(eq(menuItems.id, third));
    expect(row).toMatchObject({ nameEs: "Tercero", sectionEn: "Mains", priceMinor: 700 });
  });

  it("refuses bad input next to the field, keeping what was typed, and writes nothing", async () => {
    const { business, cookie } = await ownerWithListing({ premium: false });
    const hostile = await menuPost(
      business.id,
      { ...dish, nameEn: "<script>alert(1)</script>", price: "12,5abc", dietaryTags: "bogus" },
      cookie,
    );
    expect(hostile.status).toBe(400);
    expect(hostile.data.result.error.price).toEqual(["directory:errors.priceInvalid"]);
    expect(hostile.data.result.error.dietaryTags).toBeDefined();
    expect(hostile.data.result.initialValue.nameEn).toBe("<script>alert(1)</script>");
    expect(await getDb().select().from(menuItems).where(eq(menuItems.businessId, business.id))).toEqual([]);
    // Markup in a dish's name is refused as such, next to the field.
    const markup = await menuPost(business.id, { ...dish, nameEn: "<img src=x onerror=alert(1)>" }, cookie);
    expect(markup.status).toBe(400);
    expect(markup.data.result.error.nameEn).toEqual(["directory:errors.invalidCharacters"]);
  });

  it("someone else's business is not found, for the page and for every write", async () => {
    const { business } = await ownerWithListing({ premium: false });
    const { cookie: otherCookie } = await ownerWithListing({ premium: false });
    const page = await loadPage(menuRoute, `/dashboard/menu?business=${business.id}`, otherCookie);
    expect(page.status).toBe(404);
    for (const fields of [
      dish,
      { intent: "menu-move", itemId: "00000000-0000-4000-8000-000000000000", direction: "up" },
    ]) {
      const post = await menuPost(business.id, fields, otherCookie);
      expect(post.status).toBe(404);
    }
    expect(await getDb().select().from(menuItems).where(eq(menuItems.businessId, business.id))).toEqual([]);
    const notUuid = await menuPost("not-a-uuid", dish, otherCookie);
    expect(notUuid.status).toBe(400);
  });
});

describe("analytics", () => {
  // Wednesday 2026-03-18, 15:00 in Costa Rica (UTC-6).
  const now = new Date("2026-03-18T21:00:00Z");
  const at = (localDate: string, hour: number) =>
    new Date(Date.parse(`${localDate}T00:00:00Z`) + (hour + 6) * 3_600_000);

  it("aggregates a known event set into Costa Rica days, sources and clicks; old events stay out", async () => {
    const { owner, business } = await ownerWithListing({ premium: true });
    const events = [
      { kind: "view", source: "search", occurredAt: at("2026-03-18", 9) },
      { kind: "view", source: "search", occurredAt: at("2026-03-18", 10) },
      { kind: "view", source: "category", occurredAt: at("2026-03-17", 23) },
      { kind: "view", source: "direct", occurredAt: at("2026-03-12", 0) },
      { kind: "phone", source: "direct", occurredAt: at("2026-03-18", 11) },
      { kind: "whatsapp", source: "direct", occurredAt: at("2026-03-16", 8) },
      // 23:30 on the 11th in Costa Rica is already the 12th in UTC: outside the 7 days.
      { kind: "view", source: "direct", occurredAt: new Date("2026-03-12T05:30:00Z") },
      { kind: "view", source: "concierge", occurredAt: at("2026-02-01", 12) },
    ] as const;
    await getDb()
      .insert(businessEvents)
      .values(events.map((event) => ({ businessId: business.id, language: "en", ...event })));
    const week = await getOwnerAnalytics({
      actor: { id: owner.id, role: "business_owner", grants: [] } as never,
      businessId: business.id,
      days: 7,
      now,
    });
    expect(week.gated).toBe(false);
    expect(week.days).toEqual([
      "2026-03-12",
      "2026-03-13",
      "2026-03-14",
      "2026-03-15",
      "2026-03-16",
      "2026-03-17",
      "2026-03-18",
    ]);
    const views = week.series.find((series) => series.id === "views");
    const clicks = week.series.find((series) => series.id === "clicks");
    expect(views?.counts).toEqual([1, 0, 0, 0, 0, 1, 2]);
    expect(clicks?.counts).toEqual([0, 0, 0, 0, 1, 0, 1]);
    expect(Object.fromEntries(week.sources.map((row) => [row.source, row.count]))).toEqual({
      search: 2,
      category: 1,
      direct: 1,
      concierge: 0,
    });
    expect(week.clicks.find((row) => row.kind === "phone")?.count).toBe(1);
    const quarter = await getOwnerAnalytics({
      actor: { id: owner.id, role: "business_owner", grants: [] } as never,
      businessId: business.id,
      days: 90,
      now,
    });
    expect(quarter.days).toHaveLength(90);
    expect(quarter.series[0].total).toBe(6);
  });

  it("counts a visitor's view with its source, once, and never a crawler's; the page does not vary", async () => {
    const { owner, business, cookie } = await ownerWithListing({ premium: true });
    const browser =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1";
    const first = await publicPage(business.slug, {
      headers: { "user-agent": browser, referer: "http://localhost/directory?q=casado" },
      ip: "203.0.113.7",
    });
    await publicPage(business.slug, { headers: { "user-agent": browser }, ip: "203.0.113.7" });
    await publicPage(business.slug, {
      headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      ip: "66.249.66.1",
    });
    const second = await publicPage(business.slug, {
      headers: { "user-agent": browser, referer: "http://localhost/es/category/restaurant" },
      ip: "203.0.113.8",
    });
    await flushBusinessEvents();
    const rows = await getDb().select().from(businessEvents).where(eq(businessEvents.businessId, business.id));
    expect(rows.map((row) => row.source).sort()).toEqual(["category", "search"]);
    // Where the visit came from changes nothing in what the page sends.
    expect(JSON.stringify(first.data.business)).toBe(JSON.stringify(second.data.business));

    const page = await loadPage(analyticsRoute, `/dashboard/analytics?business=${business.id}&days=7`, cookie);
    expect(page.data.analytics.series[0].total).toBe(2);
    const csv = await analyticsCsvRoute.loader({
      request: getRequest(`/dashboard/analytics/export.csv?business=${business.id}&days=7`, cookie),
      params: {},
      context: testContext(),
    } as never);
    const text = await (csv as Response).text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Day,Page views,Contact clicks,Booking requests,Visitor messages");
    expect(lines).toHaveLength(8);
    expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(",")[1]), 0)).toBe(2);
    void owner;
  });

  it("the per-IP heuristic: a repeat within 30 minutes counts once; past 40 an hour, an IP stops counting", () => {
    const gate = new VisitGate({ repeatMs: 30 * 60_000, maxPerWindow: 40, windowMs: 3_600_000, maxEntries: 1000 });
    const start = Date.parse("2026-03-18T12:00:00Z");
    expect(gate.admit("1.1.1.1", "a", start)).toBe(true);
    expect(gate.admit("1.1.1.1", "a", start + 60_000)).toBe(false);
    expect(gate.admit("1.1.1.1", "a", start + 31 * 60_000)).toBe(true);
    let counted = 0;
    for (let n = 0; n < 100; n++) if (gate.admit("2.2.2.2", `business-${n}`, start + n)) counted += 1;
    expect(counted).toBe(40);
    expect(gate.admit("2.2.2.2", "another", start + 3_700_000)).toBe(true);
  });

  it("reads the source from our links' ?src=, our own pages and search engines", () => {
    expect(classifyVisitSource({ url: "/business/x?src=concierge", referer: null, host: "playa.test" })).toBe(
      "concierge",
    );
    expect(classifyVisitSource({ url: "/business/x?src=evil", referer: null, host: "playa.test" })).toBe("direct");
    expect(classifyVisitSource({ url: "/business/x", referer: "https://www.google.com/", host: "playa.test" })).toBe(
      "search",
    );
    expect(
      classifyVisitSource({
        url: "/business/x",
        referer: "https://playa.test/es/location/brasilito",
        host: "playa.test",
      }),
    ).toBe("category");
    expect(
      classifyVisitSource({ url: "/business/x", referer: "https://elsewhere.example/directory", host: "playa.test" }),
    ).toBe("direct");
    expect(classifyVisitSource({ url: "/business/x", referer: "not a url", host: "playa.test" })).toBe("direct");
    expect(classifyVisitSource({ url: "/business/x", referer: "https://playa.test/es/chat", host: "playa.test" })).toBe(
      "concierge",
    );
  });

  it("a free listing sees the gate explained, the export is refused, and someone else's business is not found", async () => {
    const { business, cookie } = await ownerWithListing({ premium: false });
    const page = await loadPage(analyticsRoute, `/es/dashboard/analytics?business=${business.id}`, cookie);
    expect(page.status).toBe(200);
    expect(page.data.analytics.gated).toBe(true);
    expect(page.data.analytics.series).toEqual([]);
    const csv = await loadPage(analyticsCsvRoute, `/dashboard/analytics/export.csv?business=${business.id}`, cookie);
    expect(csv.status).toBe(403);
    const premium = await ownerWithListing({ premium: true });
    const other = await loadPage(analyticsRoute, `/dashboard/analytics?business=${premium.business.id}`, cookie);
    expect(other.status).toBe(404);
  });
});

describe("landing page and slug redirects", () => {
  function savePage(businessId: string, fields: Record<string, string>, cookie: string) {
    return postForm(landingRoute, `/dashboard/landing-page?business=${businessId}`, fields, cookie);
  }

  it("a new slug keeps every old one as a permanent redirect, in both languages; the meta tags follow", async () => {
    const { business, cookie } = await ownerWithListing({ premium: true, name: "Soda La Marea" });
    const before = await businessesVersion();
    const first = await savePage(
      business.id,
      {
        slug: "soda-la-marea",
        metaTitleEn: "Soda La Marea: casados by the beach",
        metaTitleEs: "Soda La Marea: casados frente al mar",
        metaDescriptionEn: "Home cooking two minutes from Playa Flamingo.",
        metaDescriptionEs: "",
        seoKeywords: "casado, soda, breakfast",
        specialtiesEn: "Casados, Fresh juice",
        specialtiesEs: "Casados, Jugos naturales",
      },
      cookie,
    );
    expect(first.status).toBe(302);
    expect(await businessesVersion()).toBeGreaterThan(before);
    await savePage(business.id, { slug: "la-marea-flamingo" }, cookie);

    for (const [old, prefix] of [
      [business.slug, ""],
      ["soda-la-marea", "/es"],
    ] as const) {
      const moved = await loadPage(businessRoute, `${prefix}/business/${old}?src=search`, null, {
        slug: old,
      });
      expect(moved.status).toBe(301);
      expect(moved.location).toBe(`${prefix}/business/la-marea-flamingo?src=search`);
    }
    const redirects = await getDb()
      .select()
      .from(businessSlugRedirects)
      .where(eq(businessSlugRedirects.businessId, business.id));
    expect(redirects.map((row) => row.slug).sort()).toEqual([business.slug, "soda-la-marea"].sort());

    // The second save left the snippet empty: the page falls back to its own title and description.
    const page = await publicPage("la-marea-flamingo", { prefix: "/es" });
    expect(page.status).toBe(200);
    expect(page.data.business.specialties.items).toEqual([]);

    // Going back to an old address is allowed and stops it being a redirect.
    await savePage(business.id, { slug: "soda-la-marea", metaTitleEn: "Soda La Marea" }, cookie);
    const back = await publicPage("soda-la-marea");
    expect(back.status).toBe(200);
    expect(back.data.head.title).toBe("Soda La Marea");
    const oldAgain = await publicPage("la-marea-flamingo");
    expect(oldAgain.status).toBe(301);
  });

  it("another business cannot take an old address; bad slugs are refused next to the field", async () => {
    const a = await ownerWithListing({ premium: true });
    const b = await ownerWithListing({ premium: true });
    await savePage(a.business.id, { slug: "pura-ola-surf" }, a.cookie);
    const taken = await savePage(b.business.id, { slug: a.business.slug }, b.cookie);
    expect(taken.status).toBe(409);
    expect(taken.data.result.error.slug).toBeDefined();
    for (const slug of ["Bad Slug!", "ab", "admin", "<script>", "x".repeat(90)]) {
      const bad = await savePage(b.business.id, { slug, metaTitleEn: "Kept" }, b.cookie);
      expect(bad.status).toBe(400);
      expect(bad.data.result.error.slug).toBeDefined();
      expect(bad.data.result.initialValue.metaTitleEn).toBe("Kept");
    }
    const tooLong = await savePage(b.business.id, { slug: "ok-slug", metaDescriptionEn: "d".repeat(400) }, b.cookie);
    expect(tooLong.status).toBe(400);
  });

  it("a free listing sees the gate and its save is refused; someone else's business is not found", async () => {
    const free = await ownerWithListing({ premium: false });
    const page = await loadPage(landingRoute, `/dashboard/landing-page?business=${free.business.id}`, free.cookie);
    expect(page.data.page.hasSeo).toBe(false);
    const refused = await savePage(free.business.id, { slug: "free-new-address" }, free.cookie);
    expect(refused.status).toBe(403);
    const premium = await ownerWithListing({ premium: true });
    const other = await savePage(premium.business.id, { slug: "stolen-address" }, free.cookie);
    expect(other.status).toBe(404);
    expect(
      await getDb()
        .select()
        .from(businessSlugRedirects)
        .where(eq(businessSlugRedirects.businessId, premium.business.id)),
    ).toEqual([]);
  });
});

describe("overview", () => {
  it("shows each listing's status, the week's views and what is missing; bookings and messages tiles at zero", async () => {
    const { owner, business, cookie } = await ownerWithListing({ premium: false });
    await getDb()
      .insert(businessEvents)
      .values([
        { businessId: business.id, kind: "view", language: "en" },
        { businessId: business.id, kind: "view", language: "es", source: "search" },
        { businessId: business.id, kind: "phone", language: "en" },
        { businessId: business.id, kind: "view", language: "en", occurredAt: new Date(Date.now() - 20 * 86_400_000) },
      ]);
    const draft = await createBusiness({
      createdBy: owner.id,
      status: "draft",
      category: "retail",
      hours: [],
      descriptionEs: "",
    });
    const page = await loadPage(overviewRoute, "/dashboard", cookie);
    const cards = page.data.businesses as {
      id: string;
      status: string;
      viewsLast7Days: number | null;
      nextSteps: string[];
    }[];
    const listed = cards.find((card) => card.id === business.id);
    expect(listed).toMatchObject({ status: "verified", viewsLast7Days: 2 });
    expect(listed?.nextSteps).toEqual(["photos", "menu"]);
    const started = cards.find((card) => card.id === draft.id);
    expect(started).toMatchObject({ status: "draft", viewsLast7Days: null });
    expect(started?.nextSteps).toEqual(["hours", "photos", "translation", "submit"]);
    // Nothing booked or written yet: the tiles are there, at zero.
    expect(page.data.todaysBookings).toEqual({});
    expect(page.data.unreadMessages).toEqual({});
  });
});
