import { AdSlot, type AdSlotCreative } from "#app/components/ads/ad-slot";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { StatusBadge, type StatusTone } from "#app/components/ui/status-badge";
import type { HouseAdStatus } from "#app/features/ads/constants";
import { formatDate, formatDay, formatNumber } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

const tones: Record<HouseAdStatus, StatusTone> = {
  pending: "warning",
  active: "success",
  paused: "neutral",
  rejected: "danger",
  ended: "neutral",
};

export function AdStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("ads");
  return (
    <StatusBadge tone={tones[status as HouseAdStatus] ?? "neutral"} testId="ad-status">
      {t(`status.${status}`)}
    </StatusBadge>
  );
}

export interface AdListRow {
  id: string;
  headlineEn: string;
  headlineEs: string;
  status: string;
  source: string;
  businessName: string | null;
  startsAt: string | Date;
  endsAt: string | Date | null;
  reviewNote: string | null;
  impressions: number;
  clicks: number;
}

/** The ads of an admin's or an owner's list: what, whose, when, how it is doing; each links to its page. */
export function AdList({
  rows,
  linkTo,
  showAdvertiser,
}: {
  rows: AdListRow[];
  linkTo: string;
  showAdvertiser: boolean;
}) {
  const { t } = useTranslation("ads");
  const language = useLanguage();
  const day = (value: string | Date) => formatDate(new Date(value), language, { dateStyle: "medium" });
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="ad-list">
      {rows.map((row) => {
        const ctr = row.impressions ? (row.clicks / row.impressions) * 100 : null;
        return (
          <li
            key={row.id}
            className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4"
            data-testid="ad-row"
          >
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2">
                <LocalizedLink to={`${linkTo}/${row.id}`} className="font-semibold text-brand-800 hover:underline">
                  {language === "es" ? row.headlineEs : row.headlineEn}
                </LocalizedLink>
                <AdStatusBadge status={row.status} />
              </p>
              <p className="mt-1 text-sm text-slate-600">
                {showAdvertiser
                  ? `${row.businessName ?? t("admin.site")} · ${t(`admin.sources.${row.source}`)} · `
                  : ""}
                {t("admin.from", { date: day(row.startsAt) })}
                {row.endsAt ? ` ${t("admin.until", { date: day(row.endsAt) })}` : ""}
              </p>
              {row.status === "rejected" && row.reviewNote ? (
                <p className="mt-1 text-sm text-red-800">{t("admin.reviewNote", { note: row.reviewNote })}</p>
              ) : null}
            </div>
            <dl className="grid grid-cols-3 gap-4 text-sm sm:w-80">
              <div>
                <dt className="text-slate-600">{t("admin.impressions")}</dt>
                <dd className="font-semibold tabular-nums">{formatNumber(row.impressions, language)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("admin.clicks")}</dt>
                <dd className="font-semibold tabular-nums">{formatNumber(row.clicks, language)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("admin.ctr")}</dt>
                <dd className="font-semibold tabular-nums">
                  {ctr === null ? "—" : `${formatNumber(ctr, language, { maximumFractionDigits: 1 })} %`}
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/** The ad as a page in each language shows it. */
export function AdPreviews({ previews }: { previews: { en: AdSlotCreative; es: AdSlotCreative } }) {
  const { t } = useTranslation("ads");
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="ad-previews">
      {(["en", "es"] as const).map((language) => (
        <figure key={language} lang={language}>
          <figcaption className="mb-1 text-sm font-medium text-slate-700">
            {t(language === "en" ? "form.english" : "form.spanish")}
          </figcaption>
          <AdSlot ad={{ house: previews[language], network: null }} />
        </figure>
      ))}
    </div>
  );
}

/** The last 30 days by day and page kind. */
export function AdBreakdown({
  rows,
}: {
  rows: { day: string; pageKind: string; impressions: number; clicks: number }[];
}) {
  const { t } = useTranslation("ads");
  const language = useLanguage();
  if (!rows.length) return <p className="text-slate-700">{t("admin.noFigures")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="ad-breakdown">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-4">
              {t("admin.day")}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t("admin.page")}
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              {t("admin.impressions")}
            </th>
            <th scope="col" className="py-2 text-right">
              {t("admin.clicks")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.day}-${row.pageKind}`} className="border-b border-slate-100">
              <td className="py-2 pr-4">{formatDay(row.day, language)}</td>
              <td className="py-2 pr-4">{t(`pageKinds.${row.pageKind}`)}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatNumber(row.impressions, language)}</td>
              <td className="py-2 text-right tabular-nums">{formatNumber(row.clicks, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
