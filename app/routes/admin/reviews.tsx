import { data, useActionData } from "react-router";
import { FormErrors } from "#app/components/accounts/fields";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { PostButton } from "#app/components/ui/post-button";
import { StatusBadge } from "#app/components/ui/status-badge";
import { isUuid } from "#app/features/directory/constants";
import { listReportedReviews, moderateReview } from "#app/features/directory/reviews.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/reviews";

export const handle = { i18n: ["directory", "moderation"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "moderate:review:any");
  const { t } = await getRequestTranslator(request);
  return {
    head: {
      title: t("directory:admin.reviews.metaTitle"),
      description: t("directory:admin.reviews.intro"),
      noindex: true,
    },
    reviews: await listReportedReviews({ actor: admin }),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "moderate:review:any");
  const formData = await request.formData();
  const reviewId = String(formData.get("reviewId") ?? "");
  const decision = formData.get("decision");
  if (!isUuid(reviewId) || (decision !== "hide" && decision !== "dismiss")) {
    return data({ ok: false, error: "directory:errors.notFound", decision: null }, { status: 400 });
  }
  return handleAction(
    async () => {
      await moderateReview({ reviewId, actor: admin, decision });
      return redirectBackWithToast(request, decision === "hide" ? "reviewHidden" : "reportsDismissed");
    },
    { failure: { ok: false, decision: null } },
  );
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.reviews.title")} description={t("admin.reviews.intro")} />
      {actionData && !actionData.ok && actionData.error ? <FormErrors errors={[actionData.error]} /> : null}
      {loaderData.reviews.length ? (
        <ul className="space-y-4">
          {loaderData.reviews.map((review) => (
            <li key={review.id} className="rounded-xl border border-slate-200 p-4" data-testid="reported-review">
              <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <LocalizedLink
                  to={`/business/${review.business.slug}#reviews`}
                  className="font-semibold text-brand-800 hover:underline"
                >
                  {review.business.name}
                </LocalizedLink>
                <span className="text-slate-600">
                  {t("reviews.stars", { count: review.rating })} · {review.author ?? t("reviews.formerMember")} ·{" "}
                  {formatDate(new Date(review.createdAt), language, { dateStyle: "medium" })}
                  {review.status === "hidden" ? (
                    <>
                      {" "}
                      <StatusBadge tone="neutral">{t("admin.reviews.alreadyHidden")}</StatusBadge>
                    </>
                  ) : null}
                </span>
              </p>
              <p className="mt-2 whitespace-pre-line break-words">{review.body}</p>
              <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
                <p className="font-semibold">{t("admin.reviews.reports", { count: review.reportCount })}</p>
                <ul className="mt-1 list-disc pl-5">
                  {review.reports.map((report, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: reasons are shown once, never reordered
                    <li key={index} className="break-words">
                      {report.note ?? t(`moderation:reasons.${report.reason}`)}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <ConfirmDialog
                  trigger={t("admin.reviews.hide")}
                  title={t("admin.reviews.hideTitle", { name: review.business.name })}
                  message={t("admin.reviews.intro")}
                  confirm={t("admin.reviews.hide")}
                  fields={{ reviewId: review.id, decision: "hide" }}
                />
                <PostButton fields={{ reviewId: review.id, decision: "dismiss" }}>
                  {t("admin.reviews.dismiss")}
                </PostButton>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-6">{t("admin.reviews.empty")}</p>
      )}
    </div>
  );
}
