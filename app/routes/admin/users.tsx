import { DataTable, readSort } from "#app/components/ui/data-table";
import { FilterForm } from "#app/components/ui/filter-form";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { StatusBadge } from "#app/components/ui/status-badge";
import { storedRoles } from "#app/lib/authorization";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { listUsers, userSortColumns } from "#app/platform/accounts/users.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/users";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const listParams = {
  q: searchParam.text({ max: 200 }),
  role: searchParam.oneOf(storedRoles),
  page: searchParam.int((page) => page || 1),
};

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:user:any");
  const { t } = await getRequestTranslator(request);
  const params = new URL(request.url).searchParams;
  const { q: query, role, page } = readSearchParams(params, listParams);
  const sort = readSort(params, userSortColumns, { column: "joined", direction: "desc" });
  const result = await listUsers({ actor: admin, query, role, page, sort });
  return {
    head: {
      title: t("accounts:admin.users.metaTitle"),
      description: t("accounts:admin.users.metaTitle"),
      noindex: true,
    },
    query,
    role: role ?? "",
    sort,
    ...result,
    users: result.users.map((user) => ({ ...user, createdAt: user.createdAt.toISOString() })),
  };
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.users.title")} />
      <FilterForm
        id="users"
        search={{ name: "q", label: t("admin.users.searchLabel"), value: loaderData.query, maxLength: 200 }}
        selects={[
          {
            name: "role",
            label: t("admin.users.roleFilter"),
            value: loaderData.role,
            anyLabel: t("admin.users.anyRole"),
            options: storedRoles.map((role) => ({ value: role, label: t(`roles.${role}`) })),
          },
        ]}
        submit={t("admin.users.search")}
      />
      <p className="text-sm text-slate-600" data-testid="users-total">
        {t("admin.users.total", { count: loaderData.total })}
      </p>
      <DataTable
        rows={loaderData.users}
        rowKey={(user) => user.id}
        caption={t("admin.users.title")}
        empty={t("admin.users.empty")}
        sort={loaderData.sort}
        page={loaderData.page}
        pages={loaderData.pages}
        columns={[
          {
            id: "name",
            header: t("admin.users.columns.name"),
            sortable: true,
            cell: (user) => (
              <LocalizedLink
                to={`/admin/users/${encodeURIComponent(user.id)}`}
                className="font-medium text-brand-800 underline"
              >
                {user.name || user.email}
              </LocalizedLink>
            ),
          },
          {
            id: "email",
            header: t("admin.users.columns.email"),
            sortable: true,
            cell: (user) => user.email,
            className: "break-all",
          },
          { id: "role", header: t("admin.users.columns.role"), cell: (user) => t(`roles.${user.role}`) },
          {
            id: "status",
            header: t("admin.users.columns.status"),
            cell: (user) =>
              user.disabled ? (
                <StatusBadge tone="danger">{t("admin.user.disabled")}</StatusBadge>
              ) : (
                <StatusBadge tone="success">{t("admin.user.active")}</StatusBadge>
              ),
          },
          {
            id: "joined",
            header: t("admin.users.columns.joined"),
            sortable: true,
            cell: (user) => formatDate(new Date(user.createdAt), language, { dateStyle: "medium" }),
          },
        ]}
      />
    </div>
  );
}
