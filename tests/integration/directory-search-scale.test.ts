import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openStatus } from "#app/features/directory/hours";
import { indexBusiness } from "#app/features/directory/indexing.server";
import { businessHours } from "#app/features/directory/schema";
import { searchDirectory } from "#app/features/directory/search.server";
import { getDb } from "#app/lib/db.server";
import { businesses } from "#app/platform/listings/schema";
import { createBusiness, type TestBusiness } from "#tests/factories/directory";

// The mechanisms that keep the directory fast at 100 000 businesses (capped counts, a refined
// head of the ranking, precomputed columns kept by triggers), exercised at the demo's scale by
// lowering the thresholds.
const base = { timeZone: "America/Costa_Rica", language: "en" } as const;
const slugs = (result: { cards: { slug: string }[] }) => result.cards.map((card) => card.slug);

// Thirty listings that all mention "marea", eight of them restaurants (two hotels mention a
// restaurant in passing), with spread-out ratings and a few premium ones.
const categories = ["restaurant", "accommodation", "retail", "services"] as const;
let created: TestBusiness[] = [];
let restaurants = 0;

beforeAll(async () => {
  created = [];
  for (let n = 0; n < 30; n++) {
    const category = n < 8 ? "restaurant" : categories[1 + (n % 3)];
    if (category === "restaurant") restaurants++;
    const business = await createBusiness({
      name: n % 5 === 0 ? `Marea Alta ${n}` : `Casa Brisa ${n}`,
      category,
      premium: n % 7 === 0,
      descriptionEn:
        category === "accommodation" && n % 2 === 0
          ? "Rooms by the sea at high tide (marea alta), with a restaurant on the roof."
          : "A spot to watch the marea come in.",
      descriptionEs: "Un lugar para ver subir la marea.",
    });
    await getDb()
      .update(businesses)
      .set({ ratingAverage: ((n * 7) % 41) / 10 + 1, reviewCount: n % 4 })
      .where(eq(businesses.id, business.id));
    created.push(business);
  }
});

async function allPages(options: Parameters<typeof searchDirectory>[0]) {
  const seen: string[] = [];
  for (let page = 1; ; page++) {
    const result = await searchDirectory({ ...options, page });
    if (!result.cards.length) return seen;
    seen.push(...slugs(result));
    if (page > 50) throw new Error("pager never ends");
  }
}

describe("capped counts", () => {
  it("says 'more than N' past the limit, exactly below it, and always offers the next page", async () => {
    const exact = await searchDirectory({ ...base, pageSize: 5 });
    expect(exact.totalIsLowerBound).toBe(false);
    expect(exact.total).toBe(created.length);

    const first = await searchDirectory({ ...base, pageSize: 5, countLimit: 12 });
    expect(first.totalIsLowerBound).toBe(true);
    expect(first.total).toBe(12);
    expect(first.pageCount).toBe(3);
    expect(slugs(first)).toEqual(slugs(exact));

    // Deeper pages count further, so the pager can always go on while there are more.
    const third = await searchDirectory({ ...base, pageSize: 5, countLimit: 12, page: 3 });
    expect(third.totalIsLowerBound).toBe(true);
    expect(third.pageCount).toBeGreaterThan(3);
    const last = await searchDirectory({ ...base, pageSize: 5, countLimit: 12, page: 6 });
    expect(last.totalIsLowerBound).toBe(false);
    expect(last.total).toBe(created.length);
    expect(last.cards).toHaveLength(5);

    const small = await searchDirectory({ ...base, category: "restaurant", countLimit: 12 });
    expect(small.totalIsLowerBound).toBe(false);
    expect(small.total).toBe(restaurants);
  });

  it("pages through a capped browse in the same order as an exact one", async () => {
    const capped = await allPages({ ...base, pageSize: 4, countLimit: 6 });
    expect(capped).toHaveLength(created.length);
    expect(capped).toEqual(await allPages({ ...base, pageSize: 4 }));
  });
});

