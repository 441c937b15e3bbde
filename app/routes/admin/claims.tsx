import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useNavigation } from "react-router";
import { FieldErrors, FormErrors, inputClass } from "#app/components/accounts/fields";
import { ClaimCard } from "#app/components/directory/claim-card";
import { Pagination } from "#app/components/ui/data-table";
import { LocalizedNavLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { useZodForm } from "#app/components/ui/use-zod-form";
import {
  type ClaimRow,
  type ClaimTaxCheck,
  decideClaim,
  listClaimsForAdmin,
  markTaxIdVerified,
  type TaxRegistrationMethod,
} from "#app/features/directory/claims.server";
import { claimStatuses } from "#app/features/directory/constants";
import { claimDecisionSchema, claimTaxIdSchema } from "#app/features/directory/forms";
import { formatTaxId, taxIdKindOf } from "#app/features/directory/tax-id";
import type { Actor } from "#app/lib/authorization";
import { AppError } from "#app/lib/errors";
import { handleAction, handleFormAction } from "#app/lib/errors.server";
import { formatDate, formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { actOnIntent } from "#app/web/intents";
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
  return actOnIntent(
    formData,
    {
      // An admin who checked the ID by hand gives the listing its mark.
      markTaxId: () =>
        handleAction(
          async () => {
            const parsed = claimTaxIdSchema.safeParse({ claimId });
            if (!parsed.success) throw new AppError("not_found", "directory:errors.notFound");
            await markTaxIdVerified({ claimId: parsed.data.claimId, actor: admin });
            return redirectBackWithToast(request, "taxIdMarked");
          },
          { failure: { claimId, ok: false, decision: null, taxIdError: true } },
        ),
    },
    () => decide(request, admin, formData, claimId),
  );
}

async function decide(request: Request, admin: Actor, formData: FormData, claimId: string) {
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
  const mine = actionData?.claimId === claim.id && "result" in actionData ? actionData : undefined;
  const [form, fields] = useZodForm(claimDecisionSchema, {
    id: `decide-${claim.id}`,
    lastResult: mine?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
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

type AdminClaim = ClaimRow & { taxCheck: ClaimTaxCheck | null; registered: TaxRegistrationMethod | null };

/** The claim's tax ID, what Hacienda says about it (or that it could not say), and the listing's mark. */
function TaxIdDetails({ claim }: { claim: AdminClaim }) {
  const { t } = useTranslation("directory");
  if (!claim.taxId) return null;
  const check = claim.taxCheck;
  const lookup = check?.lookup;
  return (
    <>
      <dt className="text-slate-600">{t("admin.claims.taxId")}</dt>
      <dd data-testid="claim-tax-id">
        <span className="font-mono">{formatTaxId(claim.taxId)}</span>{" "}
        <span className="text-slate-600">({t(`taxIdKinds.${taxIdKindOf(claim.taxId)}`)})</span>
      </dd>
      <dt className="text-slate-600">{t("admin.claims.hacienda")}</dt>
      <dd data-testid="claim-tax-check" className="break-words">
        {!lookup || lookup.status === "notConfigured" ? (
          t("admin.claims.taxCheck.notConfigured")
        ) : lookup.status === "found" ? (
          <>
            <span className="font-medium">{lookup.name}</span>
            {" · "}
            {lookup.estado || "—"}
            {lookup.moroso ? ` · ${t("admin.claims.taxCheck.moroso")}` : ""}
            {lookup.omiso ? ` · ${t("admin.claims.taxCheck.omiso")}` : ""}
            <span className={`block ${check?.matches ? "text-emerald-800" : "text-amber-800"}`}>
              {check?.matches
                ? t("admin.claims.taxCheck.matches")
                : t("admin.claims.taxCheck.noMatch", { name: check?.expectedName || "—" })}
            </span>
          </>
        ) : lookup.status === "notFound" ? (
          t("admin.claims.taxCheck.notFound")
        ) : (
          <span className="text-amber-800">{t("admin.claims.taxCheck.unavailable")}</span>
        )}
      </dd>
      {claim.registered ? (
        <>
          <dt className="text-slate-600">{t("admin.claims.mark")}</dt>
          <dd data-testid="claim-tax-mark">{t(`admin.claims.markMethods.${claim.registered}`)}</dd>
        </>
      ) : null}
    </>
  );
}

/** Shown on an approved owner's or manager's claim whose listing has no mark yet. */
function MarkTaxIdForm({ claim }: { claim: AdminClaim }) {
  const { t } = useTranslation("directory");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const error =
    actionData && "taxIdError" in actionData && actionData.claimId === claim.id && "error" in actionData
      ? actionData.error
      : null;
  return (
    <Form method="post" className="mt-3 space-y-2" preventScrollReset>
      <input type="hidden" name="claimId" value={claim.id} />
      <p className="text-sm text-slate-700">{t("admin.claims.markHint")}</p>
      {error ? <FormErrors errors={[error]} /> : null}
      <button
        type="submit"
        name="intent"
        value="markTaxId"
        className="btn-secondary"
        disabled={navigation.state === "submitting"}
      >
        {t("admin.claims.markByHand")}
      </button>
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
                <TaxIdDetails claim={claim} />
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
              {claim.status === "approved" &&
              claim.taxId &&
              !claim.registered &&
              claim.claimType !== "information_correction" ? (
                <MarkTaxIdForm claim={claim} />
              ) : null}
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
