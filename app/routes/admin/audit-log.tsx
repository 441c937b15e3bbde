import { type AuditRow, AuditTable, serializeAudit } from "#app/components/accounts/audit-table";
import { PageHeader } from "#app/components/ui/page-header";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { listAuditLog } from "#app/platform/audit/audit.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/audit-log";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const pageSize = 50;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "read:audit-log:any");
  const { t } = await getRequestTranslator(request);
  const { page } = readSearchParams(request, {
    page: searchParam.int((page) => Math.max(1, Math.min(page || 1, 10_000))),
  });
  const { entries, total } = await listAuditLog({ limit: pageSize, offset: (page - 1) * pageSize });
  return {
    head: {
      title: t("accounts:admin.audit.metaTitle"),
      description: t("accounts:admin.audit.metaTitle"),
      noindex: true,
    },
    entries: serializeAudit(entries) as AuditRow[],
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.audit.title")} />
      <AuditTable entries={loaderData.entries} page={loaderData.page} pages={loaderData.pages} />
    </div>
  );
}
