import { redirect } from "react-router";
import { RecordStatusBadge } from "#app/components/directory/record-status";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { listMyBusinesses } from "#app/platform/listings/listings.server";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/hours";

export const handle = { i18n: ["directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

// The dashboard's "hours" section: with one business it opens that business's hours directly.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const businesses = (await listMyBusinesses({ actor: user })).filter((business) => business.status !== "draft");
  if (businesses.length === 1) throw redirect(localizePath(`/dashboard/business/${businesses[0].id}/hours`, language));
  return {
    head: {
      title: t("directory:dashboard.nav.hours"),
      description: t("directory:dashboard.hours.intro"),
      noindex: true,
    },
    businesses: businesses.map((business) => ({ id: business.id, name: business.name, status: business.status })),
  };
}

export default function HoursIndex({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  return (
    <section aria-labelledby="hours-index-title">
      <PageHeader
        titleId="hours-index-title"
        title={t("dashboard.nav.hours")}
        description={t("dashboard.hours.intro")}
      />
      {loaderData.businesses.length ? (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {loaderData.businesses.map((business) => (
            <li key={business.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <span className="font-medium">
                {business.name} <RecordStatusBadge status={business.status} />
              </span>
              <LocalizedLink to={`/dashboard/business/${business.id}/hours`} className="btn-secondary">
                {t("dashboard.hours.edit")}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-6">{t("dashboard.myBusiness.empty")}</p>
      )}
    </section>
  );
}
