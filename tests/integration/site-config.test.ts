import { describe, expect, it } from "vitest";
import { siteSettings } from "#app/domain/content/schema";
import { getSiteConfig, invalidateSiteConfig, listAreas, listBeaches } from "#app/domain/content/site-config.server";
import { getDb } from "#app/lib/db.server";

describe("site configuration", () => {
  it("is seeded with the Playa Flamingo area in both languages", async () => {
    const en = await getSiteConfig("en");
    const es = await getSiteConfig("es");
    expect(en.siteName).toBe("Playa Hub");
    expect(en.timeZone).toBe("America/Costa_Rica");
    expect(en.tagline).not.toBe(es.tagline);
    expect(es.tagline).toMatch(/Playa Flamingo/);
  });

  it("lists the three featured areas in order, Playa Flamingo and Surfside first", async () => {
    const featured = await listAreas("es", { featuredOnly: true });
    expect(featured.map((area) => area.slug)).toEqual(["playa-flamingo", "surfside", "brasilito"]);
    expect(featured[1].name).toBe("Surfside y Potrero");
  });

  it("has the beaches the beach report covers, with coordinates", async () => {
    const beaches = await listBeaches();
    expect(beaches.map((beach) => beach.slug)).toEqual([
      "playa-flamingo",
      "playa-potrero",
      "playa-brasilito",
      "playa-conchal",
    ]);
    for (const beach of beaches) {
      expect(beach.latitude).toBeGreaterThan(10);
      expect(beach.longitude).toBeLessThan(-85);
    }
  });
});

describe("social links", () => {
  it("are hidden until configured, and only https links are shown", async () => {
    invalidateSiteConfig();
    expect((await getSiteConfig("en")).social).toEqual([]);
    await getDb()
      .update(siteSettings)
      .set({
        social: {
          facebook: "https://facebook.com/playahub",
          instagram: "javascript:alert(1)",
          whatsapp: "https://wa.me/50600000000",
        },
      });
    invalidateSiteConfig();
    expect((await getSiteConfig("en")).social).toEqual([
      { network: "facebook", url: "https://facebook.com/playahub" },
      { network: "whatsapp", url: "https://wa.me/50600000000" },
    ]);
  });
});
