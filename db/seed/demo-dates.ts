import { addDays } from "#app/features/events/calendar";
import { dayKey, instantToWallTime, parseWallTime, wallTimeToInstant } from "#app/platform/calendar/wall-time.server";

// The demo's activity is dated from the day the seed runs, on the site's clock, so a fresh demo
// always shows last week's bookings, this morning's beach report and the coming days' requests.

/** The site's local day `offset` days from the seed's day, YYYY-MM-DD. */
export function demoDay(now: Date, offset: number): string {
  return addDays(dayKey(instantToWallTime(now)), offset);
}

/** The instant of a local time on the site's clock, `offset` days from the seed's day. */
export function demoInstant(now: Date, offset: number, time: string): Date {
  const wall = parseWallTime(demoDay(now, offset), time);
  if (!wall) throw new Error(`bad demo time: ${time}`);
  return wallTimeToInstant(wall);
}

export const hoursBefore = (instant: Date, hours: number) => new Date(instant.getTime() - hours * 3_600_000);
