import { describe, expect, it } from "vitest";
import { bestTimes } from "./best-time";
import { localDayInterval } from "./local-day";
import { skyForDay } from "./sky.server";
import { predictExtremes } from "./tides.server";

const timeZone = "America/Costa_Rica";
const clock = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const t = (iso: string) => new Date(iso);
const turn = (iso: string, type: "high" | "low", heightM: number) => ({ time: t(iso), type, heightM });

const day = { start: t("2026-11-22T06:00:00Z"), end: t("2026-11-23T06:00:00Z") };
const light = {
  sunrise: t("2026-11-22T11:41:00Z"),
  sunset: t("2026-11-22T23:17:00Z"),
  goldenHourEveningStart: t("2026-11-22T22:47:00Z"),
};

describe("best time today", () => {
  it("picks the lowest daylight low for tide pools and the middle third of a daylight rise for surf", () => {
    const turns = [
      turn("2026-11-22T06:08:00Z", "high", 2.6),
      turn("2026-11-22T12:26:00Z", "low", 0.26),
      turn("2026-11-22T18:40:00Z", "high", 2.37),
      turn("2026-11-23T00:32:00Z", "low", 0.34),
    ];
    const result = bestTimes({ turns, light, day });
    expect(result[0]).toEqual({ activity: "tidePools", rule: "daylightLow", time: turns[1].time, heightM: 0.26 });
    // 12:26Z → 18:40Z is a 6 h 14 min rise; its middle third is 14:30:40Z → 16:35:20Z.
    expect(result[1]).toMatchObject({ activity: "surf", rule: "midRising" });
    if (result[1].rule === "midRising") {
      expect(result[1].start.toISOString()).toBe("2026-11-22T14:30:40.000Z");
      expect(result[1].end.toISOString()).toBe("2026-11-22T16:35:20.000Z");
    }
    expect(result[2]).toEqual({
      activity: "photos",
      rule: "goldenHour",
      start: light.goldenHourEveningStart,
      end: light.sunset,
    });
  });

  it("says so when every low and every rise is in the dark", () => {
    const turns = [
      turn("2026-11-22T07:00:00Z", "low", 0.2),
      turn("2026-11-22T13:00:00Z", "high", 2.5),
      turn("2026-11-23T04:00:00Z", "low", 0.4),
    ];
    const result = bestTimes({ turns, light, day });
    expect(result[0]).toEqual({ activity: "tidePools", rule: "noDaylightLow" });
    // The 07:00Z→13:00Z rise's middle third (09:00Z–11:00Z) ends before sunrise.
    expect(result[1]).toEqual({ activity: "surf", rule: "noDaylightMidRising" });
  });

  it("clips a rise to daylight and skips a sliver under half an hour", () => {
    const turns = [
      turn("2026-11-22T08:00:00Z", "low", 0.2),
      // Middle third 10:00Z–12:00Z: only 19 min after sunrise (11:41Z).
      turn("2026-11-22T14:00:00Z", "high", 2.5),
      turn("2026-11-22T20:00:00Z", "low", 0.4),
      // Middle third 22:00Z–24:00Z, clipped at sunset 23:17Z.
      turn("2026-11-23T02:00:00Z", "high", 2.4),
    ];
    const result = bestTimes({ turns, light, day });
    expect(result[1]).toMatchObject({
      activity: "surf",
      rule: "midRising",
      start: t("2026-11-22T22:00:00Z"),
      end: light.sunset,
    });
  });

  it("works on the real predictions for 22 November 2026", async () => {
    const { start, end } = localDayInterval("2026-11-22", timeZone);
    const turns = await predictExtremes({
      stationId: "TWC0349",
      start: new Date(start.getTime() - 86_400_000),
      end: new Date(end.getTime() + 86_400_000),
    });
    const sky = skyForDay({ date: "2026-11-22", latitude: 10.4335, longitude: -85.7926, timeZone });
    const [pools, surf] = bestTimes({ turns, light: sky, day: { start, end } });
    expect(pools.rule === "daylightLow" && clock.format(pools.time)).toBe("06:26");
    expect(surf.rule === "midRising" && [clock.format(surf.start), clock.format(surf.end)]).toEqual(["08:30", "10:35"]);
  });
});
