import { useSearchParams } from "react-router";
import { Notice } from "#app/components/accounts/fields";
import { Rating } from "#app/components/directory/rating";
import { RecordStatusBadge } from "#app/components/directory/record-status";
import { Eye, MousePointerClick } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { AddLink, PageHeader } from "#app/components/ui/page-header";
import { StatusBadge } from "#app/components/ui/status-badge";
import { countBusinessEvents } from "#app/features/directory/business.server";
import { clickEventKinds } from "#app/features/directory/constants";
import { can } from "#app/lib/authorization";
import { formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { listMyBusinesses } from "#app/platform/listings/listings.server";
import { syncOwnerPremium } from "#app/platform/plans/premium.server";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/index";

export const handle = { i18n: ["directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = await getRequestTranslator(request);
  // Each listing's own plan decides its premium; opening the dashboard brings the owner's listings in line.
  if (can(user, "read:owner-tools:any")) await syncOwnerPremium({ ownerId: user.id });
  const businesses = await listMyBusinesses({ actor: user });
  const stats = await Promise.all(
    businesses.map(async (business) =>
      business.status === "verified" ? countBusinessEvents({ businessId: business.id, days: 30 }) : {},
    ),
  );
  return {
    head: {
      title: t("directory:dashboard.myBusiness.metaTitle"),
      description: t("directory:dashboard.myBusiness.intro"),
      noindex: true,
    },
    businesses: businesses.map((business, index) => {
      const counts = stats[index] as Partial<Record<string, number>>;
      return {
        id: business.id,
        slug: business.slug,
        name: business.name,
        category: business.category,
        status: business.status,
        isPremium: business.isPremium,
        isOwner: business.ownerId === user.id,
        rating: Math.round(business.rating * 10) / 10,
        reviewCount: business.reviewCount,
        views: counts.view ?? 0,
        clicks: clickEventKinds.reduce((sum, kind) => sum + (counts[kind] ?? 0), 0),
      };
    }),
  };
}

export default function MyBusiness({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const [params] = useSearchParams();
  return (
    <section aria-labelledby="my-business-title">
      <PageHeader
        titleId="my-business-title"
        title={t("dashboard.myBusiness.title")}
        description={t("dashboard.myBusiness.intro")}
        actions={<AddLink to="/list-business" label={t("dashboard.myBusiness.add")} secondary />}
      />
      {params.get("submitted") ? (
        <div className="mt-4">
          <Notice>{t("dashboard.myBusiness.submitted")}</Notice>
        </div>
      ) : null}
      {loaderData.businesses.length ? (
        <ul className="mt-6 space-y-4">
          {loaderData.businesses.map((business) => (
            <li key={business.id} className="rounded-xl border border-slate-200 p-4" data-testid="my-business">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 className="text-lg font-semibold">{business.name}</h2>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                    {t(`categories.${business.category}`)} · <RecordStatusBadge status={business.status} />
                    {business.isPremium ? <StatusBadge tone="warning">{t("badges.premium")}</StatusBadge> : null}
                  </p>
                </div>
                {business.status === "verified" ? (
                  <Rating value={business.rating} count={business.reviewCount} />
                ) : null}
              </div>
              {business.status === "verified" ? (
                <p className="mt-3 flex flex-wrap gap-4 text-sm text-slate-700">
                  {(
                    [
                      ["views", Eye, business.views],
                      ["clicks", MousePointerClick, business.clicks],
                    ] as const
                  ).map(([figure, FigureIcon, count]) => (
                    <span key={figure} className="inline-flex items-center gap-1">
                      <FigureIcon className="size-4" aria-hidden="true" />
                      {t(`dashboard.myBusiness.${figure}`, { count, formatted: formatNumber(count, language) })}
                    </span>
                  ))}
                </p>
              ) : (
                <p className="mt-3 text-sm text-slate-700">{t(`dashboard.myBusiness.statusHelp.${business.status}`)}</p>
              )}
              <p className="mt-3 flex flex-wrap gap-2">
                {business.status === "draft" ? (
                  <LocalizedLink
                    to={`/list-business?${new URLSearchParams({ id: business.id, step: "review" })}`}
                    className="btn-primary"
                  >
                    {t("dashboard.myBusiness.finish")}
                  </LocalizedLink>
                ) : (
                  <>
                    <LocalizedLink to={`/dashboard/business/${business.id}`} className="btn-secondary">
                      {t("dashboard.tabs.details")}
                    </LocalizedLink>
                    <LocalizedLink to={`/dashboard/business/${business.id}/hours`} className="btn-secondary">
                      {t("dashboard.tabs.hours")}
                    </LocalizedLink>
                    <LocalizedLink to={`/dashboard/business/${business.id}/photos`} className="btn-secondary">
                      {t("dashboard.tabs.photos")}
                    </LocalizedLink>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-6">
          <p>{t("dashboard.myBusiness.empty")}</p>
          <p className="mt-2 text-sm text-slate-700">{t("dashboard.myBusiness.emptyClaim")}</p>
        </div>
      )}
    </section>
  );
}
