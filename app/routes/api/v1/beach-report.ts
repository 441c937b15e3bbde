import { data } from "react-router";
import { getBeachConditions } from "#app/features/beach/conditions.server";
import { toZonedIso } from "#app/features/beach/local-day";
import { buildTideReport, resolveBeachDay } from "#app/features/beach/report.server";
import { orApiError } from "#app/lib/errors.server";
import { type Language, languageFromAcceptLanguage, languages } from "#app/lib/i18n";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import type { Route } from "./+types/beach-report";

// The API's messages never repeat what was typed: a JSON answer is read by programs that may put
// it in a page or a log unescaped. Only values of our own (beach slugs, the date range) go in.
const apiErrors: Record<string, { code: string; messageKey: string }> = {
  "beach:errors.unknownBeach": { code: "unknown_beach", messageKey: "beach:apiErrors.unknownBeach" },
  "beach:errors.badDate": { code: "bad_date", messageKey: "beach:apiErrors.badDate" },
  "beach:errors.dateOutOfRange": { code: "date_out_of_range", messageKey: "beach:apiErrors.dateOutOfRange" },
};

const queryParams = {
  lang: searchParam.oneOf(languages),
  beach: searchParam.nullable(),
  date: searchParam.nullable(),
};

function apiLanguage(request: Request, requested: Language | undefined): Language {
  return requested ?? languageFromAcceptLanguage(request.headers.get("accept-language")) ?? "en";
}

/**
 * GET /api/v1/beach-report?beach=playa-flamingo&date=2026-11-22 — the computed tides, sun, moon
 * and best times for a beach and day (one year back to one year ahead), and its current report.
 * Times are ISO 8601 with the site's offset; heights are metres above the chart datum.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = readSearchParams(request, queryParams);
  const language = apiLanguage(request, query.lang);
  const day = await orApiError(
    language,
    () => resolveBeachDay({ beach: query.beach, date: query.date }),
    (error) => {
      const known = apiErrors[error.messageKey] ?? { code: error.code, messageKey: "beach:apiErrors.invalid" };
      const { known: beaches, min, max } = (error.details ?? {}) as { known?: string; min?: string; max?: string };
      return { ...known, values: { known: beaches, min, max } };
    },
  );
  const report = await buildTideReport(day);
  const conditions = await getBeachConditions({ beachSlug: day.beach.slug });
  const at = (instant: Date | null) => (instant ? toZonedIso(instant, day.timeZone) : null);
  const turn = (extreme: { time: Date; type: "high" | "low"; heightM: number }) => ({
    type: extreme.type,
    time: at(extreme.time),
    heightM: extreme.heightM,
  });
  const current = conditions.current;
  return data(
    {
      beach: {
        slug: day.beach.slug,
        name: day.beach.name,
        latitude: day.beach.latitude,
        longitude: day.beach.longitude,
      },
      date: day.date,
      timeZone: day.timeZone,
      range: day.range,
      heights: { unit: "m", datum: report.station.datum },
      tides: report.extremes.map(turn),
      week: report.week.map((tideDay) => ({ date: tideDay.date, tides: tideDay.extremes.map(turn) })),
      sun: {
        sunrise: at(report.sky.sunrise),
        sunset: at(report.sky.sunset),
        goldenHourMorningEnd: at(report.sky.goldenHourMorningEnd),
        goldenHourEveningStart: at(report.sky.goldenHourEveningStart),
        solarNoon: at(report.sky.solarNoon),
      },
      moon: {
        rise: at(report.sky.moonrise),
        set: at(report.sky.moonset),
        phase: report.sky.moonPhase,
        illumination: Math.round(report.sky.moonIllumination * 1000) / 1000,
      },
      bestTimes: report.best.map((best) => ({
        activity: best.activity,
        rule: best.rule,
        ...("time" in best ? { time: at(best.time), heightM: best.heightM } : {}),
        ...("start" in best ? { start: at(best.start), end: at(best.end) } : {}),
      })),
      conditions: {
        current: current
          ? {
              id: current.id,
              reportedAt: at(current.createdAt),
              author: current.author.name,
              surfSize: current.surfSize,
              surfQuality: current.surfQuality,
              wind: current.wind,
              windDirection: current.windDirection,
              waterClarity: current.waterClarity,
              waterTempC: current.waterTempC,
              flag: current.flag,
              jellyfish: current.jellyfish,
              sargassum: current.sargassum,
              crowd: current.crowd,
              note: current.note,
              noteLanguage: current.noteLanguage,
            }
          : null,
      },
      station: {
        id: report.station.id,
        name: report.station.name,
        type: report.station.type,
        distanceKm: report.station.distanceKm,
        reference: report.station.reference,
        offsets: report.station.offsets,
        attribution: report.station.attribution,
        source: report.station.sourceName,
        notForNavigation: true,
      },
    },
    { headers: { "Cache-Control": "public, max-age=60, s-maxage=300, stale-while-revalidate=600" } },
  );
}
