import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openStatus } from "#app/features/directory/hours";
import { updateBusinessDetails } from "#app/features/directory/manage.server";
import { businessClosures, businessHours } from "#app/features/directory/schema";
import { browseDirectory, searchDirectory } from "#app/features/directory/search.server";
import { getDb } from "#app/lib/db.server";
import { refreshContentVersions } from "#app/lib/response-cache/versions.server";
import { searchSite } from "#app/lib/search/index.server";
import { searchDocuments } from "#app/lib/search/schema";
import { businesses } from "#app/platform/listings/schema";
import { createTestUser } from "#tests/factories/accounts";
import { createBusiness, createReview, type TestBusiness } from "#tests/factories/directory";

const base = { timeZone: "America/Costa_Rica" } as const;
const slugs = (result: { cards: { slug: string }[] }) => result.cards.map((card) => card.slug);

// The directory this file searches: a few businesses written like real listings (the words each
// test looks for), twelve plain restaurants, a pending one, and hours that make "open now" vary.
let fishMarket: TestBusiness;
let hardware: TestBusiness;
let sushi: TestBusiness;
let catamaran: TestBusiness;
let surfSchool: TestBusiness;
let foodTruck: TestBusiness;
let verifiedCount = 0;

beforeAll(async () => {
  fishMarket = await createBusiness({
    name: "Pescadería Mar Azul",
    category: "restaurant",
    descriptionEn: "Fish market and ceviche bar by the marina: the day's catch from local boats, cleaned to order.",
    descriptionEs: "Pescadería y cevichería junto a la marina: la pesca del día de lanchas locales, limpia al gusto.",
    specialtiesEn: ["Fresh fish", "Ceviche", "Shrimp"],
    specialtiesEs: ["Pescado fresco", "Ceviche", "Camarones"],
    keywords: ["seafood", "mariscos", "fish market", "pescado"],
    hours: [2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: 8 * 60, closesAt: 18 * 60 })),
  });
  hardware = await createBusiness({
    name: "Ferretería El Cruce",
    category: "retail",
    area: "huacas",
    descriptionEn: "Hardware store with building materials, tools, paint and plumbing supplies.",
    descriptionEs: "Ferretería con materiales de construcción, herramientas, pintura y fontanería.",
    keywords: ["hardware", "ferretería", "tools", "herramientas"],
    // Split hours, and a Saturday morning.
    hours: [
      ...[1, 2, 3, 4, 5].flatMap((weekday) => [
        { weekday, opensAt: 7 * 60, closesAt: 12 * 60 },
        { weekday, opensAt: 13 * 60, closesAt: 17 * 60 + 30 },
      ]),
      { weekday: 6, opensAt: 7 * 60, closesAt: 13 * 60 },
    ],
  });
  sushi = await createBusiness({
    name: "Sushi Bahía",
    category: "restaurant",
    premium: true,
    descriptionEn: "Sushi bar with fish bought each morning at the marina: nigiri, rolls and poke bowls.",
    descriptionEs: "Barra de sushi con pescado comprado cada mañana en la marina: nigiri, rollos y poke.",
    keywords: ["sushi", "japanese", "japonés", "poke"],
    hours: [0, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: 17 * 60, closesAt: 22 * 60 })),
  });
  // Mentions sushi in its text but not its name: must rank below Sushi Bahía.
  await createBusiness({
    name: "Marina Grill",
    category: "restaurant",
    descriptionEn: "Grilled fish, burgers and, on Fridays, a sushi night at the bar.",
    descriptionEs: "Pescado a la parrilla, hamburguesas y, los viernes, noche de sushi en la barra.",
    // Past midnight: Friday and Saturday until 02:00.
    hours: [5, 6].map((weekday) => ({ weekday, opensAt: 18 * 60, closesAt: 2 * 60 })),
  });
  catamaran = await createBusiness({
    name: "Flamingo Sails Catamaran",
    category: "entertainment",
    premium: true,
    descriptionEn: "Half-day and sunset catamaran cruises from the marina with snorkelling.",
    descriptionEs: "Paseos en catamarán de medio día y al atardecer desde la marina, con esnórquel.",
    keywords: ["catamaran", "catamarán", "boat tour", "snorkel"],
  });
  surfSchool = await createBusiness({
    name: "Potrero Waves Surf School",
    category: "education",
    area: "surfside",
    descriptionEn: "Surf lessons for all ages on the gentle waves nearby, boards included.",
    descriptionEs: "Clases de surf para todas las edades en las olas suaves de la zona, tabla incluida.",
    keywords: ["surf lessons", "clases de surf", "surf school"],
    closures: [
      {
        startsOn: `${new Date().getUTCFullYear()}-09-01`,
        endsOn: `${new Date().getUTCFullYear()}-10-15`,
        kind: "seasonal",
      },
    ],
  });
  await createBusiness({
    name: "Catalinas Hillside Villas",
    category: "accommodation",
    area: "las-catalinas",
    premium: true,
    descriptionEn: "Villas above the beach with pools and ocean views.",
    descriptionEs: "Villas sobre la playa con piscina y vista al mar.",
    hours: [],
  });
  // Mentions a restaurant and food, and is not one.
  await createBusiness({
    name: "Plain Guesthouse",
    category: "accommodation",
    area: "brasilito",
    descriptionEn: "Simple rooms; the restaurant next door serves local food.",
    descriptionEs: "Habitaciones sencillas; el restaurante de al lado sirve comida local.",
  });
  for (let n = 1; n <= 12; n++) {
    const restaurant = await createBusiness({
      name: `Soda Number ${n}`,
      category: "restaurant",
      area: n % 2 ? "brasilito" : "surfside",
      descriptionEn: "Home cooking at local prices.",
      descriptionEs: "Comida casera a precio local.",
      hours: [{ weekday: n % 7, opensAt: 6 * 60, closesAt: 15 * 60 }],
      closures:
        n === 1
          ? [{ startsOn: `${new Date().getUTCFullYear()}-12-25`, endsOn: `${new Date().getUTCFullYear()}-12-25` }]
          : [],
    });
    await createReview({ businessId: restaurant.id, rating: n % 2 ? 5 : 3 });
  }
  foodTruck = await createBusiness({ name: "Food Truck La Playita", category: "restaurant", status: "pending" });
  verifiedCount = 8 + 12;
});

