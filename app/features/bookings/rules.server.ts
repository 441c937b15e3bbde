import { dayKey, instantToWallTime, parseWallTime, wallTimeToInstant } from "#app/platform/calendar/wall-time.server";
import { bookingLimits } from "./constants";

// Whether a start time can be booked: the service runs that weekday at that time, the day is not
// blacked out, it is far enough ahead for the lead time and not beyond the booking horizon.
// Pure, so the rules are tested without a database; dates and times are on the site's clock.

export interface SlotRuleService {
  active: boolean;
  slotTimes: string[];
  weekdays: number[];
  leadTimeHours: number;
}

export type SlotCheck =
  | { ok: true; startsAt: Date }
  | { ok: false; field: "date" | "time" | "serviceId"; key: string; values?: Record<string, number> };

export function checkSlot(options: {
  service: SlotRuleService;
  day: string;
  time: string;
  now: Date;
  blackoutDays: ReadonlySet<string>;
}): SlotCheck {
  const { service, day, time, now } = options;
  if (!service.active) return { ok: false, field: "serviceId", key: "bookings:errors.service" };
  const wall = parseWallTime(day, time);
  if (!wall) return { ok: false, field: "date", key: "bookings:errors.date" };
  if (!service.slotTimes.includes(time)) return { ok: false, field: "time", key: "bookings:errors.notASlot" };
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  if (!service.weekdays.includes(weekday)) return { ok: false, field: "date", key: "bookings:errors.closedThatDay" };
  if (options.blackoutDays.has(day)) return { ok: false, field: "date", key: "bookings:errors.blackout" };
  const startsAt = wallTimeToInstant(wall);
  if (startsAt.getTime() <= now.getTime()) return { ok: false, field: "date", key: "bookings:errors.past" };
  if (startsAt.getTime() < now.getTime() + service.leadTimeHours * 3_600_000)
    return { ok: false, field: "time", key: "bookings:errors.tooSoon", values: { count: service.leadTimeHours } };
  if (startsAt.getTime() > now.getTime() + bookingLimits.daysAheadMax * 86_400_000)
    return {
      ok: false,
      field: "date",
      key: "bookings:errors.tooFarAhead",
      values: { count: bookingLimits.daysAheadMax },
    };
  return { ok: true, startsAt };
}

/** Today's date on the site's clock, YYYY-MM-DD. */
export function siteToday(now: Date = new Date()): string {
  return dayKey(instantToWallTime(now));
}
