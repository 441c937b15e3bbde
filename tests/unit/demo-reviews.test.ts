import { describe, expect, it } from "vitest";
import { demoReviewsFor } from "#root/db/seed/directory";
import { demoBusinesses } from "#root/db/seed/directory-data";

describe("demo reviews", () => {
  const all = demoBusinesses.flatMap((business, index) => demoReviewsFor(business, index));

  it("never repeat a text, on one page or across the directory", () => {
    expect(all.length).toBeGreaterThan(50);
    const bodies = all.map((review) => review.body);
    const repeated = bodies.filter((body, i) => bodies.indexOf(body) !== i);
    expect(repeated).toEqual([]);
  });

  it("say which place they are about and match the language they are marked with", () => {
    demoBusinesses.forEach((business, index) => {
      for (const review of demoReviewsFor(business, index)) {
        expect(review.body).toContain(business.name);
        expect(["en", "es"]).toContain(review.language);
      }
    });
    expect(new Set(all.map((review) => review.rating)).size).toBeGreaterThan(3);
  });
});
