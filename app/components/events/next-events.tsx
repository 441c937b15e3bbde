import { CalendarCheck, ChevronRight, MapPin } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import type { OccurrenceCard } from "#app/features/events/reads.server";
import { formatDate, formatTime } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

// "Next events": the few dates coming up, for the home page, /community and a business page.
// Pages that show it declare "events:blocks" and "events:card" in handle.i18n.

export function NextEvents({
  occurrences,
  titleKey = "blocks.title",
  id = "next-events-title",
  hideWhenEmpty,
  className = "",
}: {
  occurrences: OccurrenceCard[];
  titleKey?: "blocks.title" | "blocks.businessTitle";
  id?: string;
  hideWhenEmpty?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("events");
  const language = useLanguage();
  if (hideWhenEmpty && !occurrences.length) return null;
  return (
    <section aria-labelledby={id} className={className} data-testid="next-events">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={id} className="text-title font-bold">
          {t(titleKey)}
        </h2>
        <LocalizedLink
          to="/events"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
        >
          {t("blocks.all")}
          <ChevronRight className="size-4" aria-hidden="true" />
        </LocalizedLink>
      </div>
      {occurrences.length ? (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {occurrences.map((occurrence) => {
            const start = new Date(occurrence.startsAt);
            return (
              <li
                key={occurrence.occurrenceId}
                className="flex gap-3 rounded-card border border-slate-200 bg-white p-3 shadow-card"
              >
                <div
                  className="flex w-12 shrink-0 flex-col items-center justify-center rounded-lg bg-brand-50 py-1.5 text-brand-900"
                  aria-hidden="true"
                >
                  <span className="text-xs font-semibold uppercase">
                    {formatDate(start, language, { month: "short" })}
                  </span>
                  <span className="text-xl leading-none font-bold">
                    {formatDate(start, language, { day: "numeric" })}
                  </span>
                </div>
                <div className="min-w-0">
                  <LocalizedLink
                    to={`/events/${occurrence.slug}`}
                    className="font-semibold break-words text-slate-900 hover:underline"
                  >
                    {occurrence.title}
                  </LocalizedLink>
                  <p className="text-sm text-slate-700 first-letter:uppercase">
                    {formatDate(start, language, { weekday: "long" })} ·{" "}
                    {occurrence.allDay ? t("card.allDay") : formatTime(start, language)}
                  </p>
                  <p className="flex items-center gap-1 text-xs text-slate-600">
                    <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
                    <span className="truncate">{occurrence.venueName || occurrence.area.name}</span>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-3 flex items-center gap-2 text-slate-600">
          <CalendarCheck className="size-5 text-slate-400" aria-hidden="true" />
          {t("blocks.empty")}
        </p>
      )}
    </section>
  );
}
