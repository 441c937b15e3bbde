import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData } from "react-router";
import { loadAdPage, startAdAction } from "#app/components/ads/ad-page.server";
import { AdBreakdown, AdPreviews, AdStatusBadge } from "#app/components/ads/ad-parts";
import { HouseAdForm } from "#app/components/ads/house-ad-form";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { FieldFrame, inputClass } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { adReviewSchema } from "#app/features/ads/forms";
import { decideHouseAd } from "#app/features/ads/house-ads.server";
import { handleAction } from "#app/lib/errors.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteHandle } from "#app/lib/route-handle";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { redirectBackWithToast } from "#app/web/flash.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/$adId";

// One house ad: how it looks in each language, the decision on it (approve, refuse with a note,
// pause, resume, end), its last 30 days by day and page, and its creative and targeting.
export const handle = { i18n: ["ads"], acceptsUploads: true } satisfies TranslationsHandle & RouteHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:ad:any");
  return loadAdPage(request, params.adId, admin);
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:ad:any");
  const step = await startAdAction(request, params.adId, admin);
  if ("answer" in step) return step.answer;
  const { formData } = step;
  const submission = parseWithZod(formData, { schema: adReviewSchema });
  if (submission.status !== "success") return data({ error: "ads:form.errors.decision" }, { status: 400 });
  return handleAction(async () => {
    await decideHouseAd({ actor: admin, id: params.adId, ...submission.value });
    return redirectBackWithToast(request, "adStatusChanged");
  });
}

const decisionsFor: Record<string, ("approve" | "reject" | "pause" | "resume" | "end")[]> = {
  pending: ["approve", "reject", "end"],
  active: ["pause", "reject", "end"],
  paused: ["resume", "reject", "end"],
  rejected: ["approve", "end"],
  ended: [],
};

export default function AdminAdPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ads");
  const actionData = useActionData<typeof action>();
  const { ad } = loaderData;
  const decisions = decisionsFor[ad.status] ?? [];
  return (
    <div className="space-y-8">
      <PageHeader
        title={t("admin.detailTitle", { headline: ad.headline })}
        back={{ to: "/admin/ads", label: t("admin.title") }}
      >
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <AdStatusBadge status={ad.status} />
          {ad.businessName ?? t("admin.site")} · {t(`admin.sources.${ad.source}`)}
        </p>
        {ad.reviewNote ? (
          <p className="text-sm text-slate-700">{t("admin.reviewNote", { note: ad.reviewNote })}</p>
        ) : null}
      </PageHeader>

      <PageSection id="ad-preview-title" title={t("admin.preview")}>
        <AdPreviews previews={loaderData.previews} />
      </PageSection>

      {decisions.length ? (
        <PageSection id="ad-decide-title" title={t("admin.decide")} framed>
          <Form method="post" className="space-y-3" data-testid="ad-decision">
            <FormErrors errors={actionData && "error" in actionData ? [actionData.error] : null} />
            <FieldFrame id="ad-note" label={t("admin.note")} hint={t("admin.noteHint")} optional>
              <textarea id="ad-note" name="note" rows={2} maxLength={500} className={inputClass} />
            </FieldFrame>
            <div className="flex flex-wrap gap-3">
              {decisions
                .filter((decision) => decision !== "end")
                .map((decision) => (
                  <button
                    key={decision}
                    type="submit"
                    name="decision"
                    value={decision}
                    className={decision === "approve" || decision === "resume" ? "btn-primary" : "btn-secondary"}
                  >
                    {t(`admin.${decision}`)}
                  </button>
                ))}
            </div>
          </Form>
          {decisions.includes("end") ? (
            <ConfirmDialog
              trigger={t("admin.end")}
              title={t("admin.end")}
              message={t("admin.endConfirm")}
              confirm={t("admin.end")}
              fields={{ decision: "end" }}
              testId="end-ad"
            />
          ) : null}
        </PageSection>
      ) : null}

      <PageSection id="ad-figures-title" title={t("admin.breakdown")}>
        <AdBreakdown rows={loaderData.breakdown} />
      </PageSection>

      {ad.status !== "ended" ? (
        <PageSection id="ad-edit-title" title={t("owner.editTitle")} framed>
          <HouseAdForm
            id="edit-house-ad"
            lastResult={actionData && "result" in actionData ? actionData.result : null}
            defaultValue={loaderData.values}
            areas={loaderData.areas}
            images={loaderData.images}
            submitLabel={t("form.save")}
            showBusiness
          />
        </PageSection>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