describe("broad text queries", () => {
  it("ranks the head in full and the rest in the recommended order, without repeats or gaps", async () => {
    const query = "marea";
    const full = await allPages({ ...base, query, pageSize: 5 });
    expect(full).toHaveLength(created.length);
    // A broad query (more matches than the count limit) refines only its first `refine` matches.
    const broad = await allPages({ ...base, query, pageSize: 5, countLimit: 3, refine: 4 });
    expect([...broad].sort()).toEqual([...full].sort());
    expect(new Set(broad).size).toBe(broad.length);

    // Past the refined head, the order is the recommended one.
    const rows = await getDb()
      .select({ slug: businesses.slug, isPremium: businesses.isPremium, rating: businesses.ratingAverage })
      .from(businesses)
      .where(sql`${businesses.slug} in ${broad}`);
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    const tail = broad.slice(4).map((slug) => bySlug.get(slug)!);
    for (let i = 1; i < tail.length; i++) {
      const [before, after] = [tail[i - 1], tail[i]];
      expect(Number(before.isPremium) >= Number(after.isPremium)).toBe(true);
      if (before.isPremium === after.isPremium) expect(before.rating).toBeGreaterThanOrEqual(after.rating);
    }
  });

  it("still puts a named category first when the head is refined", async () => {
    // Beside another word: "restaurant" alone is the category itself (directory-search.test.ts).
    const result = await searchDirectory({
      ...base,
      query: "marea restaurant",
      countLimit: 2,
      refine: 40,
      pageSize: 20,
    });
    expect(result.total).toBeGreaterThan(restaurants); // hotels mention one: more than countLimit, the broad path
    const categoriesInOrder = result.cards.map((card) => card.category);
    expect(categoriesInOrder.slice(0, restaurants)).toEqual(Array(restaurants).fill("restaurant"));
    expect(categoriesInOrder.slice(restaurants)).toContain("accommodation");
  });

  it("breaks ties the same way every time", async () => {
    const a = await allPages({ ...base, query: "marea", pageSize: 3 });
    const b = await allPages({ ...base, query: "marea", pageSize: 7 });
    expect(a).toEqual(b);
  });
});

describe("precomputed search columns follow their sources", () => {
  it("finds a business by a new word as soon as its documents change, and forgets the old one", async () => {
    const db = getDb();
    const row = created[1];
    expect(slugs(await searchDirectory({ ...base, query: "xylophone" }))).toEqual([]);
    await db.transaction(async (tx) => {
      await tx
        .update(businesses)
        .set({ descriptionEn: "Coffee, and a xylophone on Fridays." })
        .where(eq(businesses.id, row.id));
      await indexBusiness(row.id, tx);
    });
    expect(slugs(await searchDirectory({ ...base, query: "xylophone" }))).toEqual([row.slug]);
    await db.transaction(async (tx) => {
      await tx.update(businesses).set({ descriptionEn: "Coffee." }).where(eq(businesses.id, row.id));
      await indexBusiness(row.id, tx);
    });
    expect(slugs(await searchDirectory({ ...base, query: "xylophone" }))).toEqual([]);
    // The name's words are found as names even when the name changes.
    await db.update(businesses).set({ name: "Casa Brisa Zafiro" }).where(eq(businesses.id, row.id));
    const [names] = await db
      .select({ matches: sql<boolean>`${businesses.searchNames} @@ to_tsquery('playa_english', 'zafiro')` })
      .from(businesses)
      .where(eq(businesses.id, row.id));
    expect(names.matches).toBe(true);
  });

  it("answers 'open now' from new hours as soon as they are written, across Saturday midnight", async () => {
    const db = getDb();
    const row = created[2];
    // Saturday 22:00 to 02:00, nothing else. Sunday 01:00 and Saturday 23:00 are open; Sunday 03:00
    // and Saturday 21:00 are not (Costa Rica is UTC-6 all year).
    await db.transaction(async (tx) => {
      await tx.delete(businessHours).where(eq(businessHours.businessId, row.id));
      await tx.insert(businessHours).values({ businessId: row.id, weekday: 6, opensAt: 22 * 60, closesAt: 2 * 60 });
    });
    const at = (iso: string) =>
      searchDirectory({ ...base, openNow: true, now: new Date(iso), pageSize: 100 }).then(slugs);
    expect(await at("2030-03-17T07:00:00Z")).toContain(row.slug); // Sunday 01:00
    expect(await at("2030-03-17T05:00:00Z")).toContain(row.slug); // Saturday 23:00
    expect(await at("2030-03-17T09:00:00Z")).not.toContain(row.slug); // Sunday 03:00
    expect(await at("2030-03-17T03:00:00Z")).not.toContain(row.slug); // Saturday 21:00
    expect(
      openStatus([{ weekday: 6, opensAt: 22 * 60, closesAt: 2 * 60 }], [], new Date("2030-03-17T07:00:00Z")).open,
    ).toBe(true);
    await db
      .update(businessHours)
      .set({ closesAt: 23 * 60 })
      .where(eq(businessHours.businessId, row.id));
    expect(await at("2030-03-17T07:00:00Z")).not.toContain(row.slug);
    await db.delete(businessHours).where(eq(businessHours.businessId, row.id));
    expect(await at("2030-03-17T05:00:00Z")).not.toContain(row.slug);
  });
});
