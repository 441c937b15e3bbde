import { data, useActionData } from "react-router";
import { loadAdPage, startAdAction } from "#app/components/ads/ad-page.server";
import { AdBreakdown, AdPreviews, AdStatusBadge } from "#app/components/ads/ad-parts";
import { HouseAdForm } from "#app/components/ads/house-ad-form";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { FormErrors } from "#app/components/ui/form-message";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { decideHouseAd } from "#app/features/ads/house-ads.server";
import { handleAction } from "#app/lib/errors.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteHandle } from "#app/lib/route-handle";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { redirectBackWithToast } from "#app/web/flash.server";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/$adId";

// The owner's view of one of their listing's ads: how it looks, how it is doing, a change (which
// goes back to an admin if the ad was approved) or ending it. Someone else's ad is "not found".
export const handle = { i18n: ["ads"], acceptsUploads: true } satisfies TranslationsHandle & RouteHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return loadAdPage(request, params.adId, user);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const step = await startAdAction(request, params.adId, user);
  if ("answer" in step) return step.answer;
  const { formData } = step;
  if (formData.get("decision") !== "end") return data({ error: "ads:form.errors.decision" }, { status: 400 });
  return handleAction(async () => {
    await decideHouseAd({ actor: user, id: params.adId, decision: "end" });
    return redirectBackWithToast(request, "adStatusChanged");
  });
}

export default function OwnerAdPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ads");
  const actionData = useActionData<typeof action>();
  const { ad } = loaderData;
  return (
    <div className="space-y-8">
      <PageHeader title={ad.headline} back={{ to: "/dashboard/ads", label: t("owner.title") }}>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <AdStatusBadge status={ad.status} />
          {ad.businessName}
        </p>
        {ad.status === "rejected" && ad.reviewNote ? (
          <p className="text-sm text-red-800">{t("admin.reviewNote", { note: ad.reviewNote })}</p>
        ) : null}
      </PageHeader>
      <FormErrors errors={actionData && "error" in actionData ? [actionData.error] : null} />

      <PageSection id="owner-ad-preview" title={t("admin.preview")}>
        <AdPreviews previews={loaderData.previews} />
      </PageSection>

      <PageSection id="owner-ad-figures" title={t("admin.breakdown")}>
        <AdBreakdown rows={loaderData.breakdown} />
      </PageSection>

      {ad.status !== "ended" ? (
        <>
          <PageSection id="owner-ad-edit" title={t("owner.editTitle")} framed>
            {ad.status === "active" || ad.status === "paused" ? (
              <p className="text-sm text-slate-600">{t("owner.reviewAgain")}</p>
            ) : null}
            <HouseAdForm
              id="edit-house-ad"
              lastResult={actionData && "result" in actionData ? actionData.result : null}
              defaultValue={loaderData.values}
              areas={loaderData.areas}
              images={loaderData.images}
              submitLabel={ad.status === "pending" ? t("form.save") : t("form.submit")}
            />
          </PageSection>
          <ConfirmDialog
            trigger={t("owner.end")}
            title={t("owner.end")}
            message={t("owner.endConfirm")}
            confirm={t("owner.end")}
            fields={{ decision: "end" }}
            testId="end-ad"
          />
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
