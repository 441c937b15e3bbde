import { ChevronLeft, ChevronRight } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { addDays, addMonths, dayOf, monthGrid, weekDays } from "#app/features/events/calendar";
import type { OccurrenceCard } from "#app/features/events/reads.server";
import { formatDay, weekdayNames } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { useWhenText } from "./event-card";

// The month and week views of /events: plain links all the way (previous/next, each event, a
// day's "more"), so they work without JavaScript. Below 640 px the month grid gives way to an
// agenda of the days that have events: seven columns do not fit a phone.

const perDay = 3;

function byDay(occurrences: OccurrenceCard[]) {
  const days = new Map<string, OccurrenceCard[]>();
  for (const occurrence of occurrences) {
    const day = dayOf(occurrence.startsAt);
    days.set(day, [...(days.get(day) ?? []), occurrence]);
  }
  return days;
}

function withQuery(query: string, extra: Record<string, string>) {
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `/events?${params.toString()}`;
}

function Pager({
  previous,
  next,
  current,
  labels,
}: {
  previous: string;
  next: string;
  current: string;
  labels: { previous: string; next: string; current: string; title: string };
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-xl font-semibold first-letter:uppercase" data-testid="calendar-title">
        {labels.title}
      </h2>
      <nav aria-label={labels.title} className="flex items-center gap-1">
        <LocalizedLink to={previous} className="btn-secondary px-2" aria-label={labels.previous} rel="nofollow">
          <ChevronLeft className="size-4" aria-hidden="true" />
        </LocalizedLink>
        <LocalizedLink to={current} className="btn-secondary" rel="nofollow">
          {labels.current}
        </LocalizedLink>
        <LocalizedLink to={next} className="btn-secondary px-2" aria-label={labels.next} rel="nofollow">
          <ChevronRight className="size-4" aria-hidden="true" />
        </LocalizedLink>
      </nav>
    </div>
  );
}

function EventLink({ occurrence }: { occurrence: OccurrenceCard }) {
  const when = useWhenText();
  return (
    <LocalizedLink
      to={`/events/${occurrence.slug}`}
      className={`block truncate rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-900 hover:bg-brand-100 ${
        occurrence.cancelled ? "line-through opacity-70" : ""
      }`}
      title={`${occurrence.title} · ${when(occurrence)}`}
      data-testid="calendar-event"
    >
      {occurrence.allDay ? "" : `${when(occurrence).split(" – ")[0]} `}
      {occurrence.title}
    </LocalizedLink>
  );
}

