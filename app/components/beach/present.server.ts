import type { TFunction } from "i18next";
import type { BestTime } from "#app/features/beach/best-time";
import {
  type ConditionField,
  conditionFieldNames,
  observationNoteMax,
  photoMaxBytes,
  reportNoteMax,
  waterTempRangeC,
} from "#app/features/beach/conditions";
import type { BeachConditions, ConditionReport, Observation } from "#app/features/beach/conditions.server";
import { startOfLocalDay } from "#app/features/beach/local-day";
import type { MarineForecast } from "#app/features/beach/marine.server";
import type { BeachDay, TideReport } from "#app/features/beach/report.server";
import { formatAge } from "#app/features/beach/summary.server";
import type { TideExtreme } from "#app/features/beach/tides.server";
import {
  celsiusToFahrenheit,
  compassPoint,
  formatHeight,
  formatHeightOther,
  formatSpeed,
  formatTemperature,
  metresToFeet,
  temperatureUnitLabel,
  type UnitSystem,
} from "#app/features/beach/units";
import { dateTimeFormat, formatDate, formatNumber, numberFormat, numberLocale } from "#app/lib/format";
import type { Language } from "#app/lib/i18n";

// Turns computed and reported data into the strings the page shows, on the server, in the
// visitor's language and units. Components then only lay them out, and the server-rendered HTML
// and the hydrated page cannot disagree about a time's format.

export interface TurnView {
  type: "high" | "low";
  label: string;
  time: string;
  height: string;
  heightOther: string;
  heightM: number;
  /** Minutes from the start of the local day, for the curve. */
  minute: number;
}

/** What a condition report and an "I'm here" note show alike: who, when, and the note. */
export interface PostView {
  id: number;
  authorId: string;
  authorName: string;
  age: string;
  /** When it was posted, in words for the reader. */
  postedAt: string;
  /** The same moment for the markup's `datetime`. */
  postedAtIso: string;
  isOld: boolean;
  note: string;
  noteLang: Language;
  /** Set when the note is in the other language, so the reader knows why. */
  noteLanguageLabel: string | null;
}

export interface ReportView extends PostView {
  photoUrl: string | null;
  fields: { key: ConditionField | "waterTemp"; label: string; value: string }[];
}

export type ObservationView = PostView;

export type MarineView =
  | { status: "notConfigured" | "outOfRange" | "unavailable" | "noData"; message: string }
  | {
      status: "ok";
      source: string;
      windSource: string | null;
      hasWind: boolean;
      rows: { time: string; swell: string; period: string; direction: string; wind: string; seaTemp: string }[];
    };

function timeFormatter(language: Language, timeZone: string) {
  const format = dateTimeFormat(numberLocale[language], { timeZone, hour: "numeric", minute: "2-digit" });
  return (instant: Date) => format.format(instant);
}

/** "2 h ago", "hace 3 días": ages are computed on the server, so the page needs no clock. */
export function presentTurn(
  turn: TideExtreme,
  options: { t: TFunction; language: Language; units: UnitSystem; timeZone: string; dayStart: Date },
): TurnView {
  const time = timeFormatter(options.language, options.timeZone);
  return {
    type: turn.type,
    label: options.t(turn.type === "high" ? "beach:tides.high" : "beach:tides.low"),
    time: time(turn.time),
    height: formatHeight(turn.heightM, options.units, options.language),
    heightOther: formatHeightOther(turn.heightM, options.units, options.language),
    heightM: turn.heightM,
    minute: Math.round((turn.time.getTime() - options.dayStart.getTime()) / 60_000),
  };
}

function presentBest(
  best: BestTime,
  options: { t: TFunction; language: Language; units: UnitSystem; timeZone: string },
) {
  const time = timeFormatter(options.language, options.timeZone);
  const key = `beach:best.${best.activity}.${best.rule}`;
  const values =
    best.rule === "daylightLow"
      ? { time: time(best.time), height: formatHeight(best.heightM, options.units, options.language) }
      : best.rule === "midRising" || best.rule === "goldenHour"
        ? { start: time(best.start), end: time(best.end) }
        : {};
  return {
    id: `${best.activity}-${best.rule}`,
    activity: best.activity,
    text: options.t(key, values),
    rule: options.t(`beach:best.rules.${best.rule}`),
  };
}

