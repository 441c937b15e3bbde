import { describe, expect, it } from "vitest";
import {
  addDays,
  addYears,
  localDateOf,
  localDayInterval,
  parseIsoDate,
  roundToMinute,
  startOfLocalDay,
} from "./local-day";

describe("local days", () => {
  it("accepts only real calendar dates", () => {
    expect(parseIsoDate("2026-11-22")).toEqual({ year: 2026, month: 11, day: 22 });
    expect(parseIsoDate("2028-02-29")).not.toBeNull();
    for (const bad of [
      "2026-02-30",
      "2026-13-01",
      "2026-1-1",
      "22/11/2026",
      "2026-11-22T00:00",
      "",
      "'; drop table x;--",
    ]) {
      expect(parseIsoDate(bad), bad).toBeNull();
    }
  });

  it("starts a Costa Rica day at 06:00 UTC", () => {
    expect(startOfLocalDay("2026-11-22", "America/Costa_Rica").toISOString()).toBe("2026-11-22T06:00:00.000Z");
    expect(localDateOf(new Date("2026-11-23T05:59:00Z"), "America/Costa_Rica")).toBe("2026-11-22");
    expect(localDateOf(new Date("2026-11-23T06:00:00Z"), "America/Costa_Rica")).toBe("2026-11-23");
  });

  it("handles a zone with daylight saving (23- and 25-hour days)", () => {
    const spring = localDayInterval("2026-03-08", "America/New_York");
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const autumn = localDayInterval("2026-11-01", "America/New_York");
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(25);
  });

  it("adds days and years on the calendar", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addYears("2028-02-29", 1)).toBe("2029-02-28");
    expect(addYears("2026-11-22", -1)).toBe("2025-11-22");
  });

  it("rounds to the nearest minute", () => {
    expect(roundToMinute(new Date("2026-01-15T06:00:33Z")).toISOString()).toBe("2026-01-15T06:01:00.000Z");
    expect(roundToMinute(new Date("2026-01-15T06:00:29Z")).toISOString()).toBe("2026-01-15T06:00:00.000Z");
  });
});

describe("zoned ISO times", () => {
  it("writes the local time with its offset", async () => {
    const { toZonedIso } = await import("./local-day");
    expect(toZonedIso(new Date("2026-11-22T06:08:00Z"), "America/Costa_Rica")).toBe("2026-11-22T00:08:00-06:00");
    expect(toZonedIso(new Date("2026-07-01T12:00:00Z"), "Asia/Kolkata")).toBe("2026-07-01T17:30:00+05:30");
  });
});
