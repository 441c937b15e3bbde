import { data, useActionData } from "react-router";
import { FormErrors } from "#app/components/accounts/fields";
import { RecordStatusBadge } from "#app/components/directory/record-status";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { DataTable } from "#app/components/ui/data-table";
import { FilterForm } from "#app/components/ui/filter-form";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { PostButton } from "#app/components/ui/post-button";
import { Stat } from "#app/components/ui/stat";
import { businessStatuses, isUuid } from "#app/features/directory/constants";
import { listBusinessesForAdmin, setBusinessVerified } from "#app/features/directory/manage.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDate, formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/businesses";

export const handle = { i18n: ["directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const listParams = {
  q: searchParam.text({ max: 100 }),
  status: searchParam.oneOf(businessStatuses, null),
  page: searchParam.int((page) => page || 1),
};

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "update:business:any");
  const { t } = await getRequestTranslator(request);
  const { q: query, status, page } = readSearchParams(request, listParams);
  const result = await listBusinessesForAdmin({ actor: admin, query, status, page });
  return {
    head: {
      title: t("directory:admin.businesses.metaTitle"),
      description: t("directory:admin.businesses.metaTitle"),
      noindex: true,
    },
    query,
    status,
    ...result,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "update:business:any");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = String(formData.get("businessId") ?? "");
  if ((intent !== "verify" && intent !== "unverify") || !isUuid(id)) {
    return data({ ok: false, error: "directory:errors.notFound", id, intent: null }, { status: 400 });
  }
  return handleAction(
    async () => {
      await setBusinessVerified({ id, actor: admin, verified: intent === "verify" });
      return redirectBackWithToast(request, intent === "verify" ? "businessVerified" : "businessUnverified");
    },
    { failure: { ok: false, id, intent: null } },
  );
}

export default function AdminBusinesses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.businesses.title")} />
      <dl className="grid grid-cols-3 gap-3" aria-label={t("admin.businesses.breakdown")}>
        {businessStatuses.map((status) => (
          <Stat
            key={status}
            label={t(`statuses.${status}`)}
            value={formatNumber(loaderData.breakdown[status], language)}
            testId={`breakdown-${status}`}
          />
        ))}
      </dl>
      <FilterForm
        id="businesses"
        search={{ name: "q", label: t("admin.businesses.search"), value: loaderData.query, maxLength: 100 }}
        selects={[
          {
            name: "status",
            label: t("admin.businesses.statusFilter"),
            value: loaderData.status ?? "",
            anyLabel: t("admin.businesses.anyStatus"),
            options: businessStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
          },
        ]}
        submit={t("filters.submit")}
      />
      {actionData && !actionData.ok && actionData.error ? <FormErrors errors={[actionData.error]} /> : null}
      <p className="text-sm text-slate-600">
        {t("results.count", { count: loaderData.total, formatted: formatNumber(loaderData.total, language) })}
      </p>
      <DataTable
        rows={loaderData.businesses}
        rowKey={(business) => business.id}
        caption={t("admin.businesses.title")}
        empty={t("admin.businesses.empty")}
        page={loaderData.page}
        pages={loaderData.pageCount}
        rowTestId="admin-business"
        columns={[
          {
            id: "name",
            header: t("admin.businesses.columns.name"),
            cell: (business) => (
              <span className="font-semibold">
                {business.status === "verified" ? (
                  <LocalizedLink to={`/business/${business.slug}`} className="text-brand-800 hover:underline">
                    {business.name}
                  </LocalizedLink>
                ) : (
                  business.name
                )}
                {business.isDemo ? (
                  <span className="ml-1 text-xs font-normal text-slate-500">({t("badges.demo")})</span>
                ) : null}
              </span>
            ),
          },
          {
            id: "status",
            header: t("admin.businesses.columns.status"),
            cell: (business) => <RecordStatusBadge status={business.status} />,
          },
          {
            id: "category",
            header: t("admin.businesses.columns.category"),
            cell: (business) => t(`categories.${business.category}`),
          },
          {
            id: "owner",
            header: t("admin.businesses.columns.owner"),
            cell: (business) => business.ownerEmail ?? t("admin.businesses.noOwner"),
          },
          {
            id: "submitted",
            header: t("admin.businesses.columns.submitted"),
            className: "sm:whitespace-nowrap",
            cell: (business) =>
              business.submittedAt
                ? formatDate(new Date(business.submittedAt), language, { dateStyle: "medium" })
                : "—",
          },
          {
            id: "actions",
            header: t("admin.businesses.columns.actions"),
            cell: (business) => (
              <div className="flex flex-wrap gap-2 sm:flex-nowrap">
                <LocalizedLink to={`/dashboard/business/${business.id}`} className="btn-secondary">
                  {t("admin.businesses.edit")}
                </LocalizedLink>
                {business.status === "verified" ? (
                  <ConfirmDialog
                    trigger={t("admin.businesses.unverify")}
                    title={t("admin.businesses.unverifyTitle", { name: business.name })}
                    message={t("admin.businesses.unverifyMessage")}
                    confirm={t("admin.businesses.unverify")}
                    fields={{ intent: "unverify", businessId: business.id }}
                  />
                ) : (
                  <PostButton tone="primary" fields={{ intent: "verify", businessId: business.id }}>
                    {t("admin.businesses.verify")}
                  </PostButton>
                )}
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
