import { type AuditRow, AuditTable, serializeAudit } from "#app/components/accounts/audit-table";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { Stat } from "#app/components/ui/stat";
import { formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getAdminOverview } from "#app/platform/accounts/users.server";
import { listAuditLog } from "#app/platform/audit/audit.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/index";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "read:admin:any");
  const { t } = await getRequestTranslator(request);
  const [overview, audit] = await Promise.all([getAdminOverview({ actor: admin }), listAuditLog({ limit: 10 })]);
  return {
    head: {
      title: t("accounts:admin.overview.metaTitle"),
      description: t("accounts:admin.overview.metaTitle"),
      noindex: true,
    },
    overview,
    audit: serializeAudit(audit.entries) as AuditRow[],
  };
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  const { overview } = loaderData;
  const count = (value: number) => formatNumber(value, language);
  return (
    <div className="space-y-8">
      <PageHeader title={t("admin.overview.title")} />
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Stat label={t("admin.overview.totalUsers")} value={count(overview.totalUsers)} testId="stat-total" />
        <Stat
          label={t("admin.overview.signupsLast7Days")}
          value={count(overview.signupsLast7Days)}
          testId="stat-signups"
        />
        <Stat
          label={t("admin.overview.unverifiedUsers")}
          value={count(overview.unverifiedUsers)}
          testId="stat-unverified"
        />
        <Stat label={t("admin.overview.disabledUsers")} value={count(overview.disabledUsers)} testId="stat-disabled" />
        <Stat
          label={t("admin.overview.pendingEmails")}
          value={count(overview.pendingEmails)}
          testId="stat-pending-emails"
        />
      </dl>
      <PageSection id="by-role" title={t("admin.overview.usersByRole")}>
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          {(["user", "business_owner", "admin"] as const).map((role) => (
            <Stat
              key={role}
              label={t(`roles.${role}`)}
              value={count(overview.usersByRole[role])}
              testId={`stat-role-${role}`}
            />
          ))}
        </dl>
      </PageSection>
      <PageSection id="recent-activity" title={t("admin.overview.recentActivity")}>
        <div className="mt-3">
          <AuditTable entries={loaderData.audit} />
        </div>
        <LocalizedLink to="/admin/audit-log" className="mt-3 inline-block text-sm text-brand-800 underline">
          {t("admin.overview.viewAuditLog")}
        </LocalizedLink>
      </PageSection>
    </div>
  );
}
