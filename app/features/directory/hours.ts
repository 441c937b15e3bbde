// Opening hours and "open now", computed in the site's time zone whatever the server's or the
// visitor's clock says. Pure: the business page, the directory filter's tests and the hours
// editor all share it.
import { siteTimeZone } from "#app/lib/format";
import { zonedParts } from "#app/lib/zoned-time";

const minutesPerDay = 1440;

/** Minutes since local midnight: opens 0–1439, closes 1–1440; closes ≤ opens runs past midnight. */
export interface OpeningPeriod {
  weekday: number;
  opensAt: number;
  closesAt: number;
}

/** Closed on every local date from startsOn to endsOn, inclusive (YYYY-MM-DD). */
export interface Closure {
  startsOn: string;
  endsOn: string;
  kind?: string;
  noteEn?: string;
  noteEs?: string;
}

export interface LocalMoment {
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

export interface TimePoint {
  date: string;
  weekday: number;
  minutes: number;
}

export type OpenStatus =
  | { open: true; closesAt: TimePoint | null }
  | { open: false; opensAt: TimePoint | null; closure: Closure | null };

/** The wall-clock date, weekday and minute of `instant` in `timeZone`. */
export function localMoment(instant: Date, timeZone: string = siteTimeZone): LocalMoment {
  const p = zonedParts(instant, timeZone);
  const date = `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
  return { date, weekday: weekdayOf(date), minutes: (p.hour % 24) * 60 + p.minute };
}

export function weekdayOf(isoDate: string): number {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function closureOn(closures: readonly Closure[], isoDate: string): Closure | null {
  return closures.find((closure) => closure.startsOn <= isoDate && isoDate <= closure.endsOn) ?? null;
}

interface Interval {
  /** Minutes relative to today's local midnight (negative: yesterday). */
  start: number;
  end: number;
  date: string;
  weekday: number;
}

/**
 * Every opening interval from `fromDay` to `toDay` days around today, skipping closed dates.
 * A closure applies to the day a period starts on: Friday's 18:00–02:00 is Friday's business.
 */
function intervals(
  periods: readonly OpeningPeriod[],
  closures: readonly Closure[],
  today: string,
  fromDay: number,
  toDay: number,
) {
  const list: Interval[] = [];
  for (let offset = fromDay; offset <= toDay; offset++) {
    const date = addDays(today, offset);
    if (closureOn(closures, date)) continue;
    const weekday = weekdayOf(date);
    for (const period of periods) {
      if (period.weekday !== weekday) continue;
      const start = offset * minutesPerDay + period.opensAt;
      const length =
        period.closesAt > period.opensAt
          ? period.closesAt - period.opensAt
          : period.closesAt + minutesPerDay - period.opensAt;
      list.push({ start, end: start + length, date, weekday });
    }
  }
  return list.sort((a, b) => a.start - b.start);
}

function pointAt(today: string, relativeMinutes: number): TimePoint {
  const dayOffset = Math.floor(relativeMinutes / minutesPerDay);
  const date = addDays(today, dayOffset);
  return { date, weekday: weekdayOf(date), minutes: relativeMinutes - dayOffset * minutesPerDay };
}

/**
 * Open or closed at `now`, with when it closes (following back-to-back periods, so a 24-hour
 * place or a 22:00–24:00 then 00:00–02:00 pair reads as one stretch) or when it next opens.
 */
export function openStatus(
  periods: readonly OpeningPeriod[],
  closures: readonly Closure[],
  now: Date,
  timeZone: string = siteTimeZone,
): OpenStatus {
  const moment = localMoment(now, timeZone);
  const list = intervals(periods, closures, moment.date, -1, 8);
  const current = list.find((interval) => interval.start <= moment.minutes && moment.minutes < interval.end);
  if (current) {
    let end = current.end;
    for (let extended = true; extended; ) {
      extended = false;
      for (const next of list) {
        if (next.start <= end && next.end > end) {
          end = next.end;
          extended = true;
        }
      }
      // Open around the clock all week: no closing time to show.
      if (end - moment.minutes > 7 * minutesPerDay) return { open: true, closesAt: null };
    }
    return { open: true, closesAt: pointAt(moment.date, end) };
  }
  const upcoming = list.find((interval) => interval.start > moment.minutes);
  return {
    open: false,
    opensAt: upcoming ? pointAt(moment.date, upcoming.start) : null,
    closure: closureOn(closures, moment.date),
  };
}

/** "HH:MM" (00:00–24:00) to minutes; null when it is not a time. */
export function parseClock(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}

/** Minutes to "HH:MM", the value an <input type="time"> takes (24:00 shows as 00:00). */
export function formatClock(minutes: number): string {
  const normalized = ((minutes % minutesPerDay) + minutesPerDay) % minutesPerDay;
  return `${String(Math.floor(normalized / 60)).padStart(2, "0")}:${String(normalized % 60).padStart(2, "0")}`;
}

/** Periods of one weekday, sorted, for display. */
export function periodsOn(periods: readonly OpeningPeriod[], weekday: number): OpeningPeriod[] {
  return periods.filter((period) => period.weekday === weekday).sort((a, b) => a.opensAt - b.opensAt);
}

/** Whether two periods on the same weekday overlap (an input error in the hours editor). */
export function overlapping(periods: readonly OpeningPeriod[]): boolean {
  for (let weekday = 0; weekday < 7; weekday++) {
    const day = periodsOn(periods, weekday).map((period) => ({
      start: period.opensAt,
      end: period.closesAt > period.opensAt ? period.closesAt : period.closesAt + minutesPerDay,
    }));
    for (let i = 1; i < day.length; i++) if (day[i].start < day[i - 1].end) return true;
  }
  return false;
}
