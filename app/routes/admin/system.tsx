import { DataTable } from "#app/components/ui/data-table";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { Stat } from "#app/components/ui/stat";
import { StatusBadge } from "#app/components/ui/status-badge";
import { serviceStates } from "#app/compose/services.server";
import { getDatabaseHandle } from "#app/lib/db.server";
import { formatDate, formatNumber } from "#app/lib/format";
import type { Language } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { databaseFacts, databasePoolState, metricsSnapshot, outboxBacklog } from "#app/lib/metrics.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/system";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

/** Admin "system": the figures /metrics gives monitoring, for a person. Admin only, per request. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "read:system:any");
  const { t } = await getRequestTranslator(request);
  const [metrics, outbox, database] = await Promise.all([metricsSnapshot(), outboxBacklog(), databaseFacts()]);
  const uptimeSeconds = Math.round(process.uptime());
  return {
    head: { title: t("accounts:admin.system.metaTitle"), description: t("accounts:admin.system.intro"), noindex: true },
    uptimeSeconds,
    startedAt: new Date(Date.now() - uptimeSeconds * 1000).toISOString(),
    node: process.versions.node,
    memoryMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    metrics: { ...metrics, routes: metrics.routes.slice(0, 25) },
    outbox,
    database: { kind: getDatabaseHandle()?.kind ?? null, pool: databasePoolState(), ...database },
    services: serviceStates(),
  };
}

function duration(seconds: number, language: Language) {
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
    ["second", 1],
  ];
  const [unit, size] = units.find(([, size]) => seconds >= size) ?? ["second", 1];
  return formatNumber(Math.floor(seconds / size), language, {
    style: "unit",
    unit,
    unitDisplay: "long",
    maximumFractionDigits: 0,
  });
}

export default function SystemPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  const { metrics, outbox, database } = loaderData;
  const size =
    database.sizeBytes === null
      ? t("admin.system.database.unavailable")
      : formatNumber(database.sizeBytes / 1024 / 1024, language, {
          style: "unit",
          unit: "megabyte",
          maximumFractionDigits: 1,
        });
  return (
    <div className="space-y-8">
      <PageHeader title={t("admin.system.title")} description={t("admin.system.intro")}>
        <p className="text-sm" data-testid="system-uptime">
          {t("admin.system.uptime", { duration: duration(loaderData.uptimeSeconds, language) })} (
          {t("admin.system.startedAt", {
            when: formatDate(new Date(loaderData.startedAt), language, { dateStyle: "medium", timeStyle: "short" }),
          })}
          ) · {t("admin.system.node", { version: loaderData.node })} ·{" "}
          {t("admin.system.memory", { mb: number(loaderData.memoryMb) })}
        </p>
      </PageHeader>

      <PageSection id="system-requests" title={t("admin.system.requests.title")}>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat label={t("admin.system.requests.total")} value={number(metrics.requests)} testId="system-requests" />
          <Stat
            label={t("admin.system.requests.errors")}
            value={number(metrics.serverErrors)}
            testId="system-server-errors"
          />
          <Stat
            label={t("admin.system.cache.hitRate")}
            value={
              metrics.cache.hitRate === null
                ? t("admin.system.cache.none")
                : formatNumber(metrics.cache.hitRate, language, { style: "percent", maximumFractionDigits: 1 })
            }
            testId="system-cache-hit-rate"
          />
        </dl>
        <DataTable
          rows={metrics.routes}
          rowKey={(route) => route.route}
          caption={t("admin.system.requests.title")}
          empty={t("admin.system.requests.empty")}
          rowTestId="system-route"
          columns={[
            {
              id: "route",
              header: t("admin.system.requests.route"),
              className: "font-mono break-all",
              cell: (route) => route.route,
            },
            { id: "count", header: t("admin.system.requests.count"), cell: (route) => number(route.requests) },
            { id: "errors", header: t("admin.system.requests.errorCount"), cell: (route) => number(route.errors) },
            {
              id: "average",
              header: t("admin.system.requests.average"),
              cell: (route) =>
                t("admin.system.requests.ms", {
                  value: formatNumber(route.averageMs, language, { maximumFractionDigits: 1 }),
                }),
            },
          ]}
        />
      </PageSection>

      <PageSection id="system-database" title={t("admin.system.database.title")}>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Stat
            label={t("admin.system.database.kind")}
            value={
              database.kind ? t(`admin.system.database.kinds.${database.kind}`) : t("admin.system.database.unavailable")
            }
            testId="system-database-kind"
          />
          <Stat
            label={t("admin.system.database.version")}
            value={database.version ?? t("admin.system.database.unavailable")}
            testId="system-database-version"
          />
          <Stat label={t("admin.system.database.size")} value={size} testId="system-database-size" />
          <Stat
            label={t("admin.system.database.pool")}
            value={
              database.pool && database.kind === "postgres"
                ? t("admin.system.database.poolValue", {
                    total: database.pool.total,
                    idle: database.pool.idle,
                    waiting: database.pool.waiting,
                  })
                : t("admin.system.database.embeddedPool")
            }
          />
        </dl>
      </PageSection>

      <PageSection id="system-queues" title={t("admin.system.queues.title")}>
        <h3 className="font-medium">{t("admin.system.queues.outbox")}</h3>
        <dl className="grid gap-3 sm:grid-cols-4">
          {(["pending", "sent", "failed", "kept"] as const).map((status) => (
            <Stat
              key={status}
              label={t(`admin.system.queues.statuses.${status}`)}
              value={number(outbox.byStatus[status] ?? 0)}
              testId={`system-outbox-${status}`}
            />
          ))}
        </dl>
        <p className="text-sm text-slate-700">
          {(outbox.byStatus.pending ?? 0) > 0
            ? t("admin.system.queues.oldestPending", { duration: duration(outbox.oldestPendingSeconds, language) })
            : t("admin.system.queues.nonePending")}{" "}
          <a href={language === "es" ? "/es/admin/outbox" : "/admin/outbox"} className="text-brand-800 underline">
            {t("admin.system.queues.link")}
          </a>
        </p>
      </PageSection>

      <PageSection id="system-services" title={t("admin.system.services.title")}>
        <p className="text-sm text-slate-700">{t("admin.system.services.intro")}</p>
        <DataTable
          rows={loaderData.services}
          rowKey={(service) => service.id}
          caption={t("admin.system.services.title")}
          empty={t("admin.system.services.title")}
          rowTestId="system-service"
          columns={[
            {
              id: "service",
              header: t("admin.system.services.service"),
              cell: (service) => (
                <>
                  <span className="font-medium">{t(`admin.system.services.names.${service.id}`)}</span>
                  <span className="block text-sm text-slate-600">
                    {t(`admin.system.services.without.${service.id}`)}
                  </span>
                </>
              ),
            },
            {
              id: "state",
              header: t("admin.system.services.state"),
              cell: (service) =>
                service.configured ? (
                  <StatusBadge tone="success" testId={`system-service-${service.id}`}>
                    {t("admin.system.services.configured")}
                  </StatusBadge>
                ) : (
                  <StatusBadge tone="warning" testId={`system-service-${service.id}`}>
                    {t("admin.system.services.notConfigured")}
                  </StatusBadge>
                ),
            },
            {
              id: "variables",
              header: t("admin.system.services.variables"),
              className: "font-mono break-all",
              cell: (service) => service.variables.join(", "),
            },
          ]}
        />
      </PageSection>

      <p className="text-sm text-slate-600">{t("admin.system.metricsNote")}</p>
    </div>
  );
}
