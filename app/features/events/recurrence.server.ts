import * as rruleModule from "rrule";
import {
  dayKey,
  instantToWallTime,
  parseWallTime,
  type WallTime,
  wallTimeToInstant,
} from "../../platform/calendar/wall-time.server";
import { eventLimits, type RepeatKind } from "./constants";

export {
  dayKey,
  instantToWallTime,
  parseWallTime,
  type WallTime,
  wallTimeToInstant,
} from "../../platform/calendar/wall-time.server";

// Recurrence (RFC 5545 RRULE through the `rrule` library). Rules are expanded on the site's wall
// clock: the library works on "floating" times (UTC fields read as Costa Rica's clock), and each
// date it gives is turned into a real instant for America/Costa_Rica afterwards, so 18:00 stays
// 18:00 on every date of the rule whatever the zone's offsets do.

// The package is CommonJS under Node and ESM under Vite: take the class from whichever we got.
const rruleExports = rruleModule as unknown as typeof import("rrule") & { default?: typeof import("rrule") };
const RRule = rruleExports.RRule ?? rruleExports.default?.RRule;
const rrulestr = rruleExports.rrulestr ?? rruleExports.default?.rrulestr;

function floating(wall: WallTime): Date {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));
}

function fromFloating(date: Date): WallTime {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  };
}

function icsDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * The RRULE for a repeat kind: weekly on the first date's weekday, or monthly on its day of the
 * month (months without that day are skipped, as RFC 5545 says), up to and including `untilDay`.
 * Null for a one-off event.
 */
export function buildRule(options: { repeat: RepeatKind; untilDay: string | null }): string | null {
  if (options.repeat === "none" || !options.untilDay) return null;
  const until = parseWallTime(options.untilDay, "23:59");
  if (!until) return null;
  const freq = options.repeat === "weekly" ? "WEEKLY" : "MONTHLY";
  // UNTIL in floating form: the rule is expanded on the wall clock (see above).
  return `FREQ=${freq};UNTIL=${icsDate(floating(until))}`;
}

export interface PlannedOccurrence {
  key: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Every occurrence of an event: its first date, and with a rule each date the rule gives, capped at
 * `eventLimits.occurrencesMax` dates within `eventLimits.repeatMonthsMax` months of the first. Each
 * keeps the first occurrence's wall-clock start and length.
 */
export function expandOccurrences(options: {
  startsAt: Date;
  endsAt: Date;
  rrule: string | null;
}): PlannedOccurrence[] {
  const startWall = instantToWallTime(options.startsAt);
  const lengthMs = options.endsAt.getTime() - options.startsAt.getTime();
  const first = { key: dayKey(startWall), startsAt: options.startsAt, endsAt: options.endsAt };
  if (!options.rrule) return [first];
  const dtstart = floating(startWall);
  const rule = rrulestr(`DTSTART:${icsDate(dtstart)}\nRRULE:${options.rrule}`);
  const horizon = new Date(dtstart);
  horizon.setUTCMonth(horizon.getUTCMonth() + eventLimits.repeatMonthsMax);
  const dates = rule.between(
    dtstart,
    horizon,
    true,
    (_date: Date, index: number) => index < eventLimits.occurrencesMax,
  );
  if (!dates.length) return [first];
  return dates.map((date: Date) => {
    const wall = fromFloating(date);
    const startsAt = wallTimeToInstant(wall);
    return { key: dayKey(wall), startsAt, endsAt: new Date(startsAt.getTime() + lengthMs) };
  });
}

/** The rule in words' parts, for the page ("every week until …"). */
export function describeRule(rrule: string | null): { repeat: RepeatKind; untilDay: string | null } {
  if (!rrule) return { repeat: "none", untilDay: null };
  const parsed = RRule.parseString(rrule);
  const repeat: RepeatKind =
    parsed.freq === RRule.WEEKLY ? "weekly" : parsed.freq === RRule.MONTHLY ? "monthly" : "none";
  const until = parsed.until ? dayKey(fromFloating(parsed.until)) : null;
  return { repeat, untilDay: until };
}