function conditionValue(report: ConditionReport, field: ConditionField, t: TFunction): string | null {
  const value = report[field];
  return value ? t(`beach:conditions.${field}.${value}`) : null;
}

export function presentReport(
  report: ConditionReport,
  options: { t: TFunction; language: Language; units: UnitSystem },
): ReportView {
  const { t, language, units } = options;
  const fields: ReportView["fields"] = [];
  for (const field of conditionFieldNames) {
    const value = conditionValue(report, field, t);
    if (value) fields.push({ key: field, label: t(`beach:conditions.fields.${field}`), value });
    if (field === "waterClarity" && report.waterTempC !== null) {
      fields.push({
        key: "waterTemp",
        label: t("beach:conditions.fields.waterTemp"),
        value: formatTemperature(report.waterTempC, units, language),
      });
    }
  }
  return { ...presentPost(report, options), photoUrl: report.photoUrl, fields };
}

export function presentObservation(
  observation: Observation,
  options: { t: TFunction; language: Language },
): ObservationView {
  return presentPost(observation, options);
}

function presentPost(post: ConditionReport | Observation, { t, language }: { t: TFunction; language: Language }) {
  return {
    id: post.id,
    authorId: post.author.id,
    authorName: post.author.name,
    age: formatAge(post.ageMinutes, t),
    postedAt: formatDate(post.createdAt, language, { dateStyle: "medium", timeStyle: "short" }),
    postedAtIso: new Date(post.createdAt).toISOString(),
    isOld: post.isOld,
    note: post.note,
    noteLang: post.noteLanguage,
    // A report's note may be empty; an observation's never is (its table checks).
    noteLanguageLabel:
      post.note && post.noteLanguage !== language ? t(`beach:conditions.noteLanguage.${post.noteLanguage}`) : null,
  } satisfies PostView;
}

export function presentConditions(
  conditions: BeachConditions,
  options: { t: TFunction; language: Language; units: UnitSystem },
) {
  return {
    current: conditions.current ? presentReport(conditions.current, options) : null,
    earlier: conditions.earlier.map((report) => presentReport(report, options)),
    observations: conditions.observations.map((observation) => presentObservation(observation, options)),
  };
}

export function presentMarine(
  forecast: MarineForecast,
  options: { t: TFunction; language: Language; units: UnitSystem; date: string; timeZone: string },
): MarineView {
  const { t, language, units } = options;
  if (forecast.status !== "ok") return { status: forecast.status, message: t(`beach:marine.${forecast.status}`) };
  const dayStart = startOfLocalDay(options.date, options.timeZone);
  const time = timeFormatter(language, options.timeZone);
  // Every three hours is enough to see the swell change through the day on a phone.
  const rows = forecast.hours
    .filter((hour) => /T(00|03|06|09|12|15|18|21):00/.test(hour.time))
    .filter((hour) => hour.swellHeightM !== null || hour.windSpeedKmh !== null)
    .map((hour) => {
      const [h, m] = hour.time.slice(11, 16).split(":").map(Number);
      const direction = hour.swellDirectionDeg;
      const windDirection = hour.windDirectionDeg;
      const wind =
        hour.windSpeedKmh === null
          ? "—"
          : [
              formatSpeed(hour.windSpeedKmh, units, language),
              windDirection === null ? "" : t(`beach:marine.compass.${compassPoint(windDirection)}`),
              hour.windGustKmh === null
                ? ""
                : `(${t("beach:marine.gusts", { value: formatSpeed(hour.windGustKmh, units, language) })})`,
            ]
              .filter(Boolean)
              .join(" ");
      return {
        time: time(new Date(dayStart.getTime() + (h * 60 + m) * 60_000)),
        swell: hour.swellHeightM === null ? "—" : formatHeight(hour.swellHeightM, units, language),
        period:
          hour.swellPeriodS === null
            ? "—"
            : t("beach:marine.seconds", { value: formatNumber(Math.round(hour.swellPeriodS), language) }),
        direction:
          direction === null
            ? "—"
            : `${t(`beach:marine.compass.${compassPoint(direction)}`)} (${formatNumber(Math.round(direction), language)}°)`,
        wind,
        seaTemp: hour.seaTempC === null ? "—" : formatTemperature(hour.seaTempC, units, language),
      };
    });
  if (rows.length === 0) return { status: "noData", message: t("beach:marine.noData") };
  return {
    status: "ok",
    source: t("beach:marine.source", { source: forecast.source, time: time(forecast.fetchedAt) }),
    windSource: forecast.windSource ? t("beach:marine.windSource", { source: forecast.windSource }) : null,
    hasWind: rows.some((row) => row.wind !== "—"),
    rows,
  };
}

