import { describe, expect, it } from "vitest";
import { addDays, formatClock, localMoment, type OpeningPeriod, openStatus, overlapping, parseClock } from "./hours";

// Costa Rica is UTC−6 all year (no daylight saving), so 20:00Z is 14:00 local.
const at = (isoLocal: string) => new Date(`${isoLocal}-06:00`);
const h = (clock: string) => parseClock(clock) as number;
const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 0;

// 2025-03-14 is a Friday.
const splitLunchDinner: OpeningPeriod[] = [
  { weekday: FRIDAY, opensAt: h("11:30"), closesAt: h("14:30") },
  { weekday: FRIDAY, opensAt: h("18:00"), closesAt: h("22:00") },
];

describe("localMoment", () => {
  it("reads the wall clock in America/Costa_Rica, not the server's zone", () => {
    expect(localMoment(new Date("2025-03-15T03:30:00Z"))).toEqual({
      date: "2025-03-14",
      weekday: FRIDAY,
      minutes: 21 * 60 + 30,
    });
    expect(localMoment(new Date("2025-03-15T06:00:00Z"))).toEqual({
      date: "2025-03-15",
      weekday: SATURDAY,
      minutes: 0,
    });
  });

  it("uses the zone it is given", () => {
    expect(localMoment(new Date("2025-03-15T03:30:00Z"), "UTC").date).toBe("2025-03-15");
  });
});

describe("openStatus with split hours", () => {
  it("is open during lunch and says when lunch ends", () => {
    const status = openStatus(splitLunchDinner, [], at("2025-03-14T12:00"));
    expect(status).toEqual({ open: true, closesAt: { date: "2025-03-14", weekday: FRIDAY, minutes: h("14:30") } });
  });

  it("is closed in the afternoon gap and opens again for dinner", () => {
    const status = openStatus(splitLunchDinner, [], at("2025-03-14T16:00"));
    expect(status.open).toBe(false);
    if (!status.open) expect(status.opensAt).toEqual({ date: "2025-03-14", weekday: FRIDAY, minutes: h("18:00") });
  });

  it("treats the closing minute as closed and the opening minute as open", () => {
    expect(openStatus(splitLunchDinner, [], at("2025-03-14T14:30")).open).toBe(false);
    expect(openStatus(splitLunchDinner, [], at("2025-03-14T18:00")).open).toBe(true);
    expect(openStatus(splitLunchDinner, [], at("2025-03-14T21:59")).open).toBe(true);
  });

  it("after the last period finds next week's opening", () => {
    const status = openStatus(splitLunchDinner, [], at("2025-03-14T23:00"));
    expect(status.open).toBe(false);
    if (!status.open) expect(status.opensAt).toEqual({ date: "2025-03-21", weekday: FRIDAY, minutes: h("11:30") });
  });
});

describe("openStatus past midnight", () => {
  const bar: OpeningPeriod[] = [{ weekday: FRIDAY, opensAt: h("18:00"), closesAt: h("02:00") }];

  it("is still open at 01:00 on Saturday from Friday's period", () => {
    const status = openStatus(bar, [], at("2025-03-15T01:00"));
    expect(status).toEqual({ open: true, closesAt: { date: "2025-03-15", weekday: SATURDAY, minutes: h("02:00") } });
  });

  it("is closed at 02:00 and on Saturday evening", () => {
    expect(openStatus(bar, [], at("2025-03-15T02:00")).open).toBe(false);
    expect(openStatus(bar, [], at("2025-03-15T19:00")).open).toBe(false);
  });

  it("on Friday evening closes at 02:00 the next day", () => {
    const status = openStatus(bar, [], at("2025-03-14T23:30"));
    expect(status).toEqual({ open: true, closesAt: { date: "2025-03-15", weekday: SATURDAY, minutes: h("02:00") } });
  });

  it("follows back-to-back periods across midnight as one stretch", () => {
    const late: OpeningPeriod[] = [
      { weekday: FRIDAY, opensAt: h("20:00"), closesAt: h("24:00") },
      { weekday: SATURDAY, opensAt: h("00:00"), closesAt: h("03:00") },
    ];
    const status = openStatus(late, [], at("2025-03-14T22:00"));
    expect(status).toEqual({ open: true, closesAt: { date: "2025-03-15", weekday: SATURDAY, minutes: h("03:00") } });
  });

  it("open around the clock has no closing time", () => {
    const always = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: 0, closesAt: 1440 }));
    expect(openStatus(always, [], at("2025-03-14T03:00"))).toEqual({ open: true, closesAt: null });
  });
});

