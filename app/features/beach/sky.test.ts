import { describe, expect, it } from "vitest";
import { moonPhaseName, skyForDay } from "./sky.server";

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "America/Costa_Rica",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const at = (value: Date | null) => (value ? clock.format(value) : null);
const flamingo = { latitude: 10.4335, longitude: -85.7926, timeZone: "America/Costa_Rica" };

describe("sun and moon at Playa Flamingo (suncalc 2, Costa Rica time)", () => {
  it("pins 22 November 2026", () => {
    const sky = skyForDay({ date: "2026-11-22", ...flamingo });
    expect({
      sunrise: at(sky.sunrise),
      goldenMorningEnd: at(sky.goldenHourMorningEnd),
      goldenEveningStart: at(sky.goldenHourEveningStart),
      sunset: at(sky.sunset),
      moonrise: at(sky.moonrise),
      moonset: at(sky.moonset),
    }).toEqual({
      sunrise: "05:41",
      goldenMorningEnd: "06:11",
      goldenEveningStart: "16:47",
      sunset: "17:17",
      moonrise: "15:33",
      moonset: "03:32",
    });
    // Full moon is on 24 November 2026.
    expect(sky.moonPhase).toBe("waxingGibbous");
    expect(sky.moonIllumination).toBeGreaterThan(0.9);
    expect(sky.moonWaxing).toBe(true);
  });

  it("pins the June solstice, when days are longest here", () => {
    const sky = skyForDay({ date: "2026-06-21", ...flamingo });
    expect([at(sky.sunrise), at(sky.sunset), at(sky.moonrise), at(sky.moonset)]).toEqual([
      "05:22",
      "18:07",
      "11:34",
      "23:50",
    ]);
    expect(sky.moonPhase).toBe("firstQuarter");
  });

  it("keeps moonrise and moonset inside the local day, not the UTC day", () => {
    // In Costa Rica the UTC day ends at 18:00; a moonset at 03:32 local is on the local day.
    const sky = skyForDay({ date: "2026-11-22", ...flamingo });
    const start = new Date("2026-11-22T06:00:00Z");
    const end = new Date("2026-11-23T06:00:00Z");
    for (const instant of [sky.moonrise, sky.moonset]) {
      expect(instant && instant >= start && instant < end).toBe(true);
    }
  });

  it("names the eight phases by snapping to the nearest eighth", () => {
    expect(moonPhaseName(0)).toBe("new");
    expect(moonPhaseName(0.97)).toBe("new");
    expect(moonPhaseName(0.25)).toBe("firstQuarter");
    expect(moonPhaseName(0.4945)).toBe("full");
    expect(moonPhaseName(0.7)).toBe("lastQuarter");
    expect(moonPhaseName(0.85)).toBe("waningCrescent");
  });
});