function Agenda({ days, occurrencesByDay }: { days: string[]; occurrencesByDay: Map<string, OccurrenceCard[]> }) {
  const { t } = useTranslation("events");
  const language = useLanguage();
  const when = useWhenText();
  const withEvents = days.filter((day) => occurrencesByDay.has(day));
  if (!withEvents.length) return <p className="text-sm text-slate-600">{t("empty.rangeText")}</p>;
  return (
    <ol className="space-y-3" aria-label={t("calendar.agendaTitle")}>
      {withEvents.map((day) => (
        <li key={day} className="rounded-xl border border-slate-200 bg-white p-3">
          <h3 className="text-sm font-semibold first-letter:uppercase">
            {formatDay(day, language, { dateStyle: "full" })}
          </h3>
          <ul className="mt-1 space-y-1">
            {(occurrencesByDay.get(day) ?? []).map((occurrence) => (
              <li key={occurrence.occurrenceId} className="text-sm">
                <span className="text-slate-600">{when(occurrence)}</span>{" "}
                <LocalizedLink
                  to={`/events/${occurrence.slug}`}
                  className={`font-medium text-brand-800 underline ${occurrence.cancelled ? "line-through" : ""}`}
                >
                  {occurrence.title}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

export function MonthCalendar({
  month,
  today,
  occurrences,
  query,
}: {
  month: string;
  today: string;
  occurrences: OccurrenceCard[];
  query: string;
}) {
  const { t } = useTranslation("events");
  const language = useLanguage();
  const weeks = monthGrid(month, language);
  const occurrencesByDay = byDay(occurrences);
  const title = formatDay(`${month}-15`, language, { month: "long", year: "numeric" });
  const names = weekdayNames(language, "short");
  const longNames = weekdayNames(language, "long");
  return (
    <div className="space-y-3" data-testid="month-calendar">
      <Pager
        previous={withQuery(query, { view: "month", month: addMonths(month, -1) })}
        next={withQuery(query, { view: "month", month: addMonths(month, 1) })}
        current={withQuery(query, { view: "month", month: today.slice(0, 7) })}
        labels={{
          previous: t("calendar.previousMonth"),
          next: t("calendar.nextMonth"),
          current: t("calendar.thisMonth"),
          title,
        }}
      />
      <table className="hidden w-full table-fixed border-collapse sm:table">
        <caption className="sr-only">{t("calendar.monthCaption", { month: title })}</caption>
        <thead>
          <tr>
            {names.map((name, i) => (
              <th key={name} scope="col" className="py-1 text-xs font-semibold text-slate-600 uppercase">
                <abbr title={longNames[i]} className="no-underline">
                  {name}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const items = occurrencesByDay.get(day) ?? [];
                const inMonth = day.startsWith(month);
                return (
                  <td
                    key={day}
                    className={`h-28 border border-slate-200 p-1 align-top ${inMonth ? "bg-white" : "bg-slate-50"}`}
                    data-day={day}
                  >
                    <div
                      className={`mb-1 text-right text-xs ${
                        day === today
                          ? "ml-auto flex size-6 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                          : inMonth
                            ? "text-slate-700"
                            : "text-slate-500"
                      }`}
                    >
                      {day === today ? <span className="sr-only">{t("calendar.today")} </span> : null}
                      {Number(day.slice(8))}
                    </div>
                    <div className="space-y-0.5">
                      {items.slice(0, perDay).map((occurrence) => (
                        <EventLink key={occurrence.occurrenceId} occurrence={occurrence} />
                      ))}
                      {items.length > perDay ? (
                        <LocalizedLink
                          to={withQuery(query, { view: "list", from: day, to: day })}
                          className="block px-1.5 text-xs text-brand-800 underline"
                          rel="nofollow"
                        >
                          {t("calendar.more", { count: items.length - perDay })}
                        </LocalizedLink>
                      ) : null}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="sm:hidden">
        <Agenda days={weeks.flat().filter((day) => day.startsWith(month))} occurrencesByDay={occurrencesByDay} />
      </div>
    </div>
  );
}

export function WeekCalendar({
  week,
  today,
  occurrences,
  query,
}: {
  week: string;
  today: string;
  occurrences: OccurrenceCard[];
  query: string;
}) {
  const { t } = useTranslation("events");
  const language = useLanguage();
  const days = weekDays(week, language);
  const occurrencesByDay = byDay(occurrences);
  const title = t("calendar.weekCaption", { date: formatDay(days[0], language, { day: "numeric", month: "long" }) });
  return (
    <div className="space-y-3" data-testid="week-calendar">
      <Pager
        previous={withQuery(query, { view: "week", week: addDays(days[0], -7) })}
        next={withQuery(query, { view: "week", week: addDays(days[0], 7) })}
        current={withQuery(query, { view: "week", week: today })}
        labels={{
          previous: t("calendar.previousWeek"),
          next: t("calendar.nextWeek"),
          current: t("calendar.thisWeek"),
          title,
        }}
      />
      <ol className="grid grid-cols-1 gap-2 lg:grid-cols-7">
        {days.map((day) => {
          const items = occurrencesByDay.get(day) ?? [];
          return (
            <li
              key={day}
              className={`min-w-0 rounded-xl border p-2 ${day === today ? "border-brand-600 bg-brand-50/40" : "border-slate-200 bg-white"}`}
              data-day={day}
            >
              <h3 className="text-sm font-semibold first-letter:uppercase">
                {formatDay(day, language, { weekday: "long", day: "numeric", month: "short" })}
                {day === today ? <span className="sr-only"> ({t("calendar.today")})</span> : null}
              </h3>
              {items.length ? (
                <ul className="mt-1 space-y-1">
                  {items.map((occurrence) => (
                    <li key={occurrence.occurrenceId}>
                      <EventLink occurrence={occurrence} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-xs text-slate-500">{t("calendar.nothingThisDay")}</p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
