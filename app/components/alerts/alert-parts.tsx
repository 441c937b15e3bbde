import type { AlertCard as AlertCardData } from "#app/features/alerts/alerts.server";
import type { AlertSeverity } from "#app/features/alerts/constants";
import { useMatches } from "react-router";
import { AlertTriangle } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { StatusBadge, type StatusTone } from "#app/components/ui/status-badge";
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

export interface StripAlert {
  id: number;
  severity: AlertSeverity;
  severityLabel: string;
  title: string;
  /** Area slugs; empty: the whole site. */
  areaSlugs: string[];
}

/**
 * The strip under the header while a warning or an emergency is in force: the whole site's on
 * every page, an area's on the pages about that area (a route's loader data names it as
 * `alertArea`). Same for every visitor of a page, so cached pages carry it; the "alerts" content
 * version and the start/expiry job change them when alerts do. Its words come translated in the
 * root's data, so no page loads the alerts' strings for it.
 */
export function AlertStrip({ strip }: { strip: { label: string; alerts: StripAlert[] } | null | undefined }) {
  const matches = useMatches();
  if (!strip) return null;
  const area =
    matches
      .map((match) => (match.data as { alertArea?: unknown } | undefined)?.alertArea)
      .find((value): value is string => typeof value === "string") ?? null;
  const shown = strip.alerts.filter(
    (alert) => alert.areaSlugs.length === 0 || (area !== null && alert.areaSlugs.includes(area)),
  );
  if (!shown.length) return null;
  const tone = shown.some((alert) => alert.severity === "emergency") ? "bg-red-800" : "bg-red-700";
  return (
    <aside aria-label={strip.label} className={`${tone} text-white`} data-testid="alert-strip">
      <ul className="mx-auto max-w-6xl space-y-1 px-4 py-2 text-sm">
        {shown.slice(0, 3).map((alert) => (
          <li key={alert.id} className="flex items-start gap-2">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">
              <span className="font-semibold">{alert.severityLabel}:</span>{" "}
              <LocalizedLink to={`/alerts/${alert.id}`} className="underline">
                {alert.title}
              </LocalizedLink>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
