import { AppError } from "#app/lib/errors";
import { getSiteConfig, listBeaches } from "#app/platform/site/site-config.server";
import { type BestTime, bestTimes } from "./best-time";
import { addDays, addYears, localDateOf, localDayInterval, parseIsoDate } from "./local-day";
import { type SkyDay, skyForDay } from "./sky.server";
import {
  describeTideStation,
  predictCurve,
  predictExtremes,
  predictTideDays,
  type TideDay,
  type TideExtreme,
  type TidePoint,
  type TideStationInfo,
} from "./tides.server";

export interface Beach {
  slug: string;
  name: string;
  areaSlug: string;
  latitude: number;
  longitude: number;
}

export interface BeachDay {
  beach: Beach;
  beaches: Beach[];
  date: string;
  today: string;
  /** The dates the report answers for: one year back to one year ahead of today. */
  range: { min: string; max: string };
  timeZone: string;
  stationId: string;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Checks the beach and date a visitor asked for. Missing ones default to the first beach and to
 * today; wrong ones are an AppError("invalid") whose message names the problem.
 */
export async function resolveBeachDay(options: {
  beach?: string | null;
  date?: string | null;
  now?: Date;
}): Promise<BeachDay> {
  const [site, beaches] = await Promise.all([getSiteConfig("en"), listBeaches()]);
  if (!site.tideStationId) throw new Error("site_settings.tide_station_id is not configured");
  if (beaches.length === 0) throw new Error("no beaches are configured");
  const today = localDateOf(options.now ?? new Date(), site.timeZone);
  const range = { min: addYears(today, -1), max: addYears(today, 1) };

  const requestedBeach = options.beach?.trim();
  const beach = requestedBeach ? beaches.find((candidate) => candidate.slug === requestedBeach) : beaches[0];
  if (!beach) {
    throw new AppError("invalid", "beach:errors.unknownBeach", {
      beach: requestedBeach?.slice(0, 60),
      known: beaches.map((candidate) => candidate.slug).join(", "),
    });
  }
  const requestedDate = options.date?.trim();
  const date = requestedDate || today;
  if (!parseIsoDate(date)) throw new AppError("invalid", "beach:errors.badDate", { date: date.slice(0, 40) });
  if (date < range.min || date > range.max)
    throw new AppError("invalid", "beach:errors.dateOutOfRange", { date, ...range });
  return { beach, beaches, date, today, range, timeZone: site.timeZone, stationId: site.tideStationId };
}

function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(h));
}

export interface TideReport {
  station: TideStationInfo & { distanceKm: number };
  day: { start: Date; end: Date };
  extremes: TideExtreme[];
  curve: TidePoint[];
  /** Lowest and highest level of the week shown, so the curve's scale stays put day to day. */
  scale: { minM: number; maxM: number };
  week: TideDay[];
  sky: SkyDay;
  best: BestTime[];
  /** The next high or low after `now`, when the day shown is today. */
  next: TideExtreme | null;
}

type ComputedDay = Omit<TideReport, "next"> & { turns: TideExtreme[] };

// Predictions are pure functions of station, place and date, so a few recent days are kept in
// memory: the home page and the report ask for today over and over. A cache, never state: any
// instance computes the same answer.
const computedDays = new Map<string, ComputedDay>();
const computedDaysMax = 64;

async function computeDay(day: BeachDay): Promise<ComputedDay> {
  const key = [day.stationId, day.date, day.timeZone, day.beach.latitude, day.beach.longitude].join("|");
  const cached = computedDays.get(key);
  if (cached) {
    computedDays.delete(key);
    computedDays.set(key, cached);
    return cached;
  }
  // Only answers are kept: a failure (the tide database could not be read) is tried again next time.
  const computed = await computeDayNow(day);
  computedDays.set(key, computed);
  if (computedDays.size > computedDaysMax) computedDays.delete(computedDays.keys().next().value as string);
  return computed;
}

async function computeDayNow(day: BeachDay): Promise<ComputedDay> {
  const info = await describeTideStation(day.stationId);
  const interval = localDayInterval(day.date, day.timeZone);
  const week = await predictTideDays({ stationId: day.stationId, date: day.date, days: 7, timeZone: day.timeZone });
  const curve = await predictCurve({
    stationId: day.stationId,
    start: interval.start,
    end: interval.end,
    stepMinutes: 10,
  });
  const sky = skyForDay({
    date: day.date,
    latitude: day.beach.latitude,
    longitude: day.beach.longitude,
    timeZone: day.timeZone,
  });
  // A rise that starts the evening before can be the morning's surf window.
  const turns = await predictExtremes({
    stationId: day.stationId,
    start: new Date(interval.start.getTime() - dayMs),
    end: new Date(interval.end.getTime() + dayMs),
  });
  const levels = [...curve.map((point) => point.heightM), ...week.flatMap((d) => d.extremes.map((e) => e.heightM))];
  return {
    station: { ...info, distanceKm: Math.round(distanceKm(day.beach, info) * 10) / 10 },
    day: interval,
    extremes: week[0].extremes,
    curve,
    scale: { minM: Math.min(...levels), maxM: Math.max(...levels) },
    week,
    sky,
    best: bestTimes({ turns, light: sky, day: interval }),
    turns,
  };
}

/** Everything computed (not reported) about a beach on a day: tides, sun, moon and best times. */
export async function buildTideReport(day: BeachDay, now: Date = new Date()): Promise<TideReport> {
  const { turns, ...computed } = await computeDay(day);
  const next = day.date === day.today ? (turns.find((turn) => turn.time > now) ?? null) : null;
  return { ...computed, next };
}

/** The dates before and after, when they are inside the range. */
export function neighbourDates(day: BeachDay) {
  const previous = addDays(day.date, -1);
  const next = addDays(day.date, 1);
  return { previous: previous >= day.range.min ? previous : null, next: next <= day.range.max ? next : null };
}
