import Validator from "@adobe/structured-data-validator";
import { describe, expect, it } from "vitest";
import { classifiedCategories } from "#app/features/classifieds/constants";
import { type AdForJsonLd, classifiedJsonLd } from "#app/features/classifieds/json-ld";
import { schemaOrgVocabulary } from "#tests/support/schema-org-vocabulary";

// Every kind of ad, with and without a price and a photo, as the structured-data validator with
// schema.org's vocabulary and search engines' rich-result rules reads it: what an ad says of
// itself is either valid or left out, never an item a search engine rejects.

const base: Omit<AdForJsonLd, "category" | "priceMinor" | "image"> = {
  title: "Tabla de surf 7'2",
  description: "Poco uso, con quillas.",
  url: "https://playahub.example/classifieds/tabla",
  currency: "CRC",
  sold: false,
  expiresAt: "2026-12-27T00:00:00.000Z",
  condition: "used",
  areaName: "Playa Flamingo",
};

describe("a classified ad's structured data", () => {
  const validator = new Validator(schemaOrgVocabulary());
  for (const category of classifiedCategories) {
    for (const priceMinor of [null, 15_000_00]) {
      for (const image of [undefined, "https://playahub.example/uploads/classifieds/x-800.webp"]) {
        it(`${category}, ${priceMinor === null ? "no price" : "a price"}, ${image ? "a photo" : "no photo"}`, async () => {
          const item = classifiedJsonLd({ ...base, category, priceMinor, image });
          if (!item) return;
          const issues = await validator.validate({ jsonld: { [String(item["@type"])]: [item] } });
          const problems = issues.filter((issue) => issue.severity === "ERROR" || issue.errorType === "schemaOrg");
          expect(problems.map((issue) => issue.issueMessage)).toEqual([]);
        });
      }
    }
  }

  it("says what a thing for sale with a price and a photo is", () => {
    const item = classifiedJsonLd({ ...base, category: "for-sale", priceMinor: 15_000_00, image: "https://x/y.webp" });
    expect(item?.["@type"]).toBe("Product");
    expect(item?.image).toBe("https://x/y.webp");
  });
});
