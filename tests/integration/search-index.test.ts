import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import {
  buildTextQuery,
  removeSearchDocuments,
  retrieveSite,
  searchSite,
  upsertSearchDocument,
} from "#app/lib/search/index.server";

describe("site-wide search index", () => {
  beforeAll(async () => {
    await upsertSearchDocument({
      kind: "test",
      refId: "fish",
      locale: "es",
      title: "Pescadería La Marina",
      body: "Pescado fresco del día, mariscos y ceviche.",
      url: "/es/x/fish",
      place: "Playa Flamingo",
    });
    await upsertSearchDocument({
      kind: "test",
      refId: "fish",
      locale: "en",
      title: "La Marina Fish Market",
      body: "Fresh catch of the day, seafood and ceviche.",
      url: "/x/fish",
      place: "Playa Flamingo",
    });
    await upsertSearchDocument({
      kind: "test",
      refId: "food",
      locale: "en",
      title: "Sunset Restaurant",
      body: "Dinner with a view of the bay.",
      url: "/x/food",
    });
  });

  it("folds accents: pescaderia finds Pescadería", async () => {
    const hits = await searchSite({ query: "pescaderia", language: "es", kinds: ["test"] });
    expect(hits[0]?.refId).toBe("fish");
    expect(hits[0]?.title).toBe("Pescadería La Marina");
  });

  it("forgives a small typo: restuarant finds the restaurant", async () => {
    const hits = await searchSite({ query: "restuarant", language: "en" });
    expect(hits.map((hit) => hit.refId)).toContain("food");
  });

  it("stems in both languages and returns one hit per thing, in the visitor's language", async () => {
    const english = await searchSite({ query: "seafood", language: "en", kinds: ["test"] });
    expect(english.filter((hit) => hit.refId === "fish")).toHaveLength(1);
    const spanish = await searchSite({ query: "mariscos", language: "en", kinds: ["test"] });
    expect(spanish[0]?.url).toBe("/x/fish");
  });

  it("treats hostile input as text", async () => {
    for (const query of [
      "'; drop table search_documents; --",
      "<script>alert(1)</script>",
      "(((",
      "!!&&||",
      "🏖️",
      "a".repeat(5000),
    ]) {
      await expect(searchSite({ query, language: "en" })).resolves.toBeInstanceOf(Array);
    }
    expect((await searchSite({ query: "   ", language: "en" })).length).toBe(0);
    const count = await getDb().$count((await import("#app/lib/search/schema")).searchDocuments);
    expect(count).toBeGreaterThanOrEqual(3);
  });

  it("removes a thing from the index", async () => {
    await removeSearchDocuments("test", "food");
    expect((await searchSite({ query: "restaurant", language: "en" })).map((hit) => hit.refId)).not.toContain("food");
  });
});

describe("what a thing is called or filed under weighs more than its text", () => {
  beforeAll(async () => {
    // Two shops that both match "ice cream": one is an ice cream parlour by its tags, the other
    // only mentions it in passing.
    await upsertSearchDocument({
      kind: "weights",
      refId: "parlour",
      locale: "en",
      title: "Coco Frío",
      body: "Tropical flavours churned on site.",
      url: "/x/parlour",
      tags: ["ice cream", "dessert"],
    });
    await upsertSearchDocument({
      kind: "weights",
      refId: "grill",
      locale: "en",
      title: "Beach Grill",
      body: "Burgers, fish tacos, and ice cream for the kids.",
      url: "/x/grill",
      tags: ["burgers"],
    });
  });

  it("counts the groups matched in the title or tags (head) apart, and ranks by them", async () => {
    const textQuery = await buildTextQuery("ice cream");
    if (!textQuery) throw new Error("no text query");
    const hits = await retrieveSite({ textQuery, language: "en", kinds: ["weights"] });
    expect(hits.map((hit) => [hit.refId, hit.matched, hit.head])).toEqual([
      ["parlour", 1, 1],
      ["grill", 1, 0],
    ]);
  });

  it("migration 0029 rebuilds a stored vector exactly as the index writes it", async () => {
    const sqlText = readFileSync(path.join(process.cwd(), "db/migrations/0029_search-weights.sql"), "utf8");
    const read = async () =>
      (
        (await getDb().execute(
          sql`select tsv_english::text as e, tsv_spanish::text as s from search_documents where kind = 'weights' order by ref_id desc`,
        )) as unknown as { rows: { e: string; s: string }[] }
      ).rows;
    const written = await read();
    await getDb().execute(
      sql`update search_documents set tsv_english = ''::tsvector, tsv_spanish = ''::tsvector where kind = 'weights'`,
    );
    await getDb().execute(sql.raw(sqlText));
    expect(await read()).toEqual(written);
    expect(String(written[0].e)).toMatch(/'cream':\d+B/);
    expect(String(written[0].e)).toMatch(/'tropic':\d+C/);
  });
});
