import { describe, expect, it } from "vitest";
// The areas register their sitemap sources when their modules load, as the server's build does.
import "#app/features/directory/business.server";
import "#app/features/directory/hubs.server";
import { getTranslator } from "#app/lib/i18n.server";
import { areaNamesBySlug } from "#app/platform/site/site-config.server";
import * as sitemapPage from "#app/routes/_public/sitemap";
import { createBusiness } from "#tests/factories/directory";
import { getRequest, run, testContext } from "#tests/factories/route-calls";

// The human sitemap names every page as the page names itself: a business by its name, an area
// by the site's name for it, a category in the reader's language; never a label made from the URL.

async function linksOf(path: string): Promise<Map<string, string>> {
  const fn = sitemapPage.loader as (args: unknown) => Promise<unknown>;
  const result = await run(() => fn({ request: getRequest(path), params: {}, context: testContext() }));
  const labels = new Map<string, string>();
  for (const group of result.data.groups as { links: { path: string; title?: string }[] }[])
    for (const link of group.links) if (link.title !== undefined) labels.set(link.path, link.title);
  return labels;
}

describe("/sitemap", () => {
  for (const language of ["en", "es"] as const) {
    it(`names businesses, areas and categories as the site does (${language})`, async () => {
      const business = await createBusiness({ name: "Café Pura Mañana", slug: `cafe-pura-manana-${language}` });
      const labels = await linksOf(language === "es" ? "/es/sitemap" : "/sitemap");
      expect(labels.get(`/business/${business.slug}`)).toBe("Café Pura Mañana");

      const areas = await areaNamesBySlug();
      expect(areas.size).toBeGreaterThan(0);
      for (const [slug, name] of areas) expect(labels.get(`/location/${slug}`)).toBe(name[language]);

      const t = await getTranslator(language);
      expect(labels.get("/category/restaurant")).toBe(t("directory:categories.restaurant"));
      expect(labels.get("/category/real-estate")).toBe(t("directory:categories.real-estate"));
      if (language === "es") expect(labels.get("/category/restaurant")).toBe("Restaurantes");
    });
  }
});
