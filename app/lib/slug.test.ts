import { describe, expect, it } from "vitest";
import { slugCandidate, slugify, slugMaxLength, slugProblem } from "./slug";

describe("slugify", () => {
  it("folds accents and punctuation into a readable slug", () => {
    expect(slugify("Café del Mar & Grill")).toBe("cafe-del-mar-grill");
    expect(slugify("Pescadería La Marina")).toBe("pescaderia-la-marina");
    expect(slugify("  Señor Ñandú  ")).toBe("senor-nandu");
    expect(slugify("Surf--Shop!!")).toBe("surf-shop");
  });

  it("drops what cannot be part of a URL", () => {
    expect(slugify("<script>alert(1)</script>")).toBe("script-alert-1-script");
    expect(slugify("🏄‍♂️🌴")).toBe("");
    expect(slugify("'; DROP TABLE businesses; --")).toBe("drop-table-businesses");
  });

  it("stays within the length limit without a trailing dash", () => {
    const slug = slugify(`${"a".repeat(59)} b`);
    expect(slug.length).toBeLessThanOrEqual(slugMaxLength);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("slugProblem", () => {
  it("accepts lowercase words joined by single dashes", () => {
    expect(slugProblem("coco-loco-2")).toBeNull();
  });

  it("names what is wrong", () => {
    expect(slugProblem("ab")).toBe("tooShort");
    expect(slugProblem("a".repeat(61))).toBe("tooLong");
    expect(slugProblem("Coco-Loco")).toBe("format");
    expect(slugProblem("coco--loco")).toBe("format");
    expect(slugProblem("-coco")).toBe("format");
    expect(slugProblem("café")).toBe("format");
    expect(slugProblem("admin")).toBe("reserved");
  });
});

describe("slugCandidate", () => {
  it("numbers later attempts and keeps them short enough", () => {
    expect(slugCandidate("coco-loco", 1)).toBe("coco-loco");
    expect(slugCandidate("coco-loco", 3)).toBe("coco-loco-3");
    const long = slugCandidate("a".repeat(60), 12);
    expect(long.length).toBe(60);
    expect(long.endsWith("-12")).toBe(true);
  });
});
