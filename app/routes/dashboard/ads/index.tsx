import { data, useActionData } from "react-router";
import { AdList } from "#app/components/ads/ad-parts";
import { HouseAdForm } from "#app/components/ads/house-ad-form";
import { saveHouseAdForm } from "#app/components/ads/house-ad-form.server";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { BusinessPicker } from "#app/components/owner/business-picker";
import { PlanGate } from "#app/components/owner/plan-gate";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { adLimits } from "#app/features/ads/constants";
import { listHouseAdsForOwner, listingMayAdvertise } from "#app/features/ads/house-ads.server";
import { adFigures, dailyAdReach } from "#app/features/ads/placement.server";
import { isUuid } from "#app/features/directory/constants";
import { orAppError } from "#app/lib/errors.server";
import { formatNumber } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteHandle } from "#app/lib/route-handle";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { listAreas } from "#app/platform/site/site-config.server";
import { requireUser } from "#app/web/session.server";
import { pickBusiness } from "../pick-business.server";
import type { Route } from "./+types/index";

// A listing's own ads (run through its plan): with a plan that includes them, the owner writes an
// ad, an admin approves it, and the owner follows its impressions and clicks here.
export const handle = {
  i18n: ["ads", "owner:picker", "owner:gate", "directory:statuses"],
  acceptsUploads: true,
} satisfies TranslationsHandle & RouteHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const { choices, selectedId } = await pickBusiness(request, user);
  const head = { title: t("ads:owner.title"), description: t("ads:owner.intro"), noindex: true };
  const reach = await dailyAdReach();
  if (!selectedId) return { head, choices, selected: null, allowed: false, rows: [], areas: [], reach };
  if (!isUuid(selectedId)) throw data(t("ads:errors.notFound"), { status: 404 });
  const [allowed, rows, areas] = await Promise.all([
    orAppError(language, () => listingMayAdvertise({ actor: user, businessId: selectedId })),
    orAppError(language, () => listHouseAdsForOwner({ actor: user, businessId: selectedId })),
    listAreas(language),
  ]);
  const figures = await adFigures({ adIds: rows.map((row) => row.id), days: 30 });
  const selected = choices.find((choice) => choice.id === selectedId);
  return {
    head,
    choices,
    selected: { id: selectedId, name: selected?.name ?? "" },
    allowed,
    rows: rows.map((row) => ({ ...row, ...(figures.get(row.id) ?? { impressions: 0, clicks: 0 }) })),
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
    reach,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const { business: businessId } = readSearchParams(request, { business: searchParam.text() });
  if (!isUuid(businessId)) throw data(t("ads:errors.notFound"), { status: 404 });
  // Someone else's listing is "not found" before its form is even read.
  await orAppError(language, () => listingMayAdvertise({ actor: user, businessId }));
  return saveHouseAdForm({
    request,
    formData: await request.formData(),
    actor: user,
    businessId,
    to: (id) => localizePath(`/dashboard/ads/${id}`, language),
  });
}

export default function OwnerAdsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ads");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const { selected } = loaderData;
  return (
    <section aria-labelledby="ads-title" className="space-y-8">
      <PageHeader
        titleId="ads-title"
        title={selected ? t("owner.titleFor", { name: selected.name }) : t("owner.title")}
        description={t("owner.intro")}
      >
        {loaderData.reach ? (
          <p className="text-sm text-slate-700" data-testid="ad-reach">
            {t("owner.reach", { count: loaderData.reach, formatted: formatNumber(loaderData.reach, language) })}
          </p>
        ) : null}
      </PageHeader>
      <BusinessPicker path="/dashboard/ads" choices={loaderData.choices} selectedId={selected?.id ?? null} />
      {selected ? (
        <>
          {loaderData.rows.length ? (
            <AdList rows={loaderData.rows} linkTo="/dashboard/ads" showAdvertiser={false} />
          ) : (
            <p className="text-slate-700">{t("owner.empty")}</p>
          )}
          {loaderData.allowed ? (
            <PageSection id="owner-ad-new" title={t("owner.new")} framed>
              <p className="text-sm text-slate-600">{t("owner.limit", { max: adLimits.openPerBusiness })}</p>
              <HouseAdForm
                id="owner-house-ad"
                action={`${localizePath("/dashboard/ads", language)}?business=${selected.id}`}
                lastResult={actionData && "result" in actionData ? actionData.result : null}
                areas={loaderData.areas}
                submitLabel={t("form.submit")}
              />
            </PageSection>
          ) : (
            <PlanGate title={t("owner.gateTitle")} testId="ads-plan-gate">
              {t("owner.gateBody")}
            </PlanGate>
          )}
        </>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
