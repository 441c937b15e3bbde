import { describe, expect, it } from "vitest";
import { searchDirectory } from "#app/domain/directory/search.server";

const base = { timeZone: "America/Costa_Rica" } as const;
const slugs = (result: { cards: { slug: string }[] }) => result.cards.map((card) => card.slug);

describe("directory search", () => {
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
    ] as const) {
      const result = await searchDirectory({ ...base, language, query, pageSize: 40 });
      const categories = result.cards.map((card) => card.category);
      expect(categories.slice(0, 12)).toEqual(Array(12).fill("restaurant"));
    }
  });
});
