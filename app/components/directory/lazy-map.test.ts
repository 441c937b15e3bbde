import { describe, expect, it } from "vitest";
import { type MapPoint, pinPositions } from "./lazy-map";

const point = (id: string, latitude: number, longitude: number): MapPoint => ({
  id,
  name: id,
  href: `/business/${id}`,
  latitude,
  longitude,
});

describe("pinPositions", () => {
  it("puts north at the top and east on the right, inside the box and above the caption", () => {
    const [west, east, north] = pinPositions([
      point("west", 10.43, -85.8),
      point("east", 10.43, -85.7),
      point("north", 10.5, -85.75),
    ]);
    expect(west.left).toBe(10);
    expect(east.left).toBe(90);
    expect(north.left).toBeCloseTo(50);
    expect(north.top).toBe(18);
    expect(west.top).toBe(78);
    expect(east.top).toBe(78);
  });

  it("centres a single business", () => {
    expect(pinPositions([point("only", 10.43, -85.79)])).toEqual([{ left: 50, top: 48 }]);
  });
});

describe("pins that would overlap", () => {
  const overlapping = (positions: { left: number; top: number }[]) =>
    positions.flatMap((a, i) =>
      positions
        .slice(i + 1)
        .filter((b) => Math.abs(a.left - b.left) < 12.9 && Math.abs(a.top - b.top) < 15.9)
        .map((b) => [a, b]),
    );

  it("moves a page of listings at one address apart, inside the box", () => {
    const positions = pinPositions(Array.from({ length: 12 }, (_, n) => point(`same-${n}`, 10.43, -85.79)));
    expect(overlapping(positions)).toEqual([]);
    for (const { left, top } of positions) {
      expect(left).toBeGreaterThanOrEqual(10);
      expect(left).toBeLessThanOrEqual(90);
      expect(top).toBeGreaterThanOrEqual(18);
      expect(top).toBeLessThanOrEqual(78);
    }
  });

  it("moves close neighbours apart and leaves the rest where their coordinates put them", () => {
    const [west, east, near, far] = pinPositions([
      point("west", 10.43, -85.8),
      point("east", 10.43, -85.7),
      point("near-west", 10.4305, -85.7995),
      point("north", 10.5, -85.75),
    ]);
    expect(overlapping([west, east, near, far])).toEqual([]);
    expect(east).toEqual({ left: 90, top: 78 });
    expect(far.left).toBeCloseTo(50);
    expect(far.top).toBe(18);
  });
});
