import { data } from "react-router";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { BusinessPicker } from "#app/components/owner/business-picker";
import { PlanGate } from "#app/components/owner/plan-gate";
import { SeriesChart } from "#app/components/owner/series-chart";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { Stat } from "#app/components/ui/stat";
import { getOwnerAnalytics } from "#app/compose/owner-analytics.server";
import { analyticsPeriods, isUuid } from "#app/features/directory/constants";
import { orAppError } from "#app/lib/errors.server";
import { formatDay, formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { requireUser } from "#app/web/session.server";
import { pickBusiness } from "../pick-business.server";
import type { Route } from "./+types/index";
import { readPeriod } from "./period";

export const handle = { i18n: ["owner", "directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

// Analytics of one of the person's own (verified, owned) businesses: views and clicks per day,
// where the views came from. First-party counts only (docs/owner-dashboard.md).
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const { choices, selectedId } = await pickBusiness(request, user, { ownedOnly: true });
  const days = readPeriod(request);
  const head = { title: t("owner:analytics.title"), description: t("owner:analytics.intro"), noindex: true };
  if (!selectedId) return { head, choices, selected: null, days, analytics: null };
  if (!isUuid(selectedId)) throw data(t("directory:errors.notFound"), { status: 404 });
  const analytics = await orAppError(language, () => getOwnerAnalytics({ actor: user, businessId: selectedId, days }));
  const selected = choices.find((choice) => choice.id === selectedId) ?? null;
  return {
    head,
    choices,
    // An admin may read any business's numbers; the name then comes from no list of theirs.
    selected: selected ?? { id: selectedId, name: "", status: "verified" },
    days,
    analytics: {
      ...analytics,
      series: analytics.series.map((series) => ({ ...series, label: t(series.labelKey) })),
    },
  };
}

export default function AnalyticsSection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("owner");
  const language = useLanguage();
  const { selected, analytics, days } = loaderData;
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...(selected ? { business: selected.id } : {}), days: String(days), ...extra })}`;
  return (
    <section aria-labelledby="analytics-title">
      <PageHeader
        titleId="analytics-title"
        title={selected?.name ? t("analytics.titleFor", { name: selected.name }) : t("analytics.title")}
        description={t("analytics.intro")}
      />
      <BusinessPicker path="/dashboard/analytics" choices={loaderData.choices} selectedId={selected?.id ?? null} />
      {!selected ? (
        loaderData.choices.length ? (
          <p className="mt-6 text-slate-700">{t("picker.choose")}</p>
        ) : null
      ) : analytics?.gated ? (
        <PlanGate title={t("gate.analytics.title")}>{t("gate.analytics.body")}</PlanGate>
      ) : analytics ? (
        <>
          <nav aria-label={t("analytics.periodLabel")} className="mt-6 flex flex-wrap gap-2">
            {analyticsPeriods.map((period) => (
              <LocalizedLink
                key={period}
                to={`/dashboard/analytics${query({ days: String(period) })}`}
                aria-current={period === days ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm ${
                  period === days ? "border-brand-700 bg-brand-50 font-semibold text-brand-900" : "border-slate-300"
                }`}
              >
                {t("analytics.period", { count: period })}
              </LocalizedLink>
            ))}
            <a
              href={`${language === "es" ? "/es" : ""}/dashboard/analytics/export.csv${query({})}`}
              className="btn-secondary ml-auto"
              download
            >
              {t("analytics.export")}
            </a>
          </nav>
          <dl className="mt-6 grid gap-3 sm:grid-cols-2">
            {analytics.series.map((series) => (
              <Stat
                key={series.id}
                label={t("analytics.totalOf", { series: series.label, count: days })}
                value={formatNumber(series.total, language)}
                testId={`analytics-total-${series.id}`}
              />
            ))}
          </dl>
          <SeriesChart
            days={analytics.days}
            series={analytics.series}
            label={t("analytics.chartLabel", {
              count: days,
              summary: analytics.series.map((series) => `${series.label}: ${series.total}`).join(", "),
            })}
          />
          <details className="mt-4 rounded-lg border border-slate-200 p-3">
            <summary className="min-h-11 cursor-pointer font-medium">{t("analytics.table.show")}</summary>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">{t("analytics.table.caption", { count: days })}</caption>
                <thead>
                  <tr className="text-left">
                    <th scope="col" className="p-2">
                      {t("analytics.table.day")}
                    </th>
                    {analytics.series.map((series) => (
                      <th key={series.id} scope="col" className="p-2 text-right">
                        {series.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {analytics.days.map((day, index) => (
                    <tr key={day} className="border-t border-slate-100">
                      <th scope="row" className="p-2 text-left font-normal">
                        {formatDay(day, language, { dateStyle: "medium" })}
                      </th>
                      {analytics.series.map((series) => (
                        <td key={series.id} className="p-2 text-right tabular-nums">
                          {formatNumber(series.counts[index], language)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
          <div className="mt-8 grid gap-6 lg:grid-cols-2">
            <section aria-labelledby="sources-title">
              <h2 id="sources-title" className="text-lg font-semibold">
                {t("analytics.sources.title")}
              </h2>
              <BarList
                rows={analytics.sources.map((row) => ({
                  key: row.source,
                  label: t(`analytics.sources.${row.source}`),
                  count: row.count,
                }))}
                testId="analytics-sources"
              />
            </section>
            <section aria-labelledby="clicks-title">
              <h2 id="clicks-title" className="text-lg font-semibold">
                {t("analytics.clicks.title")}
              </h2>
              <BarList
                rows={analytics.clicks.map((row) => ({
                  key: row.kind,
                  label: t(`analytics.clicks.${row.kind}`),
                  count: row.count,
                }))}
                testId="analytics-clicks"
              />
            </section>
          </div>
          <p className="mt-8 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">{t("analytics.howCounted")}</p>
        </>
      ) : null}
    </section>
  );
}

/** Counts as labelled bars (an SVG bar each; the number is written out beside it). */
function BarList({ rows, testId }: { rows: { key: string; label: string; count: number }[]; testId: string }) {
  const language = useLanguage();
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <dl className="mt-3 space-y-2" data-testid={testId}>
      {rows.map((row) => (
        <div key={row.key} className="grid grid-cols-[8rem_1fr_3rem] items-center gap-2 text-sm">
          <dt>{row.label}</dt>
          <dd className="contents">
            <svg aria-hidden="true" viewBox="0 0 100 8" preserveAspectRatio="none" className="h-3 w-full">
              <rect width="100" height="8" rx="2" fill="#f1f5f9" />
              <rect width={(row.count / max) * 100} height="8" rx="2" fill="#0f766e" />
            </svg>
            <span className="text-right tabular-nums" data-testid={`${testId}-${row.key}`}>
              {formatNumber(row.count, language)}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
