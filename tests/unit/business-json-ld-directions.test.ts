import Validator from "@adobe/structured-data-validator";
import { describe, expect, it } from "vitest";
import { businessJsonLd } from "#app/features/directory/json-ld";
import { plusCode } from "#app/lib/plus-code";
import { schemaOrgVocabulary } from "#tests/support/schema-org-vocabulary";

// A place with no street address is found by its directions from landmarks and its Plus Code;
// both go into its structured data, which must stay valid schema.org.

const base = {
  name: "Cabinas El Almendro",
  category: "accommodation",
  url: "https://playahub.example/es/business/cabinas-el-almendro",
  description: "Cabinas sencillas cerca de la playa.",
  areaName: "Brasilito",
  images: [],
  hours: [],
  rating: 0,
  reviewCount: 0,
  contact: null,
};

describe("a business's structured data with directions from landmarks", () => {
  const validator = new Validator(schemaOrgVocabulary());
  const coordinates = { latitude: 10.408, longitude: -85.7958 };

  for (const address of ["", "Calle principal de Brasilito"]) {
    it(`is valid schema.org ${address ? "with" : "without"} a street address`, async () => {
      const item = businessJsonLd({
        ...base,
        ...coordinates,
        address,
        directions: "De la iglesia de Brasilito, 200 m norte, casa verde.",
        plusCode: plusCode(coordinates)?.full,
      });
      const issues = await validator.validate({ jsonld: { [String(item["@type"])]: [item] } });
      const problems = issues.filter((issue) => issue.severity === "ERROR" || issue.errorType === "schemaOrg");
      expect(problems.map((issue) => issue.issueMessage)).toEqual([]);
    });
  }

  it("puts the directions in the address, the coordinates in geo and the Plus Code in hasMap", () => {
    const item = businessJsonLd({
      ...base,
      ...coordinates,
      address: "",
      directions: "De la iglesia de Brasilito, 200 m norte, casa verde.",
      plusCode: "762PC653+6M",
    });
    expect(item.address).toEqual({
      "@type": "PostalAddress",
      disambiguatingDescription: "De la iglesia de Brasilito, 200 m norte, casa verde.",
      addressLocality: "Brasilito",
      addressRegion: "Guanacaste",
      addressCountry: "CR",
    });
    expect(item.geo).toEqual({ "@type": "GeoCoordinates", latitude: 10.408, longitude: -85.7958 });
    expect(item.hasMap).toBe("https://plus.codes/762PC653%2B6M");
  });

  it("says nothing of them when the place has none", () => {
    const item = businessJsonLd({ ...base, address: "Calle 1", latitude: null, longitude: null });
    expect(item.address).not.toHaveProperty("disambiguatingDescription");
    expect(item).not.toHaveProperty("hasMap");
    expect(item).not.toHaveProperty("geo");
  });
});
