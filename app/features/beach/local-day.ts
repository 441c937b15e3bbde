// Calendar days in the site's time zone. Tide and sun tables are per local day, and a day in Costa
// Rica starts at 06:00 UTC, so every "day" here is a pair of UTC instants computed from the zone
// (not a fixed offset: a site configured for a zone with daylight saving must still be right).

import { zonedParts } from "#app/lib/zoned-time";

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-22" → { year, month, day } when it names a real calendar date, else null. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = isoDate.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Minutes the zone is ahead of UTC at that instant (Costa Rica: -360). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The calendar date (YYYY-MM-DD) an instant falls on in the zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** Minutes since local midnight (0–1439) of an instant in the zone. */
export function localMinuteOfDay(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  return p.hour * 60 + p.minute;
}

/** The UTC instant of local midnight at the start of a calendar date in the zone. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new Error(`not a calendar date: ${date}`);
  const guess = Date.UTC(parsed.year, parsed.month - 1, parsed.day);
  // Two passes settle the offset even when midnight sits next to a daylight-saving change.
  let instant = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  instant = guess - zoneOffsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** Adds whole calendar days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new Error(`not a calendar date: ${date}`);
  return new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day + days)).toISOString().slice(0, 10);
}

/** Same month and day, `years` later (29 February becomes 28 February in a common year). */
export function addYears(date: string, years: number): string {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new Error(`not a calendar date: ${date}`);
  const year = parsed.year + years;
  const lastDay = new Date(Date.UTC(year, parsed.month, 0)).getUTCDate();
  const day = Math.min(parsed.day, lastDay);
  return `${year}-${String(parsed.month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The local day as a half-open UTC interval [start, end); 23 or 25 hours long across a DST change. */
export function localDayInterval(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(date, timeZone), end: startOfLocalDay(addDays(date, 1), timeZone) };
}

/** Rounds an instant to the nearest whole minute, as published tide tables do. */
export function roundToMinute(instant: Date): Date {
  return new Date(Math.round(instant.getTime() / 60_000) * 60_000);
}

/** ISO 8601 with the zone's offset: "2026-11-22T00:08:00-06:00". */
export function toZonedIso(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
