import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { removeSearchDocuments, searchSite, upsertSearchDocument } from "#app/lib/search/index.server";

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
    for (const query of ["'; drop table search_documents; --", "<script>alert(1)</script>", "(((", "!!&&||", "🏖️", "a".repeat(5000)]) {
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
