import { describe, expect, it } from "vitest";
import { renderSitemapXml } from "./sitemap.server";

describe("sitemap.xml", () => {
  it("lists every entry in both languages with hreflang alternates, escaped", () => {
    const xml = renderSitemapXml("https://h.example", [{ path: "/" }, { path: "/business/a&b" }]);
    expect(xml).toContain("<loc>https://h.example/</loc>");
    expect(xml).toContain("<loc>https://h.example/es</loc>");
    expect(xml).toContain("<loc>https://h.example/es/business/a&amp;b</loc>");
    expect(xml).toContain('hreflang="es" href="https://h.example/es/business/a&amp;b"');
    expect(xml.match(/<url>/g)).toHaveLength(4);
  });
});