describe("directory search relevance", () => {
  it("folds accents in both directions: pescaderia and pescadería", async () => {
    const plain = await searchDirectory({ ...base, language: "en", query: "pescaderia" });
    expect(slugs(plain)[0]).toBe(fishMarket.slug);
    const accented = await searchDirectory({ ...base, language: "es", query: "Pescadería" });
    expect(slugs(accented)[0]).toBe(fishMarket.slug);
  });

  it("forgives a typo: restuarant finds every restaurant first, in either language", async () => {
    for (const [query, language] of [
      ["restuarant", "en"],
      ["restuarante", "es"],
      ["restaurante", "en"],
      ["RESTAURANTS", "es"],
    ] as const) {
      const result = await searchDirectory({ ...base, language, query, pageSize: 40 });
      const categories = result.cards.map((card) => card.category);
      expect(categories.slice(0, 12), query).toEqual(Array(12).fill("restaurant"));
    }
  });

  it("reads a broad kind of place alone as its category: the restaurants, not what mentions food", async () => {
    for (const [query, language] of [
      ["restuarant", "en"],
      ["restaurantes", "es"],
      ["comida", "es"],
    ] as const) {
      const result = await searchDirectory({ ...base, language, query, pageSize: 40 });
      expect(result.total, query).toBe(15);
      expect(new Set(result.cards.map((card) => card.category)), query).toEqual(new Set(["restaurant"]));
      expect(
        result.cards.map((card) => card.name),
        query,
      ).not.toContain(foodTruck.name);
    }
    // Beside another word, or with another category chosen, the words are searched as words.
    const hotels = await searchDirectory({ ...base, language: "en", query: "restaurant", category: "accommodation" });
    expect(hotels.cards.map((card) => card.name)).toEqual(["Plain Guesthouse"]);
    expect(slugs(await searchDirectory({ ...base, language: "en", query: "sushi restaurant" }))[0]).toBe(sushi.slug);
  });

  it("matches Spanish words from the English page and English words from the Spanish one", async () => {
    expect(slugs(await searchDirectory({ ...base, language: "en", query: "mariscos" }))).toContain(fishMarket.slug);
    expect(slugs(await searchDirectory({ ...base, language: "es", query: "seafood" }))).toContain(fishMarket.slug);
    expect(slugs(await searchDirectory({ ...base, language: "es", query: "ferreteria" }))[0]).toBe(hardware.slug);
    expect(slugs(await searchDirectory({ ...base, language: "en", query: "hardware" }))[0]).toBe(hardware.slug);
  });

  it("ranks a name match first and finds a prefix while typing", async () => {
    expect(slugs(await searchDirectory({ ...base, language: "en", query: "sushi" }))[0]).toBe(sushi.slug);
    expect(slugs(await searchDirectory({ ...base, language: "en", query: "catamar" }))[0]).toBe(catamaran.slug);
    expect(slugs(await searchDirectory({ ...base, language: "es", query: "clases de surf" }))[0]).toBe(surfSchool.slug);
  });

  it("treats hostile queries as text and answers, never throws", async () => {
    for (const query of [
      "'; drop table businesses; --",
      "<script>alert(1)</script>",
      "((( & | !",
      ":* & !!",
      "🏖️🌴",
      "a".repeat(5000),
      "%_\\",
    ]) {
      const result = await searchDirectory({ ...base, language: "en", query });
      expect(Array.isArray(result.cards)).toBe(true);
    }
    expect((await searchDirectory({ ...base, language: "en", query: "zzqqxxnothing" })).total).toBe(0);
  });

  it("writes each verified business into search_documents in both languages, for the site-wide search", async () => {
    const docs = await getDb()
      .select({ locale: searchDocuments.locale, url: searchDocuments.url })
      .from(searchDocuments)
      .where(and(eq(searchDocuments.kind, "business"), eq(searchDocuments.refId, sushi.id)));
    expect(docs.map((doc) => `${doc.locale} ${doc.url}`).sort()).toEqual([
      `en /business/${sushi.slug}`,
      `es /es/business/${sushi.slug}`,
    ]);
    expect(await getDb().select().from(searchDocuments).where(eq(searchDocuments.refId, foodTruck.id))).toHaveLength(0);
    const hits = await searchSite({ query: "pescaderia", language: "es", kinds: ["business"] });
    expect(hits[0]?.url).toBe(`/es/business/${fishMarket.slug}`);
  });
});

