import { useMatches } from "react-router";
import { AlertTriangle } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import type { AlertSeverity } from "#app/features/alerts/constants";

// The shell's part of the alerts, in a module of its own: every page renders it, so it loads no
// strings of the alerts (the root's data brings its words translated).

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
