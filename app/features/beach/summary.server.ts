import type { TFunction } from "i18next";
import { dateTimeFormat, numberLocale } from "#app/lib/format";
import type { Language } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { contentMemo } from "#app/lib/minute-memo.server";
import { listConditionReports } from "./conditions.server";
import { buildTideReport, resolveBeachDay } from "./report.server";
import { defaultUnitSystem, formatHeight } from "./units";

/** How long ago a report was posted, in words ("20 minutes ago"). */
export function formatAge(ageMinutes: number, t: TFunction): string {
  if (ageMinutes < 1) return t("beach:conditions.age.justNow");
  if (ageMinutes < 60) return t("beach:conditions.age.minutes", { count: ageMinutes });
  if (ageMinutes < 48 * 60) return t("beach:conditions.age.hours", { count: Math.floor(ageMinutes / 60) });
  return t("beach:conditions.age.days", { count: Math.floor(ageMinutes / (24 * 60)) });
}

export interface BeachSummary {
  beachName: string;
  beachSlug: string;
  nextTide: string | null;
  sun: string | null;
  bestTime: string | null;
  report: string;
  hasCurrentReport: boolean;
  /** When this was computed: the page may be a cached copy up to a minute or two old. */
  asOf: string;
}

// The summary changes with the minute (next tide, "reported 5 minutes ago") and with new reports:
// computed once per language, minute and beach content version rather than on every home page.
const summaries = contentMemo<BeachSummary | null>(["beach"]);

/**
 * Today at the first configured beach, for the home page: the next tide, sun times, the best-time
 * line and how fresh the latest report is. The home page must not fail because of it: an error
 * is logged and the summary left out.
 */
export async function getBeachSummary(options: {
  language: Language;
  t: TFunction;
  now?: Date;
}): Promise<BeachSummary | null> {
  if (options.now) return computeBeachSummary({ ...options, now: options.now });
  const now = new Date();
  return summaries(options.language, now, () => computeBeachSummary({ ...options, now }));
}

async function computeBeachSummary(options: {
  language: Language;
  t: TFunction;
  now: Date;
}): Promise<BeachSummary | null> {
  const { language, t } = options;
  try {
    const now = options.now;
    const day = await resolveBeachDay({ now });
    const report = await buildTideReport(day, now);
    const units = defaultUnitSystem(language);
    const time = dateTimeFormat(numberLocale[language], {
      timeZone: day.timeZone,
      hour: "numeric",
      minute: "2-digit",
    });
    const [latest] = await listConditionReports({ beachSlugs: [day.beach.slug], now, limit: 1 });
    const best = report.best.find((suggestion) => suggestion.rule === "daylightLow" || suggestion.rule === "midRising");
    return {
      beachName: day.beach.name,
      beachSlug: day.beach.slug,
      nextTide: report.next
        ? t("beach:summary.nextTide", {
            type: t(report.next.type === "high" ? "beach:tides.high" : "beach:tides.low").toLowerCase(),
            time: time.format(report.next.time),
            height: formatHeight(report.next.heightM, units, language),
          })
        : null,
      sun:
        report.sky.sunrise && report.sky.sunset
          ? t("beach:summary.sun", { sunrise: time.format(report.sky.sunrise), sunset: time.format(report.sky.sunset) })
          : null,
      bestTime: best
        ? best.rule === "daylightLow"
          ? t("beach:best.tidePools.daylightLow", {
              time: time.format(best.time),
              height: formatHeight(best.heightM, units, language),
            })
          : best.rule === "midRising"
            ? t("beach:best.surf.midRising", { start: time.format(best.start), end: time.format(best.end) })
            : null
        : null,
      report:
        latest && !latest.isOld
          ? t("beach:summary.report", { age: formatAge(latest.ageMinutes, t) })
          : t("beach:summary.noReport"),
      hasCurrentReport: !!latest && !latest.isOld,
      asOf: time.format(now),
    };
  } catch (error) {
    logger.error({ err: error }, "beach summary for the home page failed");
    return null;
  }
}