describe("openStatus with closures", () => {
  const daily: OpeningPeriod[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    opensAt: h("08:00"),
    closesAt: h("17:00"),
  }));

  it("a holiday closes the whole day and names the closure", () => {
    const holiday = {
      startsOn: "2025-04-17",
      endsOn: "2025-04-18",
      kind: "holiday",
      noteEn: "Holy Week",
      noteEs: "Semana Santa",
    };
    const status = openStatus(daily, [holiday], at("2025-04-17T10:00"));
    expect(status.open).toBe(false);
    if (!status.open) {
      expect(status.closure?.noteEn).toBe("Holy Week");
      expect(status.opensAt).toEqual({ date: "2025-04-19", weekday: SATURDAY, minutes: h("08:00") });
    }
  });

  it("a seasonal closure over many weeks points to the reopening day", () => {
    const season = { startsOn: "2025-09-01", endsOn: "2025-10-31", kind: "seasonal" };
    const status = openStatus(daily, [season], at("2025-09-10T10:00"));
    expect(status.open).toBe(false);
    // Beyond the eight days looked at, the reopening is not guessed.
    if (!status.open) expect(status.opensAt).toBeNull();
    expect(openStatus(daily, [season], at("2025-11-01T10:00")).open).toBe(true);
  });

  it("a closure on Saturday does not cut Friday night's period short", () => {
    const bar: OpeningPeriod[] = [{ weekday: FRIDAY, opensAt: h("18:00"), closesAt: h("02:00") }];
    const saturdayOff = { startsOn: "2025-03-15", endsOn: "2025-03-15" };
    expect(openStatus(bar, [saturdayOff], at("2025-03-15T01:00")).open).toBe(true);
    const fridayOff = { startsOn: "2025-03-14", endsOn: "2025-03-14" };
    expect(openStatus(bar, [fridayOff], at("2025-03-15T01:00")).open).toBe(false);
  });

  it("no hours at all is closed with no next opening", () => {
    expect(openStatus([], [], at("2025-03-14T12:00"))).toEqual({ open: false, opensAt: null, closure: null });
  });

  it("Sunday wraps to the start of the week", () => {
    const sundays: OpeningPeriod[] = [{ weekday: SUNDAY, opensAt: h("09:00"), closesAt: h("13:00") }];
    const status = openStatus(sundays, [], at("2025-03-15T20:00"));
    if (!status.open) expect(status.opensAt).toEqual({ date: "2025-03-16", weekday: SUNDAY, minutes: h("09:00") });
  });
});

describe("clock helpers", () => {
  it("parses and formats times", () => {
    expect(parseClock("07:05")).toBe(425);
    expect(parseClock("24:00")).toBe(1440);
    for (const bad of ["24:01", "7", "12:60", "", "ab:cd", "<script>"]) expect(parseClock(bad)).toBeNull();
    expect(formatClock(425)).toBe("07:05");
    expect(formatClock(1440)).toBe("00:00");
  });

  it("adds days across months and years", () => {
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });

  it("detects overlapping periods on a day, including one that runs past midnight", () => {
    expect(overlapping(splitLunchDinner)).toBe(false);
    expect(overlapping([...splitLunchDinner, { weekday: FRIDAY, opensAt: h("14:00"), closesAt: h("15:00") }])).toBe(
      true,
    );
    expect(
      overlapping([
        { weekday: FRIDAY, opensAt: h("20:00"), closesAt: h("02:00") },
        { weekday: FRIDAY, opensAt: h("21:00"), closesAt: h("23:00") },
      ]),
    ).toBe(true);
  });
});
