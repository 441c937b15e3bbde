import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { filesUnder } from "#tests/support/files";

// /sitemap gives each dynamic source (registerSitemapSource) a section named after it. A source
// without a name falls back to "More pages", and two such sections are two landmarks with the same
// name (an accessibility failure), so every source needs its name in both languages.

const sources = [
  ...new Set(
    ["app/platform", "app/features", "app/compose"]
      .flatMap((root) => filesUnder(root, (file) => file.endsWith(".ts")))
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/registerSitemapSource\(\s*"([a-z-]+)"/g)].map((match) => match[1]),
      ),
  ),
].sort();

describe("sitemap sources", () => {
  it("are found", () => {
    expect(sources.length).toBeGreaterThan(3);
  });

  for (const language of ["en", "es"]) {
    it(`each have a section name in ${language}`, () => {
      const names = JSON.parse(readFileSync(`app/locales/${language}/guides.json`, "utf8")).sitemap.sources;
      expect(sources.filter((source) => !names[source])).toEqual([]);
    });
  }
});
