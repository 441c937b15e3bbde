import { describe, expect, it } from "vitest";
import { demoCoverSvg, demoRibbonText } from "#root/db/seed/demo-covers";
import { demoBusinesses } from "#root/db/seed/directory-data";
import { signText, undrawable } from "#root/db/seed/sign-letters";

describe("demo covers", () => {
  it("has a drawing for every letter of every demo name and of the ribbon", () => {
    for (const text of [demoRibbonText, ...demoBusinesses.map((business) => business.name)])
      expect(undrawable(text), text).toEqual([]);
    expect(undrawable("Ñandú · Ça")).toEqual(["Ç"]);
    expect(signText("AÍ").d).toMatch(/^M0 10 L3.5 0 L7 10 M1.2 6.6 H5.8 M9.6 0 V10 M8.6 -1.6 L10.6 -3.6$/);
  });

  it("draws the same scene for the same business, a different one for another, text as shapes", () => {
    const [first, second] = demoBusinesses;
    const svg = demoCoverSvg(first);
    expect(demoCoverSvg(first)).toBe(svg);
    expect(demoCoverSvg(second)).not.toBe(svg);
    // Never <text>: a machine without fonts would draw nothing there.
    expect(svg).not.toContain("<text");
    expect(svg).toContain("not a photo");
    // An unknown category falls back to the shopfront drawing.
    expect(demoCoverSvg({ ...first, category: "nothing-drawn" })).toContain("<svg");
  });
});
