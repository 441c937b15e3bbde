import { CalendarCheck, Clock, MapPin, Users } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { DemoMark, StatusBadge } from "#app/components/ui/status-badge";
import type { OccurrenceCard } from "#app/features/events/reads.server";
import { type ExchangeRate, formatDate, formatTime } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { EventPrice } from "./event-price";

/** The time line of a date: "All day", or "6:00 PM – 9:00 PM". */
export function useWhenText() {
  const { t } = useTranslation("events");
  const language = useLanguage();
  return (occurrence: { startsAt: string; endsAt: string; allDay: boolean }) =>
    occurrence.allDay
      ? t("card.allDay")
      : `${formatTime(new Date(occurrence.startsAt), language)} – ${formatTime(new Date(occurrence.endsAt), language)}`;
}

/** One date of an event in a list: the day, the title, when and where, cost, age and places. */
export function EventCard({
  occurrence,
  rate,
  now,
  compact,
}: {
  occurrence: OccurrenceCard;
  rate: ExchangeRate | null;
  now: string;
  compact?: boolean;
}) {
  const { t } = useTranslation("events");
  const language = useLanguage();
  const when = useWhenText();
  const start = new Date(occurrence.startsAt);
  const past = occurrence.endsAt < now;
  const titleId = `occurrence-${occurrence.occurrenceId}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:gap-4 sm:p-4"
      data-testid="event-card"
    >
      <div
        className="flex w-14 shrink-0 flex-col items-center justify-center rounded-xl bg-brand-50 py-2 text-brand-900"
        aria-hidden="true"
      >
        <span className="text-xs font-semibold uppercase">{formatDate(start, language, { weekday: "short" })}</span>
        <span className="text-2xl leading-none font-bold">{formatDate(start, language, { day: "numeric" })}</span>
        <span className="text-xs uppercase">{formatDate(start, language, { month: "short" })}</span>
      </div>
      <div className="min-w-0 flex-1 space-y-1.5">
        <h3 id={titleId} className="text-base leading-snug font-semibold break-words sm:text-lg">
          <LocalizedLink
            to={`/events/${occurrence.slug}`}
            className={`hover:underline ${occurrence.cancelled ? "text-slate-500 line-through" : "text-slate-900"}`}
          >
            {occurrence.title}
          </LocalizedLink>
        </h3>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <span className="inline-flex items-center gap-1">
            <Clock className="size-4 text-slate-500" aria-hidden="true" />
            <span className="sr-only">{formatDate(start, language, { dateStyle: "full" })}, </span>
            {when(occurrence)}
          </span>
          <span className="inline-flex min-w-0 items-center gap-1">
            <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="break-words">
              {occurrence.venueName ? `${occurrence.venueName} · ` : ""}
              {occurrence.area.name}
            </span>
          </span>
        </p>
        {!compact && occurrence.excerpt ? <p className="text-sm text-slate-600">{occurrence.excerpt}</p> : null}
        <p className="flex flex-wrap items-center gap-1.5 text-xs">
          {occurrence.cancelled ? <StatusBadge tone="danger">{t("card.cancelled")}</StatusBadge> : null}
          {past && !occurrence.cancelled ? <StatusBadge>{t("card.past")}</StatusBadge> : null}
          <StatusBadge tone="info">{t(`categories.${occurrence.category}`)}</StatusBadge>
          <StatusBadge tone={occurrence.cost ? "neutral" : "success"}>
            <EventPrice cost={occurrence.cost} rate={rate} />
          </StatusBadge>
          {occurrence.minAge ? (
            <StatusBadge tone="warning">
              <span aria-hidden="true">{t("card.minAge", { age: occurrence.minAge })}</span>
              <span className="sr-only">{t("card.minAgeLong", { age: occurrence.minAge })}</span>
            </StatusBadge>
          ) : null}
          {occurrence.placesLeft !== null && !occurrence.cancelled && !past ? (
            <StatusBadge tone={occurrence.placesLeft > 0 ? "neutral" : "warning"}>
              <Users className="mr-1 size-3.5" aria-hidden="true" />
              {occurrence.placesLeft > 0 ? t("card.placesLeft", { count: occurrence.placesLeft }) : t("card.full")}
            </StatusBadge>
          ) : null}
          {occurrence.repeat !== "none" ? (
            <StatusBadge>
              <CalendarCheck className="mr-1 size-3.5" aria-hidden="true" />
              {t("card.repeats")}
            </StatusBadge>
          ) : null}
          {occurrence.isDemo ? <DemoMark label={t("page.demo")} tip={t("page.demoTip")} /> : null}
        </p>
      </div>
    </article>
  );
}
