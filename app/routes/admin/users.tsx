import { Form } from "react-router";
import { inputClass } from "#app/components/accounts/fields";
import { Pager } from "#app/components/accounts/pager";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { listUsers } from "#app/domain/accounts/users.server";
import { requirePermission } from "#app/web/session.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { isStoredRole, storedRoles } from "#app/lib/authorization";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import type { Route } from "./+types/users";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:user:any");
  const { t } = await getRequestTranslator(request);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").slice(0, 200);
  const roleParam = params.get("role");
  const role = isStoredRole(roleParam) ? roleParam : undefined;
  const page = Number.parseInt(params.get("page") ?? "1", 10) || 1;
  const result = await listUsers({ actor: admin, query, role, page });
  return {
    head: {
      title: t("accounts:admin.users.metaTitle"),
      description: t("accounts:admin.users.metaTitle"),
      noindex: true,
    },
    query,
    role: role ?? "",
    ...result,
    users: result.users.map((user) => ({ ...user, createdAt: user.createdAt.toISOString() })),
  };
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("admin.users.title")}</h1>
      <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <div className="flex-1">
          <label htmlFor="users-q" className="block text-sm font-medium">
            {t("admin.users.searchLabel")}
          </label>
          <input
            id="users-q"
            name="q"
            type="search"
            defaultValue={loaderData.query}
            maxLength={200}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="users-role" className="block text-sm font-medium">
            {t("admin.users.roleFilter")}
          </label>
          <select id="users-role" name="role" defaultValue={loaderData.role} className={inputClass}>
            <option value="">{t("admin.users.anyRole")}</option>
            {storedRoles.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          {t("admin.users.search")}
        </button>
      </Form>
      <p className="text-sm text-slate-600" data-testid="users-total">
        {t("admin.users.total", { count: loaderData.total })}
      </p>
      {loaderData.users.length === 0 ? (
        <p className="text-slate-600">{t("admin.users.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.users.columns.name")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.users.columns.email")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.users.columns.role")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.users.columns.status")}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t("admin.users.columns.joined")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.users.map((user) => (
                <tr key={user.id}>
                  <td className="py-2 pr-3">
                    <LocalizedLink
                      to={`/admin/users/${encodeURIComponent(user.id)}`}
                      className="font-medium text-brand-800 underline"
                    >
                      {user.name || user.email}
                    </LocalizedLink>
                  </td>
                  <td className="py-2 pr-3 break-all">{user.email}</td>
                  <td className="py-2 pr-3">{t(`roles.${user.role}`)}</td>
                  <td className="py-2 pr-3">{user.disabled ? t("admin.user.disabled") : t("admin.user.active")}</td>
                  <td className="py-2 whitespace-nowrap">
                    {formatDate(new Date(user.createdAt), language, { dateStyle: "medium" })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={loaderData.page} pages={loaderData.pages} />
    </div>
  );
}
