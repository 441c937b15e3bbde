// `useStation` is not a React hook, whatever its name: alias it so nobody reads it as one.
import { type StationPredictor, useStation as stationPredictor } from "@neaps/tide-predictor";
import { AppError } from "#app/lib/errors";
import { addDays, localDateOf, localDayInterval, roundToMinute } from "./local-day";
import { type FoundStation, findStation } from "./stations.server";

// Tides are computed here, offline, from the station's harmonic constants. A subordinate station
// (TWC0349 Bahía de Culebra) has no constants of its own: the database hands back its reference
// station's (Puntarenas 9684403) and the station's four offsets, and the library's station predictor applies them —
// time offsets to each high and low, height offsets to their levels — and reports levels above the
// station's chart datum (MLLW) instead of the harmonic mean sea level.

export interface TideExtreme {
  /** Rounded to the minute, as published tables are. */
  time: Date;
  type: "high" | "low";
  /** Metres above the chart datum. */
  heightM: number;
}

export interface TidePoint {
  time: Date;
  heightM: number;
}

export interface TideStationInfo {
  id: string;
  name: string;
  type: "reference" | "subordinate";
  latitude: number;
  longitude: number;
  datum: string | null;
  attribution: string;
  sourceName: string;
  sourceUrl: string | null;
  licenseUrl: string | null;
  reference: { id: string; name: string } | null;
  offsets: {
    timeHighMin: number;
    timeLowMin: number;
    heightHigh: number;
    heightLow: number;
    heightType: "fixed" | "ratio";
  } | null;
}

const predictors = new Map<string, StationPredictor>();

async function stationOf(stationId: string): Promise<FoundStation> {
  const found = await findStation(stationId);
  if (!found) throw new AppError("not_found", "beach:errors.unknownStation", { station: stationId });
  return found;
}

async function predictorFor(stationId: string): Promise<StationPredictor> {
  const { station } = await stationOf(stationId);
  let predictor = predictors.get(station.id);
  if (!predictor) {
    predictor = stationPredictor(station as never);
    predictors.set(station.id, predictor);
  }
  return predictor;
}

export async function describeTideStation(stationId: string): Promise<TideStationInfo> {
  const { station, reference } = await stationOf(stationId);
  const offsets = station.offsets;
  return {
    id: station.id,
    name: station.name,
    type: station.type,
    latitude: station.latitude,
    longitude: station.longitude,
    datum: station.chart_datum ?? null,
    attribution: station.attribution,
    sourceName: station.source.name,
    sourceUrl: station.source.url ?? null,
    licenseUrl: station.license?.url ?? null,
    reference,
    offsets: offsets
      ? {
          timeHighMin: offsets.time?.high ?? 0,
          timeLowMin: offsets.time?.low ?? 0,
          heightHigh: offsets.height?.high ?? 0,
          heightLow: offsets.height?.low ?? 0,
          heightType: offsets.height?.type === "fixed" ? "fixed" : "ratio",
        }
      : null,
  };
}

// Offsets move a reference extreme by a few minutes (hours, at some stations), so one found just
// outside the window can belong inside it and the other way round: search a padded window and keep
// what lands in the requested one after the offsets.
const searchPaddingMs = 6 * 60 * 60 * 1000;

/** Highs and lows whose (minute-rounded) time falls in [start, end). */
export async function predictExtremes(options: { stationId: string; start: Date; end: Date }): Promise<TideExtreme[]> {
  const { extremes } = (await predictorFor(options.stationId)).getExtremesPrediction({
    start: new Date(options.start.getTime() - searchPaddingMs),
    end: new Date(options.end.getTime() + searchPaddingMs),
  });
  return extremes
    .map((extreme) => ({
      time: roundToMinute(extreme.time),
      type: extreme.high ? ("high" as const) : ("low" as const),
      heightM: Math.round(extreme.level * 1000) / 1000,
    }))
    .filter((extreme) => extreme.time >= options.start && extreme.time < options.end);
}

/** Water level every `stepMinutes` from start to end inclusive: the tide curve. */
export async function predictCurve(options: {
  stationId: string;
  start: Date;
  end: Date;
  stepMinutes?: number;
}): Promise<TidePoint[]> {
  const { timeline } = (await predictorFor(options.stationId)).getTimelinePrediction({
    start: options.start,
    end: options.end,
    timeFidelity: (options.stepMinutes ?? 10) * 60,
  });
  return timeline.map((point) => ({ time: point.time, heightM: Math.round(point.level * 1000) / 1000 }));
}

export interface TideDay {
  date: string;
  extremes: TideExtreme[];
}

/** The highs and lows of each local day from `date`, for `days` days. */
export async function predictTideDays(options: {
  stationId: string;
  date: string;
  days: number;
  timeZone: string;
}): Promise<TideDay[]> {
  const first = localDayInterval(options.date, options.timeZone);
  const last = localDayInterval(addDays(options.date, options.days - 1), options.timeZone);
  const extremes = await predictExtremes({ stationId: options.stationId, start: first.start, end: last.end });
  const days: TideDay[] = Array.from({ length: options.days }, (_, i) => ({
    date: addDays(options.date, i),
    extremes: [],
  }));
  for (const extreme of extremes) {
    const day = days.find((candidate) => candidate.date === localDateOf(extreme.time, options.timeZone));
    day?.extremes.push(extreme);
  }
  return days;
}