describe("directory filters and pages", () => {
  it("filters by category, area, premium and rating, all at once", async () => {
    const result = await searchDirectory({
      ...base,
      language: "en",
      category: "accommodation",
      premium: true,
      pageSize: 50,
    });
    expect(result.cards.map((card) => card.name)).toEqual(["Catalinas Hillside Villas"]);
    const area = await searchDirectory({ ...base, language: "en", area: "las-catalinas", pageSize: 50 });
    expect(area.cards.map((card) => card.name)).toEqual(["Catalinas Hillside Villas"]);
    const rated = await searchDirectory({ ...base, language: "en", minRating: 4.5, pageSize: 50 });
    expect(rated.total).toBe(6);
    expect(rated.cards.every((card) => card.rating >= 4.5)).toBe(true);
    const both = await searchDirectory({
      ...base,
      language: "en",
      category: "restaurant",
      area: "brasilito",
      minRating: 4.5,
    });
    expect(both.total).toBe(6);
    const none = await searchDirectory({ ...base, language: "en", category: "finance", area: "las-catalinas" });
    expect(none.total).toBe(0);
  });

  it("pages through results without repeats, sorted by name", async () => {
    const seen: string[] = [];
    const first = await searchDirectory({ ...base, language: "en", sort: "name", page: 1, pageSize: 6 });
    expect(first.total).toBe(verifiedCount);
    expect(first.pageCount).toBe(Math.ceil(verifiedCount / 6));
    for (let page = 1; page <= first.pageCount; page++) {
      const result = await searchDirectory({ ...base, language: "en", sort: "name", page, pageSize: 6 });
      seen.push(...result.cards.map((card) => card.name));
    }
    expect(new Set(seen).size).toBe(verifiedCount);
    expect(seen).toEqual([...seen].sort((a, b) => a.localeCompare(b, "en")));
    expect(seen).not.toContain(foodTruck.name);
    const past = await searchDirectory({ ...base, language: "en", page: 99, pageSize: 6 });
    expect(past.cards).toHaveLength(0);
    expect(past.total).toBe(verifiedCount);
  });

  it("'open now' in the database agrees with openStatus for every business, at many moments of the week", async () => {
    const db = getDb();
    const all = await db
      .select({ id: businesses.id, slug: businesses.slug })
      .from(businesses)
      .where(eq(businesses.status, "verified"));
    const hours = await db.select().from(businessHours);
    const closures = await db.select().from(businessClosures);
    // Every 97 minutes over eight days (odd steps land on every minute-of-day pattern), plus
    // Christmas Day and a seasonal closure.
    const moments: Date[] = [];
    for (let minutes = 0; minutes < 8 * 1440; minutes += 97)
      moments.push(new Date(Date.UTC(2030, 2, 11, 6) + minutes * 60_000));
    moments.push(
      new Date(`${new Date().getUTCFullYear()}-12-25T18:00:00Z`),
      new Date(`${new Date().getUTCFullYear()}-09-15T18:00:00Z`),
    );
    // The hours above must make "open now" a real split, not all-or-nothing.
    let mixedMoments = 0;
    for (const now of moments) {
      const result = await searchDirectory({ ...base, language: "en", openNow: true, now, pageSize: 100 });
      const expected = all
        .filter(
          (business) =>
            openStatus(
              hours.filter((h) => h.businessId === business.id),
              closures.filter((c) => c.businessId === business.id),
              now,
            ).open,
        )
        .map((business) => business.slug)
        .sort();
      expect(slugs(result).sort(), now.toISOString()).toEqual(expected);
      if (expected.length > 0 && expected.length < all.length) mixedMoments += 1;
      expect(result.cards.every((card) => card.status.open)).toBe(true);
    }
    expect(mixedMoments).toBeGreaterThan(moments.length / 3);
  });
});

describe("browsing without words", () => {
  it("is the same page for everyone, and shows an owner's change on the next read within the minute", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    const now = new Date();
    const browse = () => browseDirectory({ ...base, language: "en", category: "retail", area: "huacas", now });
    const first = await browse();
    expect(slugs(first)).toContain(hardware.slug);
    const again = await browse();
    expect(again.cards.map((card) => card.name)).toEqual(first.cards.map((card) => card.name));
    await updateBusinessDetails({
      id: hardware.id,
      actor: { id: admin.id, role: "admin" },
      changes: { name: "Ferretería El Cruce y Más" },
    });
    // As the server does once a write's response goes out (server/app.ts).
    void refreshContentVersions();
    const changed = await browse();
    expect(changed.cards.find((card) => card.slug === hardware.slug)?.name).toBe("Ferretería El Cruce y Más");
    // A search with words is never remembered.
    expect((await browseDirectory({ ...base, language: "en", query: "ferreteria", now })).cards[0]?.name).toBe(
      "Ferretería El Cruce y Más",
    );
  });
});
