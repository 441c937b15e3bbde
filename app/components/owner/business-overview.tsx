import { RecordStatusBadge } from "#app/components/directory/record-status";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { Stat } from "#app/components/ui/stat";
import type { NextStep } from "#app/features/directory/overview.server";
import { formatNumber } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

const stepLinks: Record<NextStep, (id: string) => string> = {
  hours: (id) => `/dashboard/business/${id}/hours`,
  photos: (id) => `/dashboard/business/${id}/photos`,
  translation: (id) => `/dashboard/business/${id}`,
  menu: (id) => `/dashboard/menu?business=${id}`,
  submit: (id) => `/dashboard/business/${id}`,
};

/** The overview's card per business: its status, the week's views and what to do next. */
export function BusinessOverview({
  businesses,
  todaysBookings,
  unreadMessages,
}: {
  /** Set by the bookings and messages areas when they exist; no tile is shown without one. */
  todaysBookings?: Record<string, number> | null;
  unreadMessages?: Record<string, number> | null;
  businesses: {
    id: string;
    slug: string;
    name: string;
    status: string;
    owned: boolean;
    viewsLast7Days: number | null;
    nextSteps: NextStep[];
  }[];
}) {
  const { t } = useTranslation("owner");
  const language = useLanguage();
  return (
    <section aria-labelledby="my-businesses-title" className="mt-6 space-y-4">
      <h2 id="my-businesses-title" className="text-xl font-semibold">
        {t("overview.title")}
      </h2>
      {businesses.map((business) => (
        <article
          key={business.id}
          aria-labelledby={`overview-${business.id}`}
          className="rounded-xl border border-slate-200 p-5"
          data-testid="business-overview"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={`overview-${business.id}`} className="text-lg font-semibold">
              {business.name}
            </h3>
            <RecordStatusBadge status={business.status} />
          </div>
          <p className="mt-1 text-sm text-slate-700">{t(`overview.status.${business.status}`)}</p>
          {business.viewsLast7Days !== null ? (
            <dl className="mt-3 grid gap-3 sm:grid-cols-3">
              <Stat
                label={t("overview.views")}
                value={formatNumber(business.viewsLast7Days, language)}
                testId="overview-views"
              />
              {todaysBookings ? (
                <Stat
                  label={t("overview.todaysBookings")}
                  value={formatNumber(todaysBookings[business.id] ?? 0, language)}
                  testId="overview-bookings"
                />
              ) : null}
              {unreadMessages ? (
                <Stat
                  label={t("overview.unreadMessages")}
                  value={formatNumber(unreadMessages[business.id] ?? 0, language)}
                  testId="overview-messages"
                />
              ) : null}
            </dl>
          ) : null}
          {business.nextSteps.length ? (
            <div className="mt-4">
              <h4 className="font-medium">{t("overview.next")}</h4>
              <ul className="mt-2 space-y-1">
                {business.nextSteps.map((step) => (
                  <li key={step}>
                    <LocalizedLink to={stepLinks[step](business.id)} className="text-brand-800 underline">
                      {t(`overview.steps.${step}`)}
                    </LocalizedLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="mt-4 text-sm text-emerald-800">{t("overview.complete")}</p>
          )}
          <p className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <LocalizedLink to={`/dashboard/business/${business.id}`} className="text-brand-800 underline">
              {t("overview.edit")}
            </LocalizedLink>
            {business.owned ? (
              <LocalizedLink to={`/dashboard/analytics?business=${business.id}`} className="text-brand-800 underline">
                {t("overview.analytics")}
              </LocalizedLink>
            ) : null}
            {business.status === "verified" ? (
              <LocalizedLink to={`/business/${business.slug}`} className="text-brand-800 underline">
                {t("overview.viewPublic")}
              </LocalizedLink>
            ) : null}
          </p>
        </article>
      ))}
    </section>
  );
}
