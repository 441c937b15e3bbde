import { type AuditRow, AuditTable, serializeAudit } from "#app/components/accounts/audit-table";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { getAdminOverview } from "#app/domain/accounts/users.server";
import { listAuditLog } from "#app/domain/audit/audit.server";
import { requirePermission } from "#app/web/session.server";
import { formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
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

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  const language = useLanguage();
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold" data-testid={testId}>
        {formatNumber(value, language)}
      </dd>
    </div>
  );
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const { overview } = loaderData;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("admin.overview.title")}</h1>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Stat label={t("admin.overview.totalUsers")} value={overview.totalUsers} testId="stat-total" />
        <Stat label={t("admin.overview.signupsLast7Days")} value={overview.signupsLast7Days} testId="stat-signups" />
        <Stat label={t("admin.overview.unverifiedUsers")} value={overview.unverifiedUsers} testId="stat-unverified" />
        <Stat label={t("admin.overview.disabledUsers")} value={overview.disabledUsers} testId="stat-disabled" />
        <Stat label={t("admin.overview.pendingEmails")} value={overview.pendingEmails} testId="stat-pending-emails" />
      </dl>
      <section aria-labelledby="by-role">
        <h2 id="by-role" className="text-lg font-semibold">
          {t("admin.overview.usersByRole")}
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          {(["user", "business_owner", "admin"] as const).map((role) => (
            <Stat
              key={role}
              label={t(`roles.${role}`)}
              value={overview.usersByRole[role]}
              testId={`stat-role-${role}`}
            />
          ))}
        </dl>
      </section>
      <section aria-labelledby="recent-activity">
        <h2 id="recent-activity" className="text-lg font-semibold">
          {t("admin.overview.recentActivity")}
        </h2>
        <div className="mt-3">
          <AuditTable entries={loaderData.audit} />
        </div>
        <LocalizedLink to="/admin/audit-log" className="mt-3 inline-block text-sm text-brand-800 underline">
          {t("admin.overview.viewAuditLog")}
        </LocalizedLink>
      </section>
    </div>
  );
}