/** Axis ticks in the reader's unit: every metre, or every two feet. */
function heightTicks(minM: number, maxM: number, units: UnitSystem, language: Language) {
  const toUnit = (metres: number) => (units === "metric" ? metres : metresToFeet(metres));
  const step = units === "metric" ? 1 : 2;
  const ticks: { heightM: number; label: string }[] = [];
  for (let value = Math.ceil(toUnit(minM) / step) * step; value <= toUnit(maxM); value += step) {
    const heightM = units === "metric" ? value : value / 3.28084;
    ticks.push({ heightM, label: `${formatNumber(value || 0, language)} ${units === "metric" ? "m" : "ft"}` });
  }
  return ticks;
}

export function presentTideReport(
  report: TideReport,
  day: BeachDay,
  options: { t: TFunction; language: Language; units: UnitSystem; now: Date },
) {
  const { t, language, units } = options;
  const context = { t, language, units, timeZone: day.timeZone, dayStart: report.day.start };
  const time = timeFormatter(language, day.timeZone);
  const dayMinutes = Math.round((report.day.end.getTime() - report.day.start.getTime()) / 60_000);
  const minuteOf = (instant: Date | null) =>
    instant ? Math.round((instant.getTime() - report.day.start.getTime()) / 60_000) : null;
  const turns = report.extremes.map((turn) => presentTurn(turn, context));
  const dateLabel = formatDate(report.day.start, language, { dateStyle: "full" });
  const padding = 0.2;
  const scaleMin = Math.floor((report.scale.minM - padding) * 2) / 2;
  const scaleMax = Math.ceil((report.scale.maxM + padding) * 2) / 2;
  const sky = report.sky;
  const value = (instant: Date | null) => (instant ? time(instant) : t("beach:sky.noEvent"));
  const span = (from: Date | null, to: Date | null) =>
    from && to ? `${time(from)}–${time(to)}` : t("beach:sky.noEvent");
  return {
    dateLabel,
    turns,
    next: report.next
      ? t("beach:tides.next", {
          type: t(report.next.type === "high" ? "beach:tides.high" : "beach:tides.low").toLowerCase(),
          time: time(report.next.time),
          height: formatHeight(report.next.heightM, units, language),
        })
      : null,
    curve: {
      title: t("beach:tides.curveTitle", { date: formatDate(report.day.start, language, { dateStyle: "long" }) }),
      description: t("beach:tides.curveDescription", {
        turns: turns.map((turn) => `${turn.label} ${turn.time} (${turn.height})`).join(", "),
      }),
      dayMinutes,
      points: report.curve.map(
        (point) => [minuteOf(point.time) ?? 0, Math.round(point.heightM * 1000) / 1000] as [number, number],
      ),
      scaleMin,
      scaleMax,
      ticks: heightTicks(scaleMin, scaleMax, units, language),
      hours: [0, 6, 12, 18].map((hour) => ({
        minute: hour * 60,
        label: dateTimeFormat(numberLocale[language], { timeZone: day.timeZone, hour: "numeric" }).format(
          new Date(report.day.start.getTime() + hour * 3_600_000),
        ),
      })),
      sunriseMinute: minuteOf(sky.sunrise),
      sunsetMinute: minuteOf(sky.sunset),
      nowMinute: day.date === day.today ? minuteOf(options.now) : null,
      nowLabel: t("beach:tides.now"),
    },
    week: report.week.map((tideDay) => {
      const start = startOfLocalDay(tideDay.date, day.timeZone);
      return {
        date: tideDay.date,
        label: formatDate(start, language, { weekday: "short", day: "numeric", month: "short" }),
        turns: tideDay.extremes.map((turn) => presentTurn(turn, { ...context, dayStart: start })),
      };
    }),
    best: report.best.map((best) => presentBest(best, { t, language, units, timeZone: day.timeZone })),
    sky: {
      rows: [
        { key: "sunrise", label: t("beach:sky.sunrise"), value: value(sky.sunrise) },
        { key: "sunset", label: t("beach:sky.sunset"), value: value(sky.sunset) },
        {
          key: "goldenMorning",
          label: t("beach:sky.goldenMorning"),
          value: span(sky.sunrise, sky.goldenHourMorningEnd),
        },
        {
          key: "goldenEvening",
          label: t("beach:sky.goldenEvening"),
          value: span(sky.goldenHourEveningStart, sky.sunset),
        },
        { key: "moonrise", label: t("beach:sky.moonrise"), value: value(sky.moonrise) },
        { key: "moonset", label: t("beach:sky.moonset"), value: value(sky.moonset) },
      ],
      moonPhase: t(`beach:sky.phases.${sky.moonPhase}`),
      moonPhaseKey: sky.moonPhase,
      moonWaxing: sky.moonWaxing,
      moonLit: t("beach:sky.lit", {
        percent: numberFormat(numberLocale[language], { style: "percent", maximumFractionDigits: 0 }).format(
          sky.moonIllumination,
        ),
      }),
      moonIllumination: sky.moonIllumination,
    },
    attribution: [
      report.station.type === "subordinate" && report.station.reference && report.station.offsets
        ? t("beach:attribution.subordinate", {
            station: report.station.name,
            distance: formatNumber(report.station.distanceKm, language),
            beach: day.beach.name,
            reference: report.station.reference.name,
            timeHigh: formatNumber(report.station.offsets.timeHighMin, language, { signDisplay: "always" }),
            timeLow: formatNumber(report.station.offsets.timeLowMin, language, { signDisplay: "always" }),
          })
        : t("beach:attribution.reference", {
            station: report.station.name,
            distance: formatNumber(report.station.distanceKm, language),
            beach: day.beach.name,
          }),
      t("beach:attribution.data", { attribution: report.station.attribution, source: report.station.sourceName }),
      t("beach:attribution.notForNavigation"),
      t("beach:attribution.sunMoon"),
    ],
    sourceUrl: report.station.sourceUrl,
  };
}

/** Limits the forms show next to their fields, in the reader's units. */
export function formLimits(units: UnitSystem, language: Language) {
  const min = units === "metric" ? waterTempRangeC.min : Math.round(celsiusToFahrenheit(waterTempRangeC.min));
  const max = units === "metric" ? waterTempRangeC.max : Math.round(celsiusToFahrenheit(waterTempRangeC.max));
  return {
    temperatureUnit: temperatureUnitLabel(units),
    temperatureMin: min,
    temperatureMax: max,
    temperatureRange: {
      min: `${formatNumber(min, language)} ${temperatureUnitLabel(units)}`,
      max: `${formatNumber(max, language)} ${temperatureUnitLabel(units)}`,
    },
    reportNoteMax,
    observationNoteMax,
    photoMaxMb: photoMaxBytes / 1024 / 1024,
  };
}
