import { Form, useActionData } from "react-router";
import { AdList } from "#app/components/ads/ad-parts";
import { HouseAdForm } from "#app/components/ads/house-ad-form";
import { saveHouseAdForm } from "#app/components/ads/house-ad-form.server";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { FilterSelectField } from "#app/components/ui/filter-form";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { houseAdStatuses } from "#app/features/ads/constants";
import { listHouseAdsForAdmin } from "#app/features/ads/house-ads.server";
import { adNetwork } from "#app/features/ads/network.server";
import { adFigures, dailyAdReach } from "#app/features/ads/placement.server";
import { formatNumber } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteHandle } from "#app/lib/route-handle";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { listAreas } from "#app/platform/site/site-config.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/index";

// Every house ad (owners' waiting ones first) with its last 30 days, the site's computed reach,
// whether the partner network is on, and a new placement sold to a business.
export const handle = { i18n: ["ads"], acceptsUploads: true } satisfies TranslationsHandle & RouteHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:ad:any");
  const { t, language } = await getRequestTranslator(request);
  const { status } = readSearchParams(request, { status: searchParam.oneOf(houseAdStatuses) });
  const [rows, areas, reach] = await Promise.all([
    listHouseAdsForAdmin({ actor: admin, status }),
    listAreas(language),
    dailyAdReach(),
  ]);
  const figures = await adFigures({ adIds: rows.map((row) => row.id), days: 30 });
  const network = adNetwork();
  return {
    head: { title: t("ads:admin.title"), description: t("ads:admin.intro", { network: "" }), noindex: true },
    status: status ?? "",
    rows: rows.map((row) => ({ ...row, ...(figures.get(row.id) ?? { impressions: 0, clicks: 0 }) })),
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
    reach,
    publisherId: network?.publisherId ?? null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:ad:any");
  const { language } = await getRequestTranslator(request);
  return saveHouseAdForm({
    request,
    formData: await request.formData(),
    actor: admin,
    to: (id) => localizePath(`/admin/ads/${id}`, language),
  });
}

export default function AdminAdsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ads");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-8">
      <PageHeader
        title={t("admin.title")}
        description={t("admin.intro", {
          network: loaderData.publisherId
            ? t("admin.networkOn", { publisherId: loaderData.publisherId })
            : t("admin.networkOff"),
        })}
      >
        {loaderData.reach ? (
          <p className="text-sm text-slate-700" data-testid="ad-reach">
            {t("admin.reach", { count: loaderData.reach, formatted: formatNumber(loaderData.reach, language) })}
          </p>
        ) : null}
      </PageHeader>

      <PageSection id="ads-list-title" title={t("admin.list")}>
        <Form method="get" className="flex items-end gap-3">
          <FilterSelectField
            idPrefix="ads"
            select={{
              name: "status",
              label: t("admin.filter"),
              value: loaderData.status,
              anyLabel: t("admin.any"),
              options: houseAdStatuses.map((value) => ({ value, label: t(`status.${value}`) })),
            }}
          />
          <button type="submit" className="btn-secondary">
            {t("admin.apply")}
          </button>
        </Form>
        {loaderData.rows.length ? (
          <AdList rows={loaderData.rows} linkTo="/admin/ads" showAdvertiser />
        ) : (
          <p className="text-slate-700">{t("admin.empty")}</p>
        )}
      </PageSection>

      <PageSection id="ads-new-title" title={t("admin.new")} framed>
        <p className="text-sm text-slate-600">{t("admin.newIntro")}</p>
        <HouseAdForm
          id="new-house-ad"
          lastResult={actionData && "result" in actionData ? actionData.result : null}
          areas={loaderData.areas}
          submitLabel={t("form.create")}
          showBusiness
        />
      </PageSection>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
