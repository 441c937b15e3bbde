import { FeatureList } from "#app/components/billing/plan-parts";
import { NoListingsYet } from "#app/components/owner/no-listings-yet";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { myListingFeatures } from "#app/features/billing/overview.server";
import { listingFeatureKeys, listPlanRows, planText } from "#app/features/billing/plans.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/features";

// What each of the owner's listings gets from its plan and what it does not, read from the plans'
// data (an admin changing a plan changes this page), with the way to the subscription section.
export const handle = { i18n: ["billing"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t, language } = await getRequestTranslator(request);
  const [listings, plans] = await Promise.all([myListingFeatures({ actor: user }), listPlanRows({ all: true })]);
  const names = new Map(plans.map((plan) => [plan.id, planText(plan, language).name]));
  return {
    head: { title: t("billing:features.title"), description: t("billing:features.intro"), noindex: true },
    listings: listings.map((listing) => ({
      ...listing,
      planName: names.get(listing.planId) ?? listing.planId,
      lacking: listingFeatureKeys.filter((key) => !listing.features.includes(key)).length,
    })),
    keys: listingFeatureKeys,
  };
}

export default function FeaturesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const language = useLanguage();
  return (
    <section aria-labelledby="features-title" className="space-y-6">
      <PageHeader titleId="features-title" title={t("features.title")} description={t("features.intro")} />
      {loaderData.listings.length ? (
        <ul className="space-y-4">
          {loaderData.listings.map((listing) => (
            <li
              key={listing.id}
              className="space-y-4 rounded-xl border border-slate-200 p-5"
              data-testid="listing-features"
              data-plan={listing.planId}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">{listing.name}</h2>
                <p className="text-sm text-slate-700">
                  {t("features.onPlan", { plan: listing.planName })}
                  {listing.periodEnd
                    ? ` · ${t("features.until", { date: formatDate(new Date(listing.periodEnd), language, { dateStyle: "medium" }) })}`
                    : ""}
                </p>
              </div>
              <FeatureList features={listing.features} all={loaderData.keys} />
              {listing.lacking ? (
                <div className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 p-3 text-sm">
                  <p>{t("features.upgradeText", { count: listing.lacking })}</p>
                  <LocalizedLink
                    to="/dashboard/subscription"
                    className="btn-primary ml-auto"
                    data-testid="upgrade-link"
                  >
                    {t("features.upgrade")}
                  </LocalizedLink>
                </div>
              ) : (
                <p className="text-sm text-green-800">{t("features.everything")}</p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <NoListingsYet text={t("features.noListings")} />
      )}
    </section>
  );
}
