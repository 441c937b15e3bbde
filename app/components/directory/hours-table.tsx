import { type Closure, type OpeningPeriod, periodsOn, weekdayOf } from "#app/features/directory/hours";
import { formatDate, weekStartsOn } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { formatMinutes, weekdayName } from "./open-status";

/** The week in the visitor's order (Sunday first in English, Monday first in Spanish), today marked. */
export function HoursTable({ hours, closures, today }: { hours: OpeningPeriod[]; closures: Closure[]; today: string }) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const todayWeekday = weekdayOf(today);
  const order = Array.from({ length: 7 }, (_, i) => (i + weekStartsOn[language]) % 7);
  if (!hours.length) return <p className="text-sm text-slate-700">{t("hours.none")}</p>;
  return (
    <>
      <table className="w-full text-sm">
        <caption className="sr-only">{t("hours.title")}</caption>
        <tbody>
          {order.map((weekday) => {
            const periods = periodsOn(hours, weekday);
            const isToday = weekday === todayWeekday;
            return (
              <tr
                key={weekday}
                className={isToday ? "bg-brand-50 font-semibold" : ""}
                aria-current={isToday ? "date" : undefined}
              >
                <th scope="row" className="py-1.5 pr-4 pl-2 text-left font-medium">
                  {weekdayName(weekday, language)}
                </th>
                <td className="py-1.5 pr-2 text-right">
                  {periods.length
                    ? periods.map((period) => (
                        <span key={period.opensAt} className="block whitespace-nowrap">
                          {formatMinutes(period.opensAt, language)} – {formatMinutes(period.closesAt, language)}
                        </span>
                      ))
                    : t("hours.closed")}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {closures.length ? (
        <div className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">{t("hours.upcomingClosures")}</p>
          <ul className="mt-1 space-y-0.5">
            {closures.map((closure) => {
              const from = formatDate(new Date(`${closure.startsOn}T12:00:00Z`), language, { dateStyle: "medium" });
              const to = formatDate(new Date(`${closure.endsOn}T12:00:00Z`), language, { dateStyle: "medium" });
              const note = language === "es" ? closure.noteEs || closure.noteEn : closure.noteEn || closure.noteEs;
              return (
                <li key={`${closure.startsOn}-${closure.endsOn}`}>
                  {closure.startsOn === closure.endsOn ? from : t("hours.range", { from, to })}
                  {note ? ` · ${note}` : ""}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </>
  );
}
