import { describe, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { bumpContentVersion, refreshContentVersions } from "#app/lib/response-cache/versions.server";
import { areas, siteSettings } from "#app/platform/site/schema";
import {
  areaExists,
  areaNamesBySlug,
  findArea,
  getSiteConfig,
  invalidateSiteConfig,
  listAreas,
  listBeaches,
} from "#app/platform/site/site-config.server";

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

describe("areas", () => {
  it("are read again once the site's content version moves, and inside a transaction at once", async () => {
    expect(await areaExists("playa-grande")).toBe(false);
    await getDb().transaction(async (tx) => {
      await tx.insert(areas).values({
        slug: "playa-grande",
        nameEn: "Playa Grande",
        nameEs: "Playa Grande",
        summaryEn: "Leatherback turtles and long waves.",
        summaryEs: "Tortugas baula y olas largas.",
        latitude: 10.33,
        longitude: -85.85,
      });
      // A transaction sees its own write, whatever the process keeps.
      expect((await areaNamesBySlug(tx)).get("playa-grande")?.es).toBe("Playa Grande");
      await bumpContentVersion(tx, "site");
    });
    await refreshContentVersions();
    expect(await areaExists("playa-grande")).toBe(true);
    expect((await findArea({ slug: "playa-grande", language: "es" }))?.summary).toBe("Tortugas baula y olas largas.");
    expect((await areaNamesBySlug()).get("playa-grande")?.en).toBe("Playa Grande");
    expect((await listAreas("en")).map((area) => area.slug)).toContain("playa-grande");
    // Not featured: the home page's three stay as they were.
    expect((await listAreas("en", { featuredOnly: true })).map((area) => area.slug)).toEqual([
      "playa-flamingo",
      "surfside",
      "brasilito",
    ]);
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
