import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useNavigation } from "react-router";
import { FieldErrors, FormErrors, inputClass } from "#app/components/accounts/fields";
import { ClaimCard } from "#app/components/directory/claim-card";
import { Pagination } from "#app/components/ui/data-table";
import { LocalizedNavLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { type ClaimRow, decideClaim, listClaimsForAdmin } from "#app/features/directory/claims.server";
import { claimStatuses } from "#app/features/directory/constants";
import { claimDecisionSchema } from "#app/features/directory/forms";
import { handleFormAction } from "#app/lib/errors.server";
import { formatDate, formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/claims";

export const handle = { i18n: ["directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "decide:claim:any");
  const { t } = await getRequestTranslator(request);
  const { status, page } = readSearchParams(request, {
    status: searchParam.oneOf(claimStatuses, "pending"),
    page: searchParam.int((page) => page || 1),
  });
  const result = await listClaimsForAdmin({ actor: admin, status, page });
  return {
    head: {
      title: t("directory:admin.claims.metaTitle"),
      description: t("directory:admin.claims.metaTitle"),
      noindex: true,
    },
    status,
    ...result,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "decide:claim:any");
  const formData = await request.formData();
  const claimId = String(formData.get("claimId") ?? "");
  const submission = parseWithZod(formData, { schema: claimDecisionSchema });
  if (submission.status !== "success")
    return data({ claimId, result: submission.reply(), ok: false, decision: null }, { status: 400 });
  return handleFormAction(
    submission,
    async () => {
      await decideClaim({
        claimId: submission.value.claimId,
        actor: admin,
        decision: submission.value.decision,
        reason: submission.value.reason,
      });
      return redirectBackWithToast(
        request,
        submission.value.decision === "approve" ? "claimApproved" : "claimRejected",
      );
    },
    { failure: { claimId, ok: false, decision: null } },
  );
}

function DecisionForm({ claim }: { claim: ClaimRow }) {
  const { t } = useTranslation("directory");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const mine = actionData?.claimId === claim.id ? actionData : undefined;
  const [form, fields] = useForm({
    id: `decide-${claim.id}`,
    lastResult: mine?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: claimDecisionSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-2" preventScrollReset>
      <input type="hidden" name="claimId" value={claim.id} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <label htmlFor={fields.reason.id} className="block text-sm font-medium">
        {t("admin.claims.reason")}
      </label>
      <textarea
        {...getTextareaProps(fields.reason)}
        key={fields.reason.key}
        rows={2}
        maxLength={500}
        className={inputClass}
      />
      <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          name="decision"
          value="approve"
          className="btn-primary"
          disabled={navigation.state === "submitting"}
        >
          {t("admin.claims.approve")}
        </button>
        <button
          type="submit"
          name="decision"
          value="reject"
          className="btn-secondary"
          disabled={navigation.state === "submitting"}
        >
          {t("admin.claims.reject")}
        </button>
      </div>
    </Form>
  );
}

export default function AdminClaims({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.claims.title")} />
      <nav aria-label={t("admin.claims.filter")}>
        <ul className="flex flex-wrap gap-2">
          {claimStatuses.map((status) => (
            <li key={status}>
              <LocalizedNavLink
                to={`/admin/claims?status=${status}`}
                className={`inline-flex min-h-11 items-center gap-1 rounded-md border px-3 text-sm font-medium ${loaderData.status === status ? "border-brand-700 bg-brand-50 text-brand-900" : "border-slate-300 text-slate-700"}`}
                aria-current={loaderData.status === status ? "page" : undefined}
              >
                {t(`statuses.${status}`)} ({formatNumber(loaderData.counts[status] ?? 0, language)})
              </LocalizedNavLink>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.claims.length ? (
        <ul className="space-y-4">
          {loaderData.claims.map((claim) => (
            <ClaimCard key={claim.id} claim={claim} testId="admin-claim">
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
                <dt className="text-slate-600">{t("admin.claims.claimant")}</dt>
                <dd className="break-words">
                  {claim.claimant ? `${claim.claimant.name} <${claim.claimant.email}>` : "—"}
                </dd>
                <dt className="text-slate-600">{t("claim.type")}</dt>
                <dd>{t(`claim.types.${claim.claimType}`)}</dd>
                <dt className="text-slate-600">{t("claim.method")}</dt>
                <dd>{t(`claim.methods.${claim.verificationMethod}`)}</dd>
                <dt className="text-slate-600">{t("admin.claims.contact")}</dt>
                <dd className="break-words">{claim.contactDetails}</dd>
                {claim.additionalInfo ? (
                  <>
                    <dt className="text-slate-600">{t("admin.claims.additional")}</dt>
                    <dd className="break-words whitespace-pre-line">{claim.additionalInfo}</dd>
                  </>
                ) : null}
                <dt className="text-slate-600">{t("admin.claims.sent")}</dt>
                <dd>{formatDate(new Date(claim.createdAt), language, { dateStyle: "medium", timeStyle: "short" })}</dd>
                {claim.decisionReason ? (
                  <>
                    <dt className="text-slate-600">{t("admin.claims.reason")}</dt>
                    <dd className="break-words">{claim.decisionReason}</dd>
                  </>
                ) : null}
              </dl>
              {claim.status === "pending" ? <DecisionForm claim={claim} /> : null}
            </ClaimCard>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-6">{t("admin.claims.empty")}</p>
      )}
      <Pagination page={loaderData.page} pages={loaderData.pageCount} />
    </div>
  );
}
