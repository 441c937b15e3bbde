import { siteTimeZone } from "#app/lib/format";
import { zonedParts } from "#app/lib/zoned-time";

// Wall-clock times on the site's clock (America/Costa_Rica): what a person types as a day and a
// time, the instant it names, and back. Events, bookings and calendar files all speak it.

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The instant at which the clocks of `timeZone` show this wall time. */
export function wallTimeToInstant(wall: WallTime, timeZone: string = siteTimeZone): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Two passes find the offset in force at that wall time (right across offset changes too).
  let guess = asUtc;
  for (let pass = 0; pass < 2; pass++) {
    const p = zonedParts(new Date(guess), timeZone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess += asUtc - shown;
  }
  return new Date(guess);
}

/** The wall time of an instant on the site's clocks. */
export function instantToWallTime(instant: Date, timeZone: string = siteTimeZone): WallTime {
  const p = zonedParts(instant, timeZone);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute };
}

export function dayKey(wall: Pick<WallTime, "year" | "month" | "day">): string {
  return `${wall.year}-${String(wall.month).padStart(2, "0")}-${String(wall.day).padStart(2, "0")}`;
}

/** "2026-11-24" and "18:30" → a wall time (null when either is not a real date or time). */
export function parseWallTime(day: string, time: string): WallTime | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = { year: +d[1], month: +d[2], day: +d[3], hour: +t[1], minute: +t[2] };
  const check = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  if (check.getUTCFullYear() !== wall.year || check.getUTCMonth() !== wall.month - 1 || check.getUTCDate() !== wall.day)
    return null;
  if (wall.hour > 23 || wall.minute > 59) return null;
  return wall;
}
