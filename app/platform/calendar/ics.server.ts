import { siteTimeZone } from "#app/lib/format";
import { dayKey, instantToWallTime } from "./wall-time.server";

// iCalendar output (RFC 5545), written by hand: text escaped, lines folded at 75 octets, CRLF line
// ends, and every timed DTSTART/DTEND given on the site's clock with TZID=America/Costa_Rica and its
// VTIMEZONE, so a calendar in another zone (with or without daylight saving) shows the right hour.

export interface IcsEvent {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
  summary: string;
  description: string;
  location: string;
  geo: { latitude: number; longitude: number } | null;
  url: string;
  /** Set on a repeating event's master: its rule and the dates that do not happen. */
  rrule?: string | null;
  exdates?: Date[];
  cancelled?: boolean;
  lastModified: Date;
  organizer?: { name: string; email: string } | null;
  categories?: string[];
}

/** TEXT value escaping (RFC 5545, section 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n");
}

/** Folds a content line to at most 75 octets per line, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

function localStamp(date: Date): string {
  const w = instantToWallTime(date);
  return `${dayKey(w).replace(/-/g, "")}T${String(w.hour).padStart(2, "0")}${String(w.minute).padStart(2, "0")}00`;
}

function dateStamp(date: Date): string {
  return dayKey(instantToWallTime(date)).replace(/-/g, "");
}

// Costa Rica has kept UTC-6 without daylight saving since 1992; one STANDARD block says so.
const vtimezone = [
  "BEGIN:VTIMEZONE",
  `TZID:${siteTimeZone}`,
  "X-LIC-LOCATION:America/Costa_Rica",
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0600",
  "TZNAME:CST",
  "END:STANDARD",
  "END:VTIMEZONE",
];

function eventLines(event: IcsEvent, now: Date): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    `LAST-MODIFIED:${utcStamp(event.lastModified)}`,
  ];
  if (event.allDay) {
    lines.push(`DTSTART;VALUE=DATE:${dateStamp(event.startsAt)}`, `DTEND;VALUE=DATE:${dateStamp(event.endsAt)}`);
  } else {
    lines.push(
      `DTSTART;TZID=${siteTimeZone}:${localStamp(event.startsAt)}`,
      `DTEND;TZID=${siteTimeZone}:${localStamp(event.endsAt)}`,
    );
  }
  if (event.rrule) {
    // The stored rule's UNTIL is on the wall clock; RFC 5545 wants UTC when DTSTART has a TZID.
    lines.push(
      `RRULE:${event.rrule.replace(/UNTIL=(\d{8}T\d{6})Z/, (_m, until: string) => `UNTIL=${untilUtc(until)}`)}`,
    );
    for (const exdate of event.exdates ?? []) {
      lines.push(
        event.allDay ? `EXDATE;VALUE=DATE:${dateStamp(exdate)}` : `EXDATE;TZID=${siteTimeZone}:${localStamp(exdate)}`,
      );
    }
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.geo) lines.push(`GEO:${event.geo.latitude.toFixed(6)};${event.geo.longitude.toFixed(6)}`);
  if (event.categories?.length) lines.push(`CATEGORIES:${event.categories.map(escapeText).join(",")}`);
  if (event.organizer) {
    const name = event.organizer.name.replace(/["\r\n;:,]/g, " ").trim();
    lines.push(`ORGANIZER;CN="${name}":mailto:${event.organizer.email}`);
  }
  lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`);
  lines.push("END:VEVENT");
  return lines;
}

/** UNTIL 20270301T235959 read on the site's clock (UTC-6) as a UTC stamp. */
function untilUtc(wall: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/.exec(wall);
  if (!m) return `${wall}Z`;
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  // The zone's offset at that moment, read through Intl (as recurrence.server does).
  const shown = instantToWallTime(new Date(asUtc));
  const shownUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, +m[6]);
  return utcStamp(new Date(asUtc + (asUtc - shownUtc)));
}

/** A whole VCALENDAR with these events. */
export function renderCalendar(options: { name: string; events: IcsEvent[]; now?: Date }): string {
  const now = options.now ?? new Date();
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Playa Hub//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `X-WR-TIMEZONE:${siteTimeZone}`,
    ...vtimezone,
    ...options.events.flatMap((event) => eventLines(event, now)),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
