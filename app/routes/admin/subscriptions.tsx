import { data, Form, useActionData } from "react-router";
import { BillingStatus, SinpeReceiptLink } from "#app/components/billing/plan-parts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { DataTable } from "#app/components/ui/data-table";
import { FilterSelectField } from "#app/components/ui/filter-form";
import { FieldFrame, inputClass } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { HiddenFieldsForm } from "#app/components/ui/hidden-fields-form";
import { LabelledInput } from "#app/components/ui/labelled-input";
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
import type { ToastName } from "#app/manifests";
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
const sources = ["admin", "stripe", "onvo", "sinpe"] as const;

const filterParams = {
  status: searchParam.oneOf(statusFilters, "all"),
  source: searchParam.oneOf(sources),
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
  // A button on one row of a list (a subscription, a request, a transfer): the row's id, then the
  // change, then back to the page with its toast; a missing or broken id is refused on that list.
  const onOneRow = (
    field: string,
    list: string,
    missing: string,
    toast: ToastName,
    change: (id: number) => Promise<unknown>,
  ) => {
    const id = Number.parseInt(text(field, 20), 10);
    if (!Number.isSafeInteger(id) || id < 1) return fail(list, missing);
    return handleAction(
      async () => {
        await change(id);
        return redirectBackWithToast(request, toast);
      },
      { failure: { form: list } },
    );
  };
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
      end: () =>
        onOneRow("subscriptionId", "list", "billing:errors.noSubscription", "planEnded", (id) =>
          endPlan({ actor: admin, subscriptionId: id, reason: text("reason", 500) || "—" }),
        ),
      "grant-request": () =>
        onOneRow("requestId", "requests", "billing:errors.noRequest", "planGranted", async (id) => {
          const { t } = await getRequestTranslator(request);
          await grantPlanRequest({ actor: admin, requestId: id, reason: t("billing:admin.requestReason") });
        }),
      "close-request": () =>
        onOneRow("requestId", "requests", "billing:errors.noRequest", "planRequestClosed", (id) =>
          closePlanRequest({ actor: admin, requestId: id }),
        ),
      "sinpe-confirm": () =>
        onOneRow("transferId", "sinpe", "billing:errors.sinpeNoTransfer", "sinpeConfirmed", (id) =>
          confirmSinpeTransfer({ actor: admin, transferId: id }),
        ),
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
type Plan = Route.ComponentProps["loaderData"]["plans"][number];

// Who gets the plan (a listing or an account) and until when; each field has its own hint.
const grantFields = [
  { name: "businessSlug", id: "grant-business", maxLength: 120 },
  { name: "email", id: "grant-email", type: "email", maxLength: 200 },
  { name: "endsAt", id: "grant-ends", type: "date" },
];

const dollars = (cents: number | null) => (cents != null ? String(cents / 100) : "");

// The plan editor's text fields, in the order they stand; `initial` is the saved value a field
// shows until a refused post brings back what was typed.
const planFields: {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
  required?: boolean;
  multiline?: true;
  rows?: number;
  maxLength: number;
  inputMode?: "decimal" | "numeric";
  initial: (plan: Plan) => string;
}[] = [
  { name: "nameEn", label: "admin.nameEn", required: true, maxLength: 80, initial: (plan: Plan) => plan.nameEn },
  { name: "nameEs", label: "admin.nameEs", required: true, maxLength: 80, initial: (plan: Plan) => plan.nameEs },
  ...(["descriptionEn", "descriptionEs"] as const).map((name) => ({
    name,
    label: `admin.${name}`,
    optional: true,
    multiline: true as const,
    rows: 2,
    maxLength: 500,
    initial: (plan: Plan) => plan[name],
  })),
  {
    name: "monthly",
    label: "admin.monthly",
    hint: "admin.priceHint",
    optional: true,
    inputMode: "decimal",
    maxLength: 10,
    initial: (plan: Plan) => dollars(plan.monthlyPriceUsdCents),
  },
  {
    name: "yearly",
    label: "admin.yearly",
    optional: true,
    inputMode: "decimal",
    maxLength: 10,
    initial: (plan: Plan) => dollars(plan.yearlyPriceUsdCents),
  },
  {
    name: "listingLimit",
    label: "admin.listingLimit",
    hint: "admin.listingLimitHint",
    optional: true,
    inputMode: "numeric",
    maxLength: 4,
    initial: (plan: Plan) => (plan.listingLimit != null ? String(plan.listingLimit) : ""),
  },
];

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
          {grantFields.map(({ name, ...control }) => (
            <LabelledInput
              key={name}
              label={t(`admin.${name}`)}
              hint={t(`admin.${name}Hint`)}
              optional
              name={name}
              {...control}
              defaultValue={kept("grant", name)}
            />
          ))}
          <div className="sm:col-span-2">
            <LabelledInput
              id="grant-reason"
              label={t("admin.reason")}
              name="reason"
              required
              maxLength={500}
              defaultValue={kept("grant", "reason")}
            />
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
                    <HiddenFieldsForm fields={{ intent: "sinpe-confirm", transferId: row.id }}>
                      <button type="submit" className="btn-primary" data-testid="sinpe-confirm">
                        {t("admin.sinpe.confirm")}
                      </button>
                    </HiddenFieldsForm>
                    <HiddenFieldsForm
                      fields={{ intent: "sinpe-reject", transferId: row.id }}
                      className="flex flex-wrap items-end gap-2"
                    >
                      <LabelledInput
                        id={`sinpe-reason-${row.id}`}
                        label={t("admin.sinpe.reason")}
                        name="reason"
                        maxLength={500}
                        defaultValue={kept(`sinpe-${row.id}`, "reason")}
                      />
                      <button type="submit" className="btn-secondary" data-testid="sinpe-reject">
                        {t("admin.sinpe.reject")}
                      </button>
                    </HiddenFieldsForm>
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
                <HiddenFieldsForm fields={{ intent: "grant-request", requestId: row.id }} className="ml-auto">
                  <button type="submit" className="btn-primary" data-testid="grant-request">
                    {t("admin.grantRequest", { plan: row.planName })}
                  </button>
                </HiddenFieldsForm>
                <HiddenFieldsForm fields={{ intent: "close-request", requestId: row.id }}>
                  <button type="submit" className="btn-secondary">
                    {t("admin.closeRequest")}
                  </button>
                </HiddenFieldsForm>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t("admin.noRequests")}</p>
        )}
      </PageSection>

      <PageSection id="list-title" title={t("admin.listTitle")}>
        <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
          {[
            {
              name: "status",
              label: t("admin.filterStatus"),
              value: filters.status === "all" ? "" : (filters.status ?? ""),
              options: statusFilters.map((status) => ({ value: status, label: t(`admin.statusFilter.${status}`) })),
            },
            {
              name: "plan",
              label: t("admin.plan"),
              value: filters.planId ?? "",
              options: loaderData.plans.map((plan) => ({ value: plan.id, label: plan.name })),
            },
            {
              name: "source",
              label: t("admin.source"),
              value: filters.source ?? "",
              options: sources.map((source) => ({ value: source, label: t(`source.${source}`) })),
            },
          ].map((select) => (
            <FilterSelectField key={select.name} idPrefix="filter" select={{ ...select, anyLabel: t("admin.any") }} />
          ))}
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
                <HiddenFieldsForm
                  fields={{ intent: "plan", planId: plan.id }}
                  className="mt-3 grid gap-3 sm:grid-cols-2"
                >
                  {planFields.map(({ name, label, hint, initial, ...control }) => (
                    <LabelledInput
                      key={name}
                      id={`${formId}-${name}`}
                      label={t(label)}
                      hint={hint ? t(hint) : undefined}
                      name={name}
                      {...control}
                      defaultValue={value(name, initial(plan))}
                    />
                  ))}
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
                </HiddenFieldsForm>
              </details>
            );
          })}
        </div>
      </PageSection>
    </div>
  );
}
