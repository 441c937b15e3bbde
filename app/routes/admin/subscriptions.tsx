import { data, Form, useActionData } from "react-router";
import { BillingStatus, SinpeReceiptLink } from "#app/components/billing/plan-parts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { DataTable } from "#app/components/ui/data-table";
import { FieldFrame, inputClass } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { Stat } from "#app/components/ui/stat";
import {
  closePlanRequest,
  endPlan,
  grantPlan,
  grantPlanRequest,
  listPlanRequests,
} from "#app/features/billing/grants.server";
import {
  type AdminSubscriptionFilters,
  adminSubscriptionPageSize,
  listSubscriptionsForAdmin,
} from "#app/features/billing/overview.server";
import { listPlanRows, planFeatureKeys, planText, updatePlan } from "#app/features/billing/plans.server";
import {
  confirmSinpeTransfer,
  listSinpeQueue,
  rejectSinpeTransfer,
  sinpeNumber,
} from "#app/features/billing/sinpe.server";
import { isStripeConfigured } from "#app/features/billing/stripe.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDate, formatMoney } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { readFormData } from "#app/web/form-action.server";
import { dispatchIntent } from "#app/web/intents";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/subscriptions";

// Every subscription (filters in the URL), monthly revenue by plan, failing and lapsed plans;
// granting and ending plans with a reason; owners' upgrade requests; and the plans themselves,
// whose prices and features are configuration edited here.
export const handle = { i18n: ["billing"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const statusFilters = ["live", "failing", "lapsed"] as const;

const filterParams = {
  status: searchParam.oneOf(statusFilters, "all"),
  source: searchParam.oneOf(["admin", "stripe", "onvo", "sinpe"]),
  plan: searchParam.matching(/^[a-z0-9-]{1,40}$/, { max: 40 }),
  page: searchParam.int((page) => (Number.isFinite(page) && page > 0 && page < 10_000 ? page : 1)),
};

function readFilters(request: Request): AdminSubscriptionFilters {
  const { status, source, plan, page } = readSearchParams(request, filterParams);
  return { status, source, planId: plan, page };
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:subscription:any");
  const { t, language } = await getRequestTranslator(request);
  const filters = readFilters(request);
  const [list, plans, requests, transfers] = await Promise.all([
    listSubscriptionsForAdmin({ actor: admin, filters }),
    listPlanRows({ all: true }),
    listPlanRequests({ actor: admin }),
    listSinpeQueue({ actor: admin }),
  ]);
  const names = new Map(plans.map((plan) => [plan.id, planText(plan, language).name]));
  return {
    head: { title: t("billing:admin.title"), description: t("billing:admin.intro"), noindex: true },
    stripe: isStripeConfigured(),
    filters,
    list: {
      ...list,
      rows: list.rows.map((row) => ({ ...row, planName: names.get(row.planId) ?? row.planId })),
      mrr: list.mrr.map((row) => ({ ...row, planName: names.get(row.planId) ?? row.planId })),
      pages: Math.max(1, Math.ceil(list.total / adminSubscriptionPageSize)),
    },
    plans: plans.map((plan) => ({ ...plan, name: names.get(plan.id) ?? plan.id })),
    requests: requests.map((row) => ({ ...row, planName: names.get(row.planId) ?? row.planId })),
    // Shown while the site takes SINPE Móvil, or while transfers started before it stopped still wait.
    sinpe: sinpeNumber() !== null || transfers.length > 0,
    transfers: transfers.map((row) => ({ ...row, planName: names.get(row.planId) ?? row.planId })),
    featureKeys: planFeatureKeys,
  };
}

type Failure = { error: string; form: string; values?: Record<string, string> };

function fail(form: string, error: string, values: Record<string, string> = {}) {
  return data<Failure>({ error, form, values }, { status: 400 });
}

function money(value: string): number | null | undefined {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** The slug typed, or the one in a pasted listing address (https://…/es/business/<slug>?…). */
function listingSlugFrom(value: string): string {
  const match = /\/business\/([^/?#]+)/.exec(value);
  return match ? match[1] : value;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:subscription:any");
  const form = await readFormData(request);
  if (!form) return fail("", "billing:errors.intent");
  const text = (name: string, max: number) =>
    String(form.get(name) ?? "")
      .slice(0, max)
      .trim();
  return dispatchIntent(
    text("intent", 20),
    {
      grant: () => {
        const values = {
          planId: text("planId", 40),
          businessSlug: text("businessSlug", 300),
          email: text("email", 200),
          endsAt: text("endsAt", 20),
          reason: text("reason", 600),
        };
        if (!values.businessSlug && !values.email) return fail("grant", "billing:errors.noTarget", values);
        if (values.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email))
          return fail("grant", "billing:errors.email", values);
        if (!values.reason) return fail("grant", "billing:errors.reason", values);
        if (values.reason.length > 500) return fail("grant", "billing:errors.reasonTooLong", values);
        let endsAt: Date | null = null;
        if (values.endsAt) {
          if (!/^\d{4}-\d{2}-\d{2}$/.test(values.endsAt)) return fail("grant", "billing:errors.endDate", values);
          endsAt = new Date(`${values.endsAt}T23:59:59Z`);
          if (Number.isNaN(endsAt.getTime())) return fail("grant", "billing:errors.endDate", values);
        }
        return handleAction(
          async () => {
            await grantPlan({
              actor: admin,
              grant: {
                planId: values.planId,
                businessSlug: listingSlugFrom(values.businessSlug) || undefined,
                email: values.businessSlug ? undefined : values.email,
                endsAt,
                reason: values.reason,
              },
            });
            return redirectBackWithToast(request, "planGranted");
          },
          { failure: { form: "grant", values } },
        );
      },
      end: () => {
        const id = Number.parseInt(text("subscriptionId", 20), 10);
        const reason = text("reason", 500);
        if (!Number.isSafeInteger(id) || id < 1) return fail("list", "billing:errors.noSubscription");
        return handleAction(
          async () => {
            await endPlan({ actor: admin, subscriptionId: id, reason: reason || "—" });
            return redirectBackWithToast(request, "planEnded");
          },
          { failure: { form: "list" } },
        );
      },
      "grant-request": () => {
        const id = Number.parseInt(text("requestId", 20), 10);
        if (!Number.isSafeInteger(id) || id < 1) return fail("requests", "billing:errors.noRequest");
        return handleAction(
          async () => {
            const { t } = await getRequestTranslator(request);
            await grantPlanRequest({ actor: admin, requestId: id, reason: t("billing:admin.requestReason") });
            return redirectBackWithToast(request, "planGranted");
          },
          { failure: { form: "requests" } },
        );
      },
      "close-request": () => {
        const id = Number.parseInt(text("requestId", 20), 10);
        if (!Number.isSafeInteger(id) || id < 1) return fail("requests", "billing:errors.noRequest");
        return handleAction(
          async () => {
            await closePlanRequest({ actor: admin, requestId: id });
            return redirectBackWithToast(request, "planRequestClosed");
          },
          { failure: { form: "requests" } },
        );
      },
      "sinpe-confirm": () => {
        const id = Number.parseInt(text("transferId", 20), 10);
        if (!Number.isSafeInteger(id) || id < 1) return fail("sinpe", "billing:errors.sinpeNoTransfer");
        return handleAction(
          async () => {
            await confirmSinpeTransfer({ actor: admin, transferId: id });
            return redirectBackWithToast(request, "sinpeConfirmed");
          },
          { failure: { form: "sinpe" } },
        );
      },
      "sinpe-reject": () => {
        const id = Number.parseInt(text("transferId", 20), 10);
        const values = { reason: text("reason", 600), transferId: String(id) };
        if (!Number.isSafeInteger(id) || id < 1) return fail("sinpe", "billing:errors.sinpeNoTransfer");
        if (!values.reason) return fail(`sinpe-${id}`, "billing:errors.reason", values);
        if (values.reason.length > 500) return fail(`sinpe-${id}`, "billing:errors.reasonTooLong", values);
        return handleAction(
          async () => {
            await rejectSinpeTransfer({ actor: admin, transferId: id, reason: values.reason });
            return redirectBackWithToast(request, "sinpeRejected");
          },
          { failure: { form: `sinpe-${id}`, values } },
        );
      },
      plan: () => {
        const planId = text("planId", 40);
        const values = {
          nameEn: text("nameEn", 120),
          nameEs: text("nameEs", 120),
          descriptionEn: text("descriptionEn", 600),
          descriptionEs: text("descriptionEs", 600),
          monthly: text("monthly", 20),
          yearly: text("yearly", 20),
          listingLimit: text("listingLimit", 10),
        };
        const formId = `plan-${planId}`;
        if (!values.nameEn || !values.nameEs) return fail(formId, "billing:errors.name", values);
        if (values.nameEn.length > 80 || values.nameEs.length > 80)
          return fail(formId, "billing:errors.nameTooLong", values);
        if (values.descriptionEn.length > 500 || values.descriptionEs.length > 500)
          return fail(formId, "billing:errors.descriptionTooLong", values);
        const monthly = money(values.monthly);
        const yearly = money(values.yearly);
        if (monthly === undefined || yearly === undefined) return fail(formId, "billing:errors.price", values);
        let listingLimit: number | null = null;
        if (values.listingLimit) {
          if (!/^\d{1,4}$/.test(values.listingLimit) || Number(values.listingLimit) < 1)
            return fail(formId, "billing:errors.listingLimit", values);
          listingLimit = Number(values.listingLimit);
        }
        const features = form
          .getAll("features")
          .map(String)
          .filter((key) => (planFeatureKeys as readonly string[]).includes(key));
        return handleAction(
          async () => {
            await updatePlan({
              actor: admin,
              plan: {
                planId,
                nameEn: values.nameEn,
                nameEs: values.nameEs,
                descriptionEn: values.descriptionEn,
                descriptionEs: values.descriptionEs,
                monthlyPriceUsd: monthly,
                yearlyPriceUsd: yearly,
                listingLimit,
                features,
                active: form.get("active") === "on",
              },
            });
            return redirectBackWithToast(request, "planSaved");
          },
          { failure: { form: formId, values } },
        );
      },
    },
    () => fail("", "billing:errors.intent"),
  );
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

export default function AdminSubscriptionsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const language = useLanguage();
  const actionData = useActionData<typeof action>() as Failure | undefined;
  const { list, filters } = loaderData;
  const errorFor = (form: string) => (actionData?.form === form ? [actionData.error] : null);
  const kept = (form: string, name: string) =>
    actionData?.form === form ? (actionData.values?.[name] ?? "") : undefined;
  const usd = (amount: number) => formatMoney(amount, language, "USD");
  const date = (iso: string | null) => (iso ? formatDate(new Date(iso), language, { dateStyle: "medium" }) : "—");
  const sellable = loaderData.plans.filter((plan) => plan.active && plan.id !== "free");
  return (
    <div className="space-y-8">
      <PageHeader title={t("admin.title")} description={t("admin.intro")}>
        <p className="text-sm text-slate-700">{loaderData.stripe ? t("admin.stripeOn") : t("admin.stripeOff")}</p>
      </PageHeader>
      <FormErrors errors={errorFor("")} />

      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="subscription-stats">
        <Stat
          label={t("admin.mrrTotal")}
          value={usd(list.mrr.reduce((sum, row) => sum + row.mrrUsd, 0))}
          testId="mrr-total"
        />
        {list.mrr.map((row) => (
          <Stat
            key={row.planId}
            label={t("admin.mrrPlan", { plan: row.planName, count: row.count })}
            value={usd(row.mrrUsd)}
          />
        ))}
        <Stat label={t("admin.failing")} value={list.failing} testId="failing-count" />
        <Stat label={t("admin.lapsed")} value={list.lapsed} testId="lapsed-count" />
      </dl>

      <PageSection id="grant-title" title={t("admin.grantTitle")} framed>
        <p className="text-sm text-slate-600">{t("admin.grantIntro")}</p>
        <Form method="post" className="grid gap-3 sm:grid-cols-2" data-testid="grant-plan-form">
          <input type="hidden" name="intent" value="grant" />
          <FieldFrame id="grant-plan" label={t("admin.plan")}>
            <select
              id="grant-plan"
              name="planId"
              defaultValue={kept("grant", "planId") ?? "premium"}
              className={`${inputClass} bg-white`}
            >
              {sellable.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                </option>
              ))}
            </select>
          </FieldFrame>
          <FieldFrame id="grant-business" label={t("admin.businessSlug")} hint={t("admin.businessSlugHint")} optional>
            <input
              id="grant-business"
              name="businessSlug"
              maxLength={120}
              defaultValue={kept("grant", "businessSlug")}
              className={inputClass}
            />
          </FieldFrame>
          <FieldFrame id="grant-email" label={t("admin.email")} hint={t("admin.emailHint")} optional>
            <input
              id="grant-email"
              name="email"
              type="email"
              maxLength={200}
              defaultValue={kept("grant", "email")}
              className={inputClass}
            />
          </FieldFrame>
          <FieldFrame id="grant-ends" label={t("admin.endsAt")} hint={t("admin.endsAtHint")} optional>
            <input
              id="grant-ends"
              name="endsAt"
              type="date"
              defaultValue={kept("grant", "endsAt")}
              className={inputClass}
            />
          </FieldFrame>
          <div className="sm:col-span-2">
            <FieldFrame id="grant-reason" label={t("admin.reason")}>
              <input
                id="grant-reason"
                name="reason"
                required
                maxLength={500}
                defaultValue={kept("grant", "reason")}
                className={inputClass}
              />
            </FieldFrame>
          </div>
          <FormErrors errors={errorFor("grant")} />
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary" data-testid="grant-plan">
              {t("admin.grant")}
            </button>
          </div>
        </Form>
      </PageSection>

      {loaderData.sinpe ? (
        <PageSection id="sinpe-title" title={t("admin.sinpe.title")}>
          <p className="text-sm text-slate-600">{t("admin.sinpe.intro")}</p>
          <FormErrors errors={errorFor("sinpe")} />
          {loaderData.transfers.length ? (
            <ol
              className="divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm"
              data-testid="sinpe-queue"
            >
              {loaderData.transfers.map((row) => (
                <li key={row.id} className="space-y-2 p-3" data-testid="sinpe-queued" data-code={row.code}>
                  <p className="font-medium">
                    {t("admin.sinpe.summary", {
                      business: row.business,
                      plan: row.planName,
                      interval: t(`admin.sinpe.${row.interval === "year" ? "year" : "month"}`),
                      amount: formatMoney(row.amountCrc, language, "CRC"),
                    })}
                  </p>
                  <p className="text-slate-700">
                    {t("admin.sinpe.reference", {
                      reference: row.reference,
                      code: row.code,
                      email: row.email,
                      date: date(row.submittedAt),
                    })}
                  </p>
                  {row.hasReceiptPhoto ? (
                    <SinpeReceiptLink transferId={row.id} label={t("admin.sinpe.receipt")} />
                  ) : null}
                  <FormErrors errors={errorFor(`sinpe-${row.id}`)} />
                  <div className="flex flex-wrap items-end gap-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value="sinpe-confirm" />
                      <input type="hidden" name="transferId" value={row.id} />
                      <button type="submit" className="btn-primary" data-testid="sinpe-confirm">
                        {t("admin.sinpe.confirm")}
                      </button>
                    </Form>
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="sinpe-reject" />
                      <input type="hidden" name="transferId" value={row.id} />
                      <FieldFrame id={`sinpe-reason-${row.id}`} label={t("admin.sinpe.reason")}>
                        <input
                          id={`sinpe-reason-${row.id}`}
                          name="reason"
                          maxLength={500}
                          defaultValue={kept(`sinpe-${row.id}`, "reason")}
                          className={inputClass}
                        />
                      </FieldFrame>
                      <button type="submit" className="btn-secondary" data-testid="sinpe-reject">
                        {t("admin.sinpe.reject")}
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-600" data-testid="sinpe-queue-empty">
              {t("admin.sinpe.empty")}
            </p>
          )}
        </PageSection>
      ) : null}

      <PageSection id="requests-title" title={t("admin.requestsTitle")}>
        <FormErrors errors={errorFor("requests")} />
        {loaderData.requests.length ? (
          <ul
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm"
            data-testid="plan-requests"
          >
            {loaderData.requests.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="plan-request">
                <span className="font-medium">{row.planName}</span>
                <span>{row.business ?? "—"}</span>
                <span className="text-slate-600">{row.email}</span>
                <span className="text-xs text-slate-500">{date(row.createdAt)}</span>
                {row.note ? <span className="w-full text-slate-700">“{row.note}”</span> : null}
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="grant-request" />
                  <input type="hidden" name="requestId" value={row.id} />
                  <button type="submit" className="btn-primary" data-testid="grant-request">
                    {t("admin.grantRequest", { plan: row.planName })}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="close-request" />
                  <input type="hidden" name="requestId" value={row.id} />
                  <button type="submit" className="btn-secondary">
                    {t("admin.closeRequest")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t("admin.noRequests")}</p>
        )}
      </PageSection>

      <PageSection id="list-title" title={t("admin.listTitle")}>
        <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
          <FieldFrame id="filter-status" label={t("admin.filterStatus")}>
            <select
              id="filter-status"
              name="status"
              defaultValue={filters.status === "all" ? "" : filters.status}
              className={`${inputClass} bg-white`}
            >
              <option value="">{t("admin.any")}</option>
              {statusFilters.map((status) => (
                <option key={status} value={status}>
                  {t(`admin.statusFilter.${status}`)}
                </option>
              ))}
            </select>
          </FieldFrame>
          <FieldFrame id="filter-plan" label={t("admin.plan")}>
            <select
              id="filter-plan"
              name="plan"
              defaultValue={filters.planId ?? ""}
              className={`${inputClass} bg-white`}
            >
              <option value="">{t("admin.any")}</option>
              {loaderData.plans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                </option>
              ))}
            </select>
          </FieldFrame>
          <FieldFrame id="filter-source" label={t("admin.source")}>
            <select
              id="filter-source"
              name="source"
              defaultValue={filters.source ?? ""}
              className={`${inputClass} bg-white`}
            >
              <option value="">{t("admin.any")}</option>
              <option value="admin">{t("source.admin")}</option>
              <option value="stripe">{t("source.stripe")}</option>
              <option value="onvo">{t("source.onvo")}</option>
              <option value="sinpe">{t("source.sinpe")}</option>
            </select>
          </FieldFrame>
          <button type="submit" className="btn-primary">
            {t("admin.filter")}
          </button>
        </Form>
        <FormErrors errors={errorFor("list")} />
        <DataTable<Row>
          rows={list.rows}
          rowKey={(row) => row.id}
          caption={t("admin.listTitle")}
          testId="subscriptions"
          rowTestId="subscription-row"
          empty={t("admin.empty")}
          page={list.page}
          pages={list.pages}
          columns={[
            {
              id: "plan",
              header: t("admin.plan"),
              cell: (row) => (
                <span className="font-medium" data-plan={row.planId}>
                  {row.planName}
                </span>
              ),
            },
            { id: "for", header: t("admin.for"), cell: (row) => row.business ?? row.email ?? "—" },
            {
              id: "status",
              header: t("admin.status"),
              cell: (row) => <BillingStatus status={row.live || row.status !== "active" ? row.status : "expired"} />,
            },
            { id: "source", header: t("admin.source"), cell: (row) => t(`source.${row.source}`) },
            { id: "end", header: t("admin.end"), cell: (row) => date(row.periodEnd) },
            { id: "reason", header: t("admin.reason"), cell: (row) => row.reason ?? "" },
            {
              id: "actions",
              header: t("admin.actions"),
              cell: (row) =>
                row.live ? (
                  <ConfirmDialog
                    trigger={t("admin.end")}
                    title={t("admin.endTitle", { plan: row.planName })}
                    message={row.source === "stripe" ? t("admin.endStripe") : t("admin.endText")}
                    confirm={t("admin.endConfirm")}
                    fields={{ intent: "end", subscriptionId: String(row.id), reason: "" }}
                    testId="end-plan"
                  />
                ) : null,
            },
          ]}
        />
      </PageSection>

      <PageSection id="plans-title" title={t("admin.plansTitle")}>
        <p className="text-sm text-slate-600">{t("admin.plansIntro")}</p>
        <div className="space-y-2">
          {loaderData.plans.map((plan) => {
            const formId = `plan-${plan.id}`;
            const value = (name: string, fallback: string) => kept(formId, name) ?? fallback;
            return (
              <details
                key={plan.id}
                className="rounded-xl border border-slate-200 p-4"
                open={actionData?.form === formId}
                data-testid="plan-editor"
              >
                <summary className="cursor-pointer font-medium">
                  {plan.name}
                  {plan.monthlyPriceUsdCents != null
                    ? ` · ${t("subscription.perMonth", { price: usd(plan.monthlyPriceUsdCents / 100) })}`
                    : ""}
                  {plan.active ? "" : ` · ${t("admin.inactive")}`}
                </summary>
                <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
                  <input type="hidden" name="intent" value="plan" />
                  <input type="hidden" name="planId" value={plan.id} />
                  <FieldFrame id={`${formId}-nameEn`} label={t("admin.nameEn")}>
                    <input
                      id={`${formId}-nameEn`}
                      name="nameEn"
                      required
                      maxLength={80}
                      defaultValue={value("nameEn", plan.nameEn)}
                      className={inputClass}
                    />
                  </FieldFrame>
                  <FieldFrame id={`${formId}-nameEs`} label={t("admin.nameEs")}>
                    <input
                      id={`${formId}-nameEs`}
                      name="nameEs"
                      required
                      maxLength={80}
                      defaultValue={value("nameEs", plan.nameEs)}
                      className={inputClass}
                    />
                  </FieldFrame>
                  <FieldFrame id={`${formId}-descriptionEn`} label={t("admin.descriptionEn")} optional>
                    <textarea
                      id={`${formId}-descriptionEn`}
                      name="descriptionEn"
                      rows={2}
                      maxLength={500}
                      defaultValue={value("descriptionEn", plan.descriptionEn)}
                      className={inputClass}
                    />
                  </FieldFrame>
                  <FieldFrame id={`${formId}-descriptionEs`} label={t("admin.descriptionEs")} optional>
                    <textarea
                      id={`${formId}-descriptionEs`}
                      name="descriptionEs"
                      rows={2}
                      maxLength={500}
                      defaultValue={value("descriptionEs", plan.descriptionEs)}
                      className={inputClass}
                    />
                  </FieldFrame>
                  <FieldFrame id={`${formId}-monthly`} label={t("admin.monthly")} hint={t("admin.priceHint")} optional>
                    <input
                      id={`${formId}-monthly`}
                      name="monthly"
                      inputMode="decimal"
                      maxLength={10}
                      defaultValue={value(
                        "monthly",
                        plan.monthlyPriceUsdCents != null ? String(plan.monthlyPriceUsdCents / 100) : "",
                      )}
                      className={inputClass}
                    />
                  </FieldFrame>
                  <FieldFrame id={`${formId}-yearly`} label={t("admin.yearly")} optional>
                    <input
                      id={`${formId}-yearly`}
                      name="yearly"
                      inputMode="decimal"
                      maxLength={10}
                      defaultValue={value(
                        "yearly",
                        plan.yearlyPriceUsdCents != null ? String(plan.yearlyPriceUsdCents / 100) : "",
                      )}
                      className={inputClass}
                    />
                  </FieldFrame>
                  <FieldFrame
                    id={`${formId}-listingLimit`}
                    label={t("admin.listingLimit")}
                    hint={t("admin.listingLimitHint")}
                    optional
                  >
                    <input
                      id={`${formId}-listingLimit`}
                      name="listingLimit"
                      inputMode="numeric"
                      maxLength={4}
                      defaultValue={value("listingLimit", plan.listingLimit != null ? String(plan.listingLimit) : "")}
                      className={inputClass}
                    />
                  </FieldFrame>
                  <label className="flex items-center gap-2 self-end text-sm">
                    <input type="checkbox" name="active" defaultChecked={plan.active} /> {t("admin.active")}
                  </label>
                  <fieldset className="sm:col-span-2">
                    <legend className="text-sm font-medium">{t("admin.unlocks")}</legend>
                    <div className="mt-1 grid gap-1 text-sm sm:grid-cols-3">
                      {loaderData.featureKeys.map((key) => (
                        <label key={key} className="flex items-center gap-2">
                          <input
                            type="checkbox"
                            name="features"
                            value={key}
                            defaultChecked={plan.features.includes(key)}
                          />
                          {t(`features.${key}`)}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                  <FormErrors errors={errorFor(formId)} />
                  <div className="sm:col-span-2">
                    <button type="submit" className="btn-primary">
                      {t("admin.savePlan")}
                    </button>
                  </div>
                </Form>
              </details>
            );
          })}
        </div>
      </PageSection>
    </div>
  );
}
