import { LocalizedLink } from "#app/components/ui/localized-link";
import { StatusBadge, type StatusTone } from "#app/components/ui/status-badge";
import type { AlertCard as AlertCardData } from "#app/features/alerts/alerts.server";
import type { AlertSeverity } from "#app/features/alerts/constants";
import { formatDate } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

// The alerts' parts: a severity badge, an alert's card (lists, home, area pages, the beach
// report), the compact list block and the strip the shell shows on every public page while a
// warning or an emergency is in force.

const severityTone: Record<AlertSeverity, StatusTone> = {
  information: "info",
  advisory: "warning",
  warning: "danger",
  emergency: "danger",
};

export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  const { t } = useTranslation("alerts");
  return <StatusBadge tone={severityTone[severity]}>{t(`severities.${severity}`)}</StatusBadge>;
}

function when(iso: string, language: "en" | "es") {
  return formatDate(new Date(iso), language, { dateStyle: "medium", timeStyle: "short" });
}

export function AlertCard({ alert, headingLevel = 2 }: { alert: AlertCardData; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("alerts");
  const language = useLanguage();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const emphasis =
    alert.severity === "emergency" || alert.severity === "warning"
      ? "border-red-300 bg-red-50"
      : "border-slate-200 bg-white";
  return (
    <article
      className={`space-y-2 rounded-xl border p-4 ${emphasis}`}
      data-testid="alert-card"
      data-alert-id={alert.id}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <SeverityBadge severity={alert.severity} />
        <span className="font-medium text-slate-700">{t(`kinds.${alert.kind}`)}</span>
        {alert.state === "scheduled" ? <StatusBadge tone="neutral">{t("states.scheduled")}</StatusBadge> : null}
        {alert.isDemo ? <StatusBadge tone="neutral">{t("card.demo")}</StatusBadge> : null}
      </div>
      <Heading className="text-lg font-semibold break-words">
        <LocalizedLink to={`/alerts/${alert.id}`} className="hover:underline">
          {alert.title}
        </LocalizedLink>
      </Heading>
      <p className="text-sm text-slate-700">{alert.areas.length ? alert.areas.join(", ") : t("card.wholeSite")}</p>
      <p className="text-sm text-slate-700">
        {alert.state === "scheduled"
          ? t("card.from", { date: when(alert.startsAt, language) })
          : t("card.until", { date: when(alert.expiresAt, language) })}
      </p>
      {alert.body ? <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-800">{alert.body}</p> : null}
      <p className="text-xs text-slate-600">{t("card.source", { name: alert.sourceName })}</p>
    </article>
  );
}

/** A titled block of the alerts in force (home page, area pages, the beach report). */
export function AlertsBlock({ alerts, testId = "alerts-block" }: { alerts: AlertCardData[]; testId?: string }) {
  const { t } = useTranslation("alerts");
  return (
    <section aria-labelledby={`${testId}-title`} className="space-y-3" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`${testId}-title`} className="text-xl font-semibold">
          {t("widget.title")}
        </h2>
        <LocalizedLink to="/alerts" className="text-sm text-brand-800 underline">
          {t("widget.all")}
        </LocalizedLink>
      </div>
      {alerts.length ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {alerts.map((alert) => (
            <li key={alert.id}>
              <AlertCard alert={alert} headingLevel={3} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{t("widget.none")}</p>
      )}
    </section>
  );
}

/**
 * A small notice of the alerts in force for a page that is about something else (the home page,
 * the beach report): one line per alert and a link to /alerts. Nothing at all when none are.
 */
export function AlertsNotice({
  alerts,
  title,
  testId = "alerts-notice",
}: {
  alerts: AlertCardData[];
  title?: string;
  testId?: string;
}) {
  const { t } = useTranslation("alerts");
  if (!alerts.length) return null;
  const serious = alerts.some((alert) => alert.severity === "warning" || alert.severity === "emergency");
  return (
    <section
      aria-labelledby={`${testId}-title`}
      className={`rounded-xl border p-4 ${serious ? "border-red-300 bg-red-50" : "border-amber-300 bg-amber-50"}`}
      data-testid={testId}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={`${testId}-title`} className="text-lg font-semibold">
          {title ?? t("widget.title")}
        </h2>
        <LocalizedLink to="/alerts" className="text-sm font-semibold text-brand-800 underline">
          {t("widget.all")}
        </LocalizedLink>
      </div>
      <ul className="mt-2 space-y-2">
        {alerts.slice(0, 4).map((alert) => (
          <li key={alert.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-alert-id={alert.id}>
            <SeverityBadge severity={alert.severity} />
            <span className="text-slate-700">{t(`kinds.${alert.kind}`)}:</span>
            <LocalizedLink to={`/alerts/${alert.id}`} className="min-w-0 font-medium break-words underline">
              {alert.title}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
