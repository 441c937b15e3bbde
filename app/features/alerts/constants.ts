// Local alerts' fixed vocabularies and limits, shared by the schema, the forms, the pages and the
// feeds. Pure: components import it too.

export const alertKinds = [
  "red-tide",
  "power",
  "water",
  "road",
  "surf",
  "weather",
  "water-quality",
  "wildlife",
  "other",
] as const;
export type AlertKind = (typeof alertKinds)[number];

/** Least to most serious: the order matters (the strip shows warning and above). */
export const alertSeverities = ["information", "advisory", "warning", "emergency"] as const;
export type AlertSeverity = (typeof alertSeverities)[number];

/** Severities that put the strip on every public page while the alert is in force. */
export const stripSeverities: readonly AlertSeverity[] = ["warning", "emergency"];

export const alertStatuses = ["draft", "published", "ended"] as const;
export type AlertStatus = (typeof alertStatuses)[number];

/** What one alert_updates row records. */
export const alertChanges = ["published", "updated", "ended"] as const;
export type AlertChange = (typeof alertChanges)[number];

export const alertLimits = {
  titleMax: 140,
  bodyMax: 4000,
  noteMax: 500,
  sourceNameMax: 120,
  sourceUrlMax: 500,
  /** An alert may be planned this far ahead and last this long at most. */
  maxLeadDays: 60,
  maxDurationDays: 90,
} as const;

export function severityRank(severity: AlertSeverity): number {
  return alertSeverities.indexOf(severity);
}

export function isAlertKind(value: unknown): value is AlertKind {
  return typeof value === "string" && (alertKinds as readonly string[]).includes(value);
}

export function isAlertSeverity(value: unknown): value is AlertSeverity {
  return typeof value === "string" && (alertSeverities as readonly string[]).includes(value);
}
