import { data, Form, useActionData, useNavigation } from "react-router";
import { FormErrors, inputClass, Notice } from "#app/components/accounts/fields";
import { StatusBadge } from "#app/components/directory/business-tabs";
import { Pagination } from "#app/components/directory/pagination";
import { LocalizedLink } from "#app/components/ui/localized-link";
import type { BusinessStatus } from "#app/domain/directory/constants";
import { businessStatuses, isUuid } from "#app/domain/directory/constants";
import { listBusinessesForAdmin, setBusinessVerified } from "#app/domain/directory/manage.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDate, formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/businesses";

export const handle = { i18n: ["directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "update:business:any");
  const { t } = await getRequestTranslator(request);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").slice(0, 100);
  const statusParam = params.get("status");
  const status = (businessStatuses as readonly string[]).includes(statusParam ?? "")
    ? (statusParam as BusinessStatus)
    : null;
  const page = Number.parseInt(params.get("page") ?? "1", 10) || 1;
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
      return { ok: true, error: null, id, intent };
    },
    { failure: { ok: false, id, intent: null } },
  );
}

export default function AdminBusinesses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    if (loaderData.query) params.set("q", loaderData.query);
    if (loaderData.status) params.set("status", loaderData.status);
    if (page > 1) params.set("page", String(page));
    const text = params.toString();
    return text ? `?${text}` : "?";
  };
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("admin.businesses.title")}</h1>
      <dl className="grid grid-cols-3 gap-3" aria-label={t("admin.businesses.breakdown")}>
        {businessStatuses.map((status) => (
          <div
            key={status}
            className="rounded-xl border border-slate-200 p-3 text-center"
            data-testid={`breakdown-${status}`}
          >
            <dt className="text-sm text-slate-600">{t(`statuses.${status}`)}</dt>
            <dd className="text-2xl font-bold">{formatNumber(loaderData.breakdown[status], language)}</dd>
          </div>
        ))}
      </dl>
      <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <div className="flex-1">
          <label htmlFor="businesses-q" className="block text-sm font-medium">
            {t("admin.businesses.search")}
          </label>
          <input
            id="businesses-q"
            name="q"
            type="search"
            defaultValue={loaderData.query}
            maxLength={100}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="businesses-status" className="block text-sm font-medium">
            {t("admin.businesses.statusFilter")}
          </label>
          <select
            id="businesses-status"
            name="status"
            defaultValue={loaderData.status ?? ""}
            className={`${inputClass} bg-white`}
          >
            <option value="">{t("admin.businesses.anyStatus")}</option>
            {businessStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          {t("filters.submit")}
        </button>
      </Form>
      {actionData?.ok ? (
        <Notice>
          {t(actionData.intent === "verify" ? "admin.businesses.verified" : "admin.businesses.unverified")}
        </Notice>
      ) : null}
      {actionData && !actionData.ok && actionData.error ? <FormErrors errors={[actionData.error]} /> : null}
      <p className="text-sm text-slate-600">
        {t("results.count", { count: loaderData.total, formatted: formatNumber(loaderData.total, language) })}
      </p>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {loaderData.businesses.map((business) => (
          <li
            key={business.id}
            className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
            data-testid="admin-business"
          >
            <div className="min-w-0">
              <p className="font-semibold break-words">
                {business.status === "verified" ? (
                  <LocalizedLink to={`/business/${business.slug}`} className="text-brand-800 hover:underline">
                    {business.name}
                  </LocalizedLink>
                ) : (
                  business.name
                )}{" "}
                <StatusBadge status={business.status} />
                {business.isDemo ? <span className="ml-1 text-xs text-slate-500">({t("badges.demo")})</span> : null}
              </p>
              <p className="text-sm text-slate-600">
                {t(`categories.${business.category}`)} · {business.ownerEmail ?? t("admin.businesses.noOwner")}
                {business.submittedAt
                  ? ` · ${t("admin.businesses.submitted", { date: formatDate(new Date(business.submittedAt), language, { dateStyle: "medium" }) })}`
                  : ""}
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <LocalizedLink to={`/dashboard/business/${business.id}`} className="btn-secondary">
                {t("admin.businesses.edit")}
              </LocalizedLink>
              <Form method="post">
                <input type="hidden" name="businessId" value={business.id} />
                {business.status === "verified" ? (
                  <button
                    type="submit"
                    name="intent"
                    value="unverify"
                    className="btn-secondary"
                    disabled={navigation.state === "submitting"}
                  >
                    {t("admin.businesses.unverify")}
                  </button>
                ) : (
                  <button
                    type="submit"
                    name="intent"
                    value="verify"
                    className="btn-primary"
                    disabled={navigation.state === "submitting"}
                  >
                    {t("admin.businesses.verify")}
                  </button>
                )}
              </Form>
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={loaderData.page} pageCount={loaderData.pageCount} hrefFor={hrefFor} />
    </div>
  );
}
