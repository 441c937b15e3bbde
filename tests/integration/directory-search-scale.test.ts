import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openStatus } from "#app/domain/directory/hours";
import { indexBusiness } from "#app/domain/directory/indexing.server";
import { businesses, businessHours } from "#app/domain/directory/schema";
import { searchDirectory } from "#app/domain/directory/search.server";
import { getDb } from "#app/lib/db.server";

// The mechanisms that keep the directory fast at 100 000 businesses (capped counts, a refined
// head of the ranking, precomputed columns kept by triggers), exercised at the demo's scale by
// lowering the thresholds.
const base = { timeZone: "America/Costa_Rica", language: "en" } as const;
const slugs = (result: { cards: { slug: string }[] }) => result.cards.map((card) => card.slug);

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
    const exact = await searchDirectory({ ...base, pageSize: 10 });
    expect(exact.totalIsLowerBound).toBe(false);
    expect(exact.total).toBe(64);

    const first = await searchDirectory({ ...base, pageSize: 10, countLimit: 25 });
    expect(first.totalIsLowerBound).toBe(true);
    expect(first.total).toBe(25);
    expect(first.pageCount).toBe(3);
    expect(slugs(first)).toEqual(slugs(exact));

    // Deeper pages count further, so the pager can always go on while there are more.
    const third = await searchDirectory({ ...base, pageSize: 10, countLimit: 25, page: 3 });
    expect(third.totalIsLowerBound).toBe(true);
    expect(third.pageCount).toBeGreaterThan(3);
    const last = await searchDirectory({ ...base, pageSize: 10, countLimit: 25, page: 7 });
    expect(last.totalIsLowerBound).toBe(false);
    expect(last.total).toBe(64);
    expect(last.cards).toHaveLength(4);

    const small = await searchDirectory({ ...base, category: "finance", countLimit: 25 });
    expect(small.totalIsLowerBound).toBe(false);
    expect(small.total).toBe(small.cards.length);
  });

  it("pages through a capped browse in the same order as an exact one", async () => {
    const capped = await allPages({ ...base, pageSize: 10, countLimit: 15 });
    expect(capped).toHaveLength(64);
    expect(capped).toEqual(await allPages({ ...base, pageSize: 10 }));
  });
});

describe("broad text queries", () => {
  it("ranks the head in full and the rest in the recommended order, without repeats or gaps", async () => {
    const query = "playa";
    const full = await allPages({ ...base, query, pageSize: 5 });
    expect(full.length).toBeGreaterThan(8);
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
    const result = await searchDirectory({ ...base, query: "restaurant", countLimit: 2, refine: 40, pageSize: 8 });
    expect(result.total).toBeGreaterThan(2); // more matches than countLimit: the broad path
    expect(result.cards.map((card) => card.category)).toEqual(Array(8).fill("restaurant"));
  });

  it("breaks ties the same way every time", async () => {
    const a = await allPages({ ...base, query: "playa", pageSize: 3 });
    const b = await allPages({ ...base, query: "playa", pageSize: 7 });
    expect(a).toEqual(b);
  });
});

describe("precomputed search columns follow their sources", () => {
  it("finds a business by a new word as soon as its documents change, and forgets the old one", async () => {
    const db = getDb();
    const [row] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.slug, "sushi-bahia"));
    expect(slugs(await searchDirectory({ ...base, query: "xylophone" }))).toEqual([]);
    await db.transaction(async (tx) => {
      await tx
        .update(businesses)
        .set({ descriptionEn: "Sushi, and a xylophone on Fridays." })
        .where(eq(businesses.id, row.id));
      await indexBusiness(row.id, tx);
    });
    expect(slugs(await searchDirectory({ ...base, query: "xylophone" }))).toEqual(["sushi-bahia"]);
    await db.transaction(async (tx) => {
      await tx.update(businesses).set({ descriptionEn: "Sushi." }).where(eq(businesses.id, row.id));
      await indexBusiness(row.id, tx);
    });
    expect(slugs(await searchDirectory({ ...base, query: "xylophone" }))).toEqual([]);
    // The name's words are found as names even when the name changes.
    await db.update(businesses).set({ name: "Sushi Bahía Zafiro" }).where(eq(businesses.id, row.id));
    const [names] = await db
      .select({ matches: sql<boolean>`${businesses.searchNames} @@ to_tsquery('playa_english', 'zafiro')` })
      .from(businesses)
      .where(eq(businesses.id, row.id));
    expect(names.matches).toBe(true);
  });

  it("answers 'open now' from new hours as soon as they are written, across Saturday midnight", async () => {
    const db = getDb();
    const [row] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.slug, "ferreteria-el-cruce"));
    // Saturday 22:00 to 02:00, nothing else. Sunday 01:00 and Saturday 23:00 are open; Sunday 03:00
    // and Saturday 21:00 are not (Costa Rica is UTC-6 all year).
    await db.transaction(async (tx) => {
      await tx.delete(businessHours).where(eq(businessHours.businessId, row.id));
      await tx.insert(businessHours).values({ businessId: row.id, weekday: 6, opensAt: 22 * 60, closesAt: 2 * 60 });
    });
    const at = (iso: string) =>
      searchDirectory({ ...base, openNow: true, now: new Date(iso), pageSize: 100 }).then(slugs);
    expect(await at("2030-03-17T07:00:00Z")).toContain("ferreteria-el-cruce"); // Sunday 01:00
    expect(await at("2030-03-17T05:00:00Z")).toContain("ferreteria-el-cruce"); // Saturday 23:00
    expect(await at("2030-03-17T09:00:00Z")).not.toContain("ferreteria-el-cruce"); // Sunday 03:00
    expect(await at("2030-03-17T03:00:00Z")).not.toContain("ferreteria-el-cruce"); // Saturday 21:00
    expect(
      openStatus([{ weekday: 6, opensAt: 22 * 60, closesAt: 2 * 60 }], [], new Date("2030-03-17T07:00:00Z")).open,
    ).toBe(true);
    await db
      .update(businessHours)
      .set({ closesAt: 23 * 60 })
      .where(eq(businessHours.businessId, row.id));
    expect(await at("2030-03-17T07:00:00Z")).not.toContain("ferreteria-el-cruce");
    await db.delete(businessHours).where(eq(businessHours.businessId, row.id));
    expect(await at("2030-03-17T05:00:00Z")).not.toContain("ferreteria-el-cruce");
  });
});
