import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { escapeText, foldLine, type IcsEvent, renderCalendar } from "../../platform/calendar/ics.server";
import { buildRule, wallTimeToInstant } from "./recurrence.server";

const base: IcsEvent = {
  uid: "one@playa.test",
  startsAt: wallTimeToInstant({ year: 2026, month: 12, day: 5, hour: 18, minute: 30 }),
  endsAt: wallTimeToInstant({ year: 2026, month: 12, day: 5, hour: 21, minute: 0 }),
  allDay: false,
  summary: "Música en vivo; tacos, cerveza & más \\ todo",
  description: "Line one\nLine two, with a comma; and a semicolon",
  location: "Bar La Playa, Playa Flamingo",
  geo: { latitude: 10.4339, longitude: -85.7892 },
  url: "https://playa.test/events/musica",
  lastModified: new Date("2026-11-01T00:00:00Z"),
  organizer: { name: 'Ana "La Jefa"', email: "ana@example.test" },
  categories: ["Music", "Música"],
};

function parse(text: string) {
  return new ICAL.Component(ICAL.parse(text));
}

describe("ICS output", () => {
  it("escapes text and folds long lines at 75 octets without splitting a character", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const long = `SUMMARY:${"ñ".repeat(100)}`;
    const folded = foldLine(long);
    for (const line of folded.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
  });

  it("round-trips through an iCalendar parser with the Costa Rica TZID and its VTIMEZONE", () => {
    const text = renderCalendar({ name: "Events, Flamingo", events: [base], now: new Date("2026-11-20T00:00:00Z") });
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const calendar = parse(text);
    const zone = calendar.getFirstSubcomponent("vtimezone");
    expect(zone?.getFirstPropertyValue("tzid")).toBe("America/Costa_Rica");
    const vevent = calendar.getFirstSubcomponent("vevent") as ICAL.Component;
    expect(vevent.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("America/Costa_Rica");
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe(base.summary);
    expect(event.description).toBe(base.description);
    expect(event.location).toBe(base.location);
    // With the VTIMEZONE registered, the parser puts the start at the right instant.
    ICAL.TimezoneService.register(zone as ICAL.Component);
    const reparsed = new ICAL.Event(parse(text).getFirstSubcomponent("vevent") as ICAL.Component);
    expect(reparsed.startDate.toJSDate().toISOString()).toBe(base.startsAt.toISOString());
    expect(reparsed.endDate.toJSDate().toISOString()).toBe(base.endsAt.toISOString());
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(vevent.getFirstPropertyValue("geo")).toEqual([10.4339, -85.7892]);
  });

  it("writes a repeating event as RRULE with a UTC UNTIL and its cancelled dates as EXDATE", () => {
    const rrule = buildRule({ repeat: "weekly", untilDay: "2027-01-02" });
    const cancelled = wallTimeToInstant({ year: 2026, month: 12, day: 19, hour: 18, minute: 30 });
    const text = renderCalendar({ name: "x", events: [{ ...base, rrule, exdates: [cancelled] }] });
    expect(text).toContain("RRULE:FREQ=WEEKLY;UNTIL=20270103T055900Z");
    expect(text).toContain("EXDATE;TZID=America/Costa_Rica:20261219T183000");
    const calendar = parse(text);
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent("vtimezone") as ICAL.Component);
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") as ICAL.Component);
    const iterator = event.iterator();
    const dates: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) {
      dates.push(next.toJSDate().toISOString());
    }
    // Saturdays at 18:30 in Costa Rica (00:30 UTC on Sunday) through 2 January, without the 19th.
    expect(dates).toEqual([
      "2026-12-06T00:30:00.000Z",
      "2026-12-13T00:30:00.000Z",
      "2026-12-27T00:30:00.000Z",
      "2027-01-03T00:30:00.000Z",
    ]);
    const exdate = (calendar.getFirstSubcomponent("vevent") as ICAL.Component).getFirstPropertyValue(
      "exdate",
    ) as ICAL.Time;
    expect(exdate.toJSDate().toISOString()).toBe(cancelled.toISOString());
  });

  it("writes all-day events as dates and cancelled ones as CANCELLED", () => {
    const text = renderCalendar({
      name: "x",
      events: [
        {
          ...base,
          allDay: true,
          startsAt: wallTimeToInstant({ year: 2026, month: 12, day: 12, hour: 0, minute: 0 }),
          endsAt: wallTimeToInstant({ year: 2026, month: 12, day: 13, hour: 0, minute: 0 }),
          cancelled: true,
        },
      ],
    });
    expect(text).toContain("DTSTART;VALUE=DATE:20261212");
    expect(text).toContain("DTEND;VALUE=DATE:20261213");
    const vevent = parse(text).getFirstSubcomponent("vevent") as ICAL.Component;
    expect(new ICAL.Event(vevent).startDate.isDate).toBe(true);
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
  });
});
