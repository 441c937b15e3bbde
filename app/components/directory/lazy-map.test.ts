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
