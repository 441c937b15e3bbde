import { Clock } from "#app/components/ui/icons";
import { addDays, type OpenStatus, type TimePoint } from "#app/features/directory/hours";
import { dateTimeFormat, numberLocale } from "#app/lib/format";
import type { Language } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

/** "7:30 PM" / "19:30" for minutes since midnight, in the page's locale. */
export function formatMinutes(minutes: number, language: Language): string {
  return dateTimeFormat(numberLocale[language], {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(2000, 0, 1, 0, minutes)));
}

export function weekdayName(weekday: number, language: Language, style: "long" | "short" = "long"): string {
  // 2023-01-01 was a Sunday.
  return dateTimeFormat(numberLocale[language], { weekday: style, timeZone: "UTC" }).format(
    new Date(Date.UTC(2023, 0, 1 + weekday)),
  );
}

function when(
  point: TimePoint,
  today: string,
  language: Language,
  t: (key: string, values?: Record<string, unknown>) => string,
) {
  const time = formatMinutes(point.minutes, language);
  if (point.date === today) return t("hours.atTime", { time });
  // A bar that closes at 2 a.m. "closes at 2:00 AM", not "closes Saturday at 2:00 AM".
  if (point.date === addDays(today, 1))
    return point.minutes <= 360 ? t("hours.atTime", { time }) : t("hours.tomorrowAt", { time });
  return t("hours.dayAt", { day: weekdayName(point.weekday, language), time });
}

/** "Open now · closes at 10:00 PM", "Closed · opens tomorrow at 7:00 AM", "Closed today: Holy Week". */
export function OpenStatusLine({
  status,
  today,
  compact = false,
  asOf,
}: {
  status: OpenStatus;
  today: string;
  compact?: boolean;
  /** The time the status was worked out, shown because the page may be a cached copy. */
  asOf?: string;
}) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  let detail: string | null = null;
  if (status.open) {
    detail = status.closesAt
      ? t("hours.closes", { when: when(status.closesAt, today, language, t) })
      : t("hours.allDay");
  } else if (status.opensAt) {
    detail = t("hours.opens", { when: when(status.opensAt, today, language, t) });
  }
  const note =
    !status.open && status.closure
      ? language === "es"
        ? status.closure.noteEs || status.closure.noteEn
        : status.closure.noteEn || status.closure.noteEs
      : "";
  return (
    <p
      className={`flex flex-wrap items-center gap-x-1.5 text-sm ${compact ? "" : "font-medium"}`}
      data-testid="open-status"
    >
      <Clock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span className={status.open ? "font-semibold text-green-800" : "font-semibold text-red-800"}>
        {status.open ? t("hours.openNow") : status.closure ? t("hours.closedToday") : t("hours.closed")}
      </span>
      {note ? <span className="text-slate-700">({note})</span> : null}
      {detail ? <span className="text-slate-700">· {detail}</span> : null}
      {asOf ? <span className="text-xs text-slate-500">({t("hours.asOf", { time: asOf })})</span> : null}
    </p>
  );
}
