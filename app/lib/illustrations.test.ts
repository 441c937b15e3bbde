import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { areaIllustrationName, categoryIllustrationName } from "./illustrations";

// The categories of app/domain/directory/constants.ts (lib may not import the domain).
const businessCategories = [
  "services",
  "restaurant",
  "accommodation",
  "retail",
  "health",
  "automotive",
  "entertainment",
  "education",
  "real-estate",
  "construction",
  "technology",
  "finance",
];
const files = new Set(readdirSync("app/assets/illustrations").map((name) => name.replace(/\.svg$/, "")));

describe("illustrations", () => {
  it("gives every business category its own drawing, and a shopfront for an unknown one", () => {
    for (const category of businessCategories) {
      const name = categoryIllustrationName(category);
      expect(name).toBe(`category-${category}`);
      expect(files.has(name), name).toBe(true);
    }
    expect(categoryIllustrationName("bakery")).toBe("category-default");
    expect(files.has("category-default")).toBe(true);
  });

  it("draws each seeded area, and a plain bay for an area added later", () => {
    for (const slug of ["playa-flamingo", "surfside", "brasilito", "huacas", "las-catalinas"])
      expect(files.has(areaIllustrationName(slug))).toBe(true);
    expect(areaIllustrationName("tamarindo")).toBe("area-default");
    expect(files.has("area-default")).toBe(true);
  });
});
