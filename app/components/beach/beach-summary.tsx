import { Waves } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import type { BeachSummary } from "#app/domain/beach/summary.server";
import { useTranslation } from "#app/lib/translations";

/** Today's beach at a glance, on the home page. */
export function BeachSummaryCard({ summary }: { summary: BeachSummary }) {
  const { t } = useTranslation("beach");
  return (
    <section aria-labelledby="beach-summary-title" className="mx-auto max-w-6xl px-4 pt-10" data-testid="beach-summary">
      <div className="rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6">
        <h2 id="beach-summary-title" className="flex items-center gap-2 text-xl font-bold text-brand-900">
          <Waves className="size-5" aria-hidden="true" />
          {t("summary.title")}: {summary.beachName}
        </h2>
        <ul className="mt-3 space-y-1 text-slate-800">
          {summary.nextTide ? <li className="font-semibold">{summary.nextTide}</li> : null}
          {summary.sun ? <li>{summary.sun}</li> : null}
          {summary.bestTime ? <li>{summary.bestTime}</li> : null}
          <li className={summary.hasCurrentReport ? "" : "text-slate-600"}>{summary.report}</li>
        </ul>
        <p className="mt-2 text-xs text-slate-600">{t("summary.asOf", { time: summary.asOf })}</p>
        <LocalizedLink to={`/beach-report?beach=${summary.beachSlug}`} className="btn-primary mt-4 inline-flex">
          {t("summary.link")}
        </LocalizedLink>
      </div>
    </section>
  );
}
