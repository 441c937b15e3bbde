import { describe, expect, it } from "vitest";
import { addDays, localDayInterval } from "./local-day";
import { describeTideStation, predictCurve, predictExtremes, predictTideDays } from "./tides.server";

const timeZone = "America/Costa_Rica";
const station = "TWC0349";
const clock = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

async function table(date: string) {
  const [day] = await predictTideDays({ stationId: station, date, days: 1, timeZone });
  return day.extremes.map((extreme) => `${extreme.type} ${clock.format(extreme.time)} ${extreme.heightM.toFixed(2)}`);
}

// Golden values: computed by @neaps/tide-predictor 0.11.0 from @neaps/tide-database 0.10.20260924
// (TWC0349, a subordinate of Puntarenas 9684403: -2 min on highs and lows, heights +0 m), in Costa
// Rica time, metres above MLLW. Sanity-checked: two highs and two lows a day with unequal heights
// (mixed semidiurnal), a range of 1.5–3.5 m (the Gulf's springs reach ~3 m), lows below the datum
// at spring tides only. A change of station, offsets, datum or time zone fails here.
describe("tide predictions at Bahía de Culebra (TWC0349)", () => {
  it("pins the highs and lows of 22 November 2026 to the minute", async () => {
    expect(await table("2026-11-22")).toEqual([
      "high 00:08 2.62",
      "low 06:26 0.26",
      "high 12:40 2.37",
      "low 18:32 0.34",
    ]);
  });

  it("pins the highs and lows of 15 January 2026, including a high one minute after midnight", async () => {
    expect(await table("2026-01-15")).toEqual([
      "high 00:01 2.27",
      "low 06:29 0.56",
      "high 12:46 2.04",
      "low 18:33 0.76",
    ]);
  });

  it("pins the highs and lows of 21 June 2026", async () => {
    expect(await table("2026-06-21")).toEqual([
      "low 01:14 0.10",
      "high 07:41 2.78",
      "low 13:51 0.30",
      "high 20:03 2.51",
    ]);
  });

  it("pins a spring tide (30 March 2025, a day after the new moon) with lows below the datum", async () => {
    expect(await table("2025-03-30")).toEqual([
      "high 03:09 2.87",
      "low 09:10 -0.31",
      "high 15:28 3.14",
      "low 21:40 -0.43",
    ]);
  });

  it("applies the subordinate's offsets to the reference station's predictions", async () => {
    const info = await describeTideStation(station);
    expect(info).toMatchObject({
      id: "noaa/TWC0349",
      type: "subordinate",
      datum: "MLLW",
      reference: { id: "noaa/9684403", name: "Puntarenas" },
      offsets: { timeHighMin: -2, timeLowMin: -2, heightHigh: 0, heightLow: 0, heightType: "fixed" },
    });
    const { start, end } = localDayInterval("2026-11-22", timeZone);
    const sub = await predictExtremes({ stationId: station, start, end });
    const ref = await predictExtremes({
      stationId: "noaa/9684403",
      start: new Date(start.getTime() + 2 * 60_000),
      end: new Date(end.getTime() + 2 * 60_000),
    });
    expect(sub).toHaveLength(ref.length);
    sub.forEach((extreme, i) => {
      expect(ref[i].time.getTime() - extreme.time.getTime()).toBe(2 * 60_000);
      expect(extreme.heightM).toBeCloseTo(ref[i].heightM, 3);
      expect(extreme.type).toBe(ref[i].type);
    });
  });

  it("has two highs and two lows on most days, alternating, within the station's bounds", async () => {
    const days = await predictTideDays({ stationId: station, date: "2026-01-01", days: 120, timeZone });
    const counts = days.map((day) => day.extremes.length);
    // Highs and lows come every 12 h 25 min, so a turn slips past midnight about once a week and
    // that day has three: 120 days hold about 120 × 24 / 12.42 × 2 ≈ 464 turns.
    expect(counts.every((count) => count === 3 || count === 4)).toBe(true);
    const total = counts.reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThanOrEqual(460);
    expect(total).toBeLessThanOrEqual(468);
    const all = days.flatMap((day) => day.extremes);
    for (let i = 1; i < all.length; i++) expect(all[i].type).not.toBe(all[i - 1].type);
    const heights = all.map((extreme) => extreme.heightM);
    // astronomical_bounds of TWC0349: LAT -0.52 m, HAT 3.30 m above MLLW.
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(-0.52);
    expect(Math.max(...heights)).toBeLessThanOrEqual(3.31);
  });

  it("draws a curve that passes through the day's highs and lows", async () => {
    const { start, end } = localDayInterval("2026-11-22", timeZone);
    const curve = await predictCurve({ stationId: station, start, end, stepMinutes: 1 });
    expect(curve).toHaveLength(24 * 60 + 1);
    for (const extreme of await predictExtremes({ stationId: station, start, end })) {
      const point = curve.find((p) => p.time.getTime() === extreme.time.getTime());
      expect(point?.heightM).toBeCloseTo(extreme.heightM, 1);
    }
  });

  it("splits a week into local days", async () => {
    const week = await predictTideDays({ stationId: station, date: "2026-11-22", days: 7, timeZone });
    expect(week.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays("2026-11-22", i)));
    expect(week[0].extremes.map((e) => clock.format(e.time))).toEqual(["00:08", "06:26", "12:40", "18:32"]);
  });

  it("refuses an unknown station", async () => {
    await expect(describeTideStation("NOPE123")).rejects.toThrow("beach:errors.unknownStation");
  });
});

describe("the tide database", () => {
  it("is read in a worker thread, never imported by the server (its 11,000 stations are 55 MB of heap)", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const sources = (await readdir(".", { recursive: true }))
      .filter((file) => /^(app|server)\/.*\.tsx?$/.test(file))
      .filter((file) => !file.endsWith("stations.server.ts"));
    expect(sources.length).toBeGreaterThan(100);
    const importers: string[] = [];
    for (const file of sources) {
      const text = await readFile(file, "utf8");
      if (
        /^import (?!type )[^;]*from "@neaps\/tide-database"/m.test(text) ||
        /import\("@neaps\/tide-database"\)/.test(text)
      )
        importers.push(file);
    }
    expect(importers).toEqual([]);
    const stations = await readFile("app/features/beach/stations.server.ts", "utf8");
    expect(stations).toMatch(/^import type \{ Station \} from "@neaps\/tide-database";$/m);
  });
});
