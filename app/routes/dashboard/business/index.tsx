import { useSearchParams } from "react-router";
import { Notice } from "#app/components/accounts/fields";
import { StatusBadge } from "#app/components/directory/business-tabs";
import { Rating } from "#app/components/directory/rating";
import { Eye, MousePointerClick, Plus } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { countBusinessEvents } from "#app/domain/directory/business.server";
import { clickEventKinds } from "#app/domain/directory/constants";
import { listMyBusinesses } from "#app/domain/directory/manage.server";
import { syncOwnerPremium } from "#app/domain/directory/premium.server";
import { requireUser } from "#app/web/session.server";
import { can } from "#app/lib/authorization";
import { formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import type { Route } from "./+types/index";

export const handle = { i18n: ["directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = await getRequestTranslator(request);
  // The owner's plan decides premium; opening the dashboard brings the listings in line with it.
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="my-business-title" className="text-2xl font-bold sm:text-3xl">
          {t("dashboard.myBusiness.title")}
        </h1>
        <LocalizedLink to="/list-business" className="btn-secondary">
          <Plus className="size-4" aria-hidden="true" />
          {t("dashboard.myBusiness.add")}
        </LocalizedLink>
      </div>
      <p className="mt-1 text-slate-600">{t("dashboard.myBusiness.intro")}</p>
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
                    {t(`categories.${business.category}`)} · <StatusBadge status={business.status} />
                    {business.isPremium ? (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {t("badges.premium")}
                      </span>
                    ) : null}
                  </p>
                </div>
                {business.status === "verified" ? (
                  <Rating value={business.rating} count={business.reviewCount} />
                ) : null}
              </div>
              {business.status === "verified" ? (
                <p className="mt-3 flex flex-wrap gap-4 text-sm text-slate-700">
                  <span className="inline-flex items-center gap-1">
                    <Eye className="size-4" aria-hidden="true" />
                    {t("dashboard.myBusiness.views", {
                      count: business.views,
                      formatted: formatNumber(business.views, language),
                    })}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <MousePointerClick className="size-4" aria-hidden="true" />
                    {t("dashboard.myBusiness.clicks", {
                      count: business.clicks,
                      formatted: formatNumber(business.clicks, language),
                    })}
                  </span>
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
