import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openStatus } from "#app/domain/directory/hours";
import { businessClosures, businesses, businessHours } from "#app/domain/directory/schema";
import { searchDirectory } from "#app/domain/directory/search.server";
import { getDb } from "#app/lib/db.server";
import { searchSite } from "#app/lib/search/index.server";
import { searchDocuments } from "#app/lib/search/schema";

const base = { timeZone: "America/Costa_Rica" } as const;
const slugs = (result: { cards: { slug: string }[] }) => result.cards.map((card) => card.slug);

describe("directory search relevance", () => {
  it("folds accents in both directions: pescaderia and pescadería", async () => {
    const plain = await searchDirectory({ ...base, language: "en", query: "pescaderia" });
    expect(slugs(plain)[0]).toBe("pescaderia-mar-azul");
    const accented = await searchDirectory({ ...base, language: "es", query: "Pescadería" });
    expect(slugs(accented)[0]).toBe("pescaderia-mar-azul");
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

  it("matches Spanish words from the English page and English words from the Spanish one", async () => {
    expect(slugs(await searchDirectory({ ...base, language: "en", query: "mariscos" }))).toContain(
      "pescaderia-mar-azul",
    );
    expect(slugs(await searchDirectory({ ...base, language: "es", query: "seafood" }))).toContain(
      "pescaderia-mar-azul",
    );
    expect(slugs(await searchDirectory({ ...base, language: "es", query: "ferreteria" }))[0]).toBe(
      "ferreteria-el-cruce",
    );
    expect(slugs(await searchDirectory({ ...base, language: "en", query: "hardware" }))[0]).toBe("ferreteria-el-cruce");
  });

  it("ranks a name match first and finds a prefix while typing", async () => {
    expect(slugs(await searchDirectory({ ...base, language: "en", query: "sushi" }))[0]).toBe("sushi-bahia");
    expect(slugs(await searchDirectory({ ...base, language: "en", query: "catamar" }))[0]).toBe(
      "flamingo-sails-catamaran",
    );
    expect(slugs(await searchDirectory({ ...base, language: "es", query: "clases de surf" }))[0]).toBe(
      "potrero-waves-surf-school",
    );
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
    const [business] = await getDb()
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.slug, "sushi-bahia"));
    const docs = await getDb()
      .select({ locale: searchDocuments.locale, url: searchDocuments.url })
      .from(searchDocuments)
      .where(and(eq(searchDocuments.kind, "business"), eq(searchDocuments.refId, business.id)));
    expect(docs.map((doc) => `${doc.locale} ${doc.url}`).sort()).toEqual([
      "en /business/sushi-bahia",
      "es /es/business/sushi-bahia",
    ]);
    const [pending] = await getDb()
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.slug, "food-truck-la-playita"));
    expect(await getDb().select().from(searchDocuments).where(eq(searchDocuments.refId, pending.id))).toHaveLength(0);
    const hits = await searchSite({ query: "pescaderia", language: "es", kinds: ["business"] });
    expect(hits[0]?.url).toBe("/es/business/pescaderia-mar-azul");
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
    expect(result.total).toBeGreaterThan(0);
    expect(result.cards.every((card) => card.category === "accommodation" && card.isPremium)).toBe(true);
    const area = await searchDirectory({ ...base, language: "en", area: "las-catalinas", pageSize: 50 });
    expect(area.cards.every((card) => card.areaSlug === "las-catalinas")).toBe(true);
    const rated = await searchDirectory({ ...base, language: "en", minRating: 4.5, pageSize: 50 });
    expect(rated.cards.every((card) => card.rating >= 4.5)).toBe(true);
    const none = await searchDirectory({ ...base, language: "en", category: "finance", area: "las-catalinas" });
    expect(none.total).toBe(0);
  });

  it("pages through results without repeats, sorted by name", async () => {
    const seen: string[] = [];
    const first = await searchDirectory({ ...base, language: "en", sort: "name", page: 1, pageSize: 10 });
    expect(first.total).toBe(64);
    expect(first.pageCount).toBe(7);
    for (let page = 1; page <= first.pageCount; page++) {
      const result = await searchDirectory({ ...base, language: "en", sort: "name", page, pageSize: 10 });
      seen.push(...slugs(result));
    }
    expect(new Set(seen).size).toBe(64);
    const names = [...seen];
    expect(names).toHaveLength(64);
    const past = await searchDirectory({ ...base, language: "en", page: 99, pageSize: 10 });
    expect(past.cards).toHaveLength(0);
    expect(past.total).toBe(64);
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
      expect(result.cards.every((card) => card.status.open)).toBe(true);
    }
  });
});
