import { Form, redirect, useActionData } from "react-router";
import { BillingStatus } from "#app/components/billing/plan-parts";
import { DataTable } from "#app/components/ui/data-table";
import { FormErrors } from "#app/components/ui/form-message";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { myReceipts } from "#app/features/billing/overview.server";
import { listPlanRows, planText } from "#app/features/billing/plans.server";
import { isStripeConfigured, openBillingPortal } from "#app/features/billing/stripe.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDate, showPrice } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/billing";

// Invoices and receipts: Stripe's invoices (with the link to Stripe's own copy) when Stripe is
// configured, and a line for every plan an admin granted.
export const handle = { i18n: ["billing"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t, language } = await getRequestTranslator(request);
  const [receipts, plans, site] = await Promise.all([
    myReceipts({ actor: user }),
    listPlanRows({ all: true }),
    getSiteConfig(language),
  ]);
  const names = new Map(plans.map((plan) => [plan.id, planText(plan, language).name]));
  return {
    head: { title: t("billing:billing.title"), description: t("billing:billing.intro"), noindex: true },
    stripe: isStripeConfigured() && receipts.some((row) => row.source === "stripe"),
    receipts: receipts.map((row) => ({
      ...row,
      plan: names.get(row.planId) ?? row.planId,
      amount: showPrice({
        amountMinor: Math.round(row.amountUsd * 100),
        currency: "USD",
        language,
        rate: site.exchangeRate,
      }).text,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { language } = await getRequestTranslator(request);
  return handleAction(async () => redirect(await openBillingPortal({ actor: user, language })), { failure: {} });
}

type Receipt = Route.ComponentProps["loaderData"]["receipts"][number];

export default function BillingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="billing-title" className="space-y-6">
      <PageHeader
        titleId="billing-title"
        title={t("billing.title")}
        description={t("billing.intro")}
        actions={
          loaderData.stripe ? (
            <Form method="post">
              <button type="submit" className="btn-secondary" data-testid="billing-portal">
                {t("subscription.portal")}
              </button>
            </Form>
          ) : null
        }
      />
      <FormErrors errors={actionData && "error" in actionData ? [actionData.error as string] : null} />
      <DataTable<Receipt>
        rows={loaderData.receipts}
        rowKey={(row) => row.id}
        caption={t("billing.caption")}
        testId="receipts"
        rowTestId="receipt"
        empty={
          <span>
            {t("billing.empty")}{" "}
            <LocalizedLink to="/dashboard/subscription" className="underline">
              {t("billing.seePlans")}
            </LocalizedLink>
          </span>
        }
        columns={[
          {
            id: "date",
            header: t("billing.date"),
            cell: (row) => formatDate(new Date(row.createdAt), language, { dateStyle: "medium" }),
          },
          { id: "plan", header: t("billing.plan"), cell: (row) => row.plan },
          {
            id: "amount",
            header: t("billing.amount"),
            cell: (row) => (row.status === "granted" ? t("billing.granted") : row.amount),
          },
          { id: "status", header: t("billing.status"), cell: (row) => <BillingStatus status={row.status} /> },
          {
            id: "document",
            header: t("billing.document"),
            cell: (row) =>
              row.hostedUrl ? (
                <a href={row.hostedUrl} className="underline" rel="noopener noreferrer" target="_blank">
                  {t("billing.view")}
                </a>
              ) : (
                t(`source.${row.source}`)
              ),
          },
        ]}
      />
    </section>
  );
}
