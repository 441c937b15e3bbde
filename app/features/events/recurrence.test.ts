import { describe, expect, it } from "vitest";
import { addDays, monthGrid, weekDays, weekendDays, weekStart } from "./calendar";
import { buildRule, describeRule, expandOccurrences, parseWallTime, wallTimeToInstant } from "./recurrence.server";

const costaRicaTime = (date: Date) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "America/Costa_Rica", dateStyle: "short", timeStyle: "short" }).format(
    date,
  );

describe("recurrence expansion", () => {
  it("reads a Costa Rica wall time as the right instant (UTC-6, no daylight saving)", () => {
    expect(wallTimeToInstant({ year: 2026, month: 11, day: 24, hour: 18, minute: 0 }).toISOString()).toBe(
      "2026-11-25T00:00:00.000Z",
    );
    expect(wallTimeToInstant({ year: 2027, month: 7, day: 1, hour: 9, minute: 30 }).toISOString()).toBe(
      "2027-07-01T15:30:00.000Z",
    );
  });

  it("keeps a zone with daylight saving right on both sides of the change", () => {
    const march = wallTimeToInstant({ year: 2027, month: 3, day: 20, hour: 18, minute: 0 }, "America/New_York");
    const february = wallTimeToInstant({ year: 2027, month: 2, day: 20, hour: 18, minute: 0 }, "America/New_York");
    expect(march.toISOString()).toBe("2027-03-20T22:00:00.000Z");
    expect(february.toISOString()).toBe("2027-02-20T23:00:00.000Z");
  });

  it("rejects dates and times that do not exist", () => {
    expect(parseWallTime("2026-02-30", "10:00")).toBeNull();
    expect(parseWallTime("2026-02-10", "24:00")).toBeNull();
    expect(parseWallTime("2026-2-10", "10:00")).toBeNull();
    expect(parseWallTime("2028-02-29", "10:00")).not.toBeNull();
  });

  it("expands a weekly rule at the same wall-clock time on every date, up to UNTIL", () => {
    const startsAt = wallTimeToInstant({ year: 2026, month: 12, day: 1, hour: 18, minute: 0 });
    const endsAt = new Date(startsAt.getTime() + 90 * 60_000);
    const rrule = buildRule({ repeat: "weekly", untilDay: "2027-01-05" });
    expect(rrule).toBe("FREQ=WEEKLY;UNTIL=20270105T235900Z");
    const dates = expandOccurrences({ startsAt, endsAt, rrule });
    expect(dates.map((d) => d.key)).toEqual([
      "2026-12-01",
      "2026-12-08",
      "2026-12-15",
      "2026-12-22",
      "2026-12-29",
      "2027-01-05",
    ]);
    for (const date of dates) {
      expect(costaRicaTime(date.startsAt)).toMatch(/18:00$/);
      expect(date.endsAt.getTime() - date.startsAt.getTime()).toBe(90 * 60_000);
    }
  });

  it("expands a monthly rule on the same day of the month, skipping months without it", () => {
    const startsAt = wallTimeToInstant({ year: 2027, month: 1, day: 31, hour: 9, minute: 0 });
    const rrule = buildRule({ repeat: "monthly", untilDay: "2027-06-30" });
    const dates = expandOccurrences({ startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), rrule });
    expect(dates.map((d) => d.key)).toEqual(["2027-01-31", "2027-03-31", "2027-05-31"]);
  });

  it("caps a long rule and gives a one-off event its single date", () => {
    const startsAt = wallTimeToInstant({ year: 2026, month: 12, day: 1, hour: 7, minute: 0 });
    const endsAt = new Date(startsAt.getTime() + 3_600_000);
    const capped = expandOccurrences({
      startsAt,
      endsAt,
      rrule: buildRule({ repeat: "weekly", untilDay: "2030-01-01" }),
    });
    expect(capped.length).toBeLessThanOrEqual(60);
    expect(capped.at(-1)?.key.localeCompare("2027-12-02")).toBeLessThanOrEqual(0);
    expect(expandOccurrences({ startsAt, endsAt, rrule: null })).toEqual([{ key: "2026-12-01", startsAt, endsAt }]);
    expect(describeRule(buildRule({ repeat: "monthly", untilDay: "2027-03-01" }))).toEqual({
      repeat: "monthly",
      untilDay: "2027-03-01",
    });
    expect(describeRule(null)).toEqual({ repeat: "none", untilDay: null });
  });
});

describe("calendar days", () => {
  it("starts the week on Sunday in English and Monday in Spanish", () => {
    // 2026-11-25 is a Wednesday.
    expect(weekStart("2026-11-25", "en")).toBe("2026-11-22");
    expect(weekStart("2026-11-25", "es")).toBe("2026-11-23");
    expect(weekDays("2026-11-22", "es")[0]).toBe("2026-11-16");
    const grid = monthGrid("2026-11", "es");
    expect(grid[0][0]).toBe("2026-10-26");
    expect(grid.every((week) => week.length === 7)).toBe(true);
    expect(grid.flat()).toContain("2026-11-30");
    expect(monthGrid("2026-11", "en")[0][0]).toBe("2026-11-01");
  });

  it("finds this weekend", () => {
    expect(weekendDays("2026-11-25")).toEqual(["2026-11-28", "2026-11-29"]);
    expect(weekendDays("2026-11-28")).toEqual(["2026-11-28", "2026-11-29"]);
    expect(weekendDays("2026-11-29")).toEqual(["2026-11-29", "2026-11-29"]);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});
