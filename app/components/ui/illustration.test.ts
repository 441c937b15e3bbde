import { describe, expect, it } from "vitest";
import { businessCategories } from "#app/features/directory/constants";
import { illustrationName, illustrationUrl } from "./illustration";

describe("illustrations", () => {
  it("gives every business category its own drawing, and a shopfront for an unknown one", () => {
    for (const category of businessCategories) {
      expect(illustrationName("category", category)).toBe(`category-${category}`);
      expect(illustrationUrl(`category-${category}`)).not.toBe("");
    }
    expect(illustrationName("category", "bakery")).toBe("category-default");
    expect(illustrationUrl("category-default")).not.toBe("");
  });

  it("draws each seeded area, and a plain bay for an area added later", () => {
    for (const slug of ["playa-flamingo", "surfside", "brasilito", "huacas", "las-catalinas"])
      expect(illustrationName("area", slug)).toBe(`area-${slug}`);
    expect(illustrationName("area", "tamarindo")).toBe("area-default");
    expect(illustrationUrl("area-default")).not.toBe("");
  });

  it("finds nothing for a name that is not a drawing", () => {
    expect(illustrationUrl("../secret")).toBe("");
  });
});
