import { ChevronRight, Waves } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import type { BeachSummary } from "#app/features/beach/summary.server";
import { useTranslation } from "#app/lib/translations";

/** Today's beach in one line, on the home page: the next tide, the sun, the best time, the latest report. */
export function BeachSummaryCard({ summary }: { summary: BeachSummary }) {
  const { t } = useTranslation("beach");
  const facts = [summary.nextTide, summary.sun, summary.bestTime].filter((fact): fact is string => Boolean(fact));
  return (
    <section aria-labelledby="beach-summary-title" data-testid="beach-summary">
      <div className="flex flex-col gap-4 rounded-panel border border-sea-200 bg-sea-50 p-5 shadow-card sm:flex-row sm:items-center sm:p-6">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-sea-100 text-sea-800">
          <Waves className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="beach-summary-title" className="text-lg font-bold text-sea-800">
            {t("summary.title")}: {summary.beachName}
          </h2>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-800">
            {facts.map((fact, index) => (
              <li key={fact} className={index === 0 ? "font-semibold" : undefined}>
                {fact}
              </li>
            ))}
          </ul>
          <p className={`mt-1 text-sm ${summary.hasCurrentReport ? "text-slate-800" : "text-slate-600"}`}>
            {summary.report} · {t("summary.asOf", { time: summary.asOf })}
          </p>
        </div>
        <LocalizedLink
          to={`/beach-report?beach=${summary.beachSlug}`}
          className="btn-secondary shrink-0 rounded-full border-sea-200"
        >
          {t("summary.link")}
          <ChevronRight className="size-4" aria-hidden="true" />
        </LocalizedLink>
      </div>
    </section>
  );
}
