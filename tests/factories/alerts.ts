import type { AlertInput } from "#app/features/alerts/alerts.server";

const hourMs = 60 * 60 * 1000;

/** A valid alert for the publishing functions; `hoursFromNow` moves its window. */
export function alertInput(overrides: Partial<AlertInput> = {}, now = new Date()): AlertInput {
  return {
    kind: "red-tide",
    severity: "warning",
    areas: ["playa-flamingo"],
    titleEn: "Red tide at Playa Flamingo",
    titleEs: "Marea roja en Playa Flamingo",
    bodyEn: "Avoid swimming and do not eat shellfish from the bay.",
    bodyEs: "Evite bañarse y no consuma moluscos de la bahía.",
    sourceName: "Ministerio de Salud",
    sourceUrl: "https://www.ministeriodesalud.go.cr/",
    startsAt: new Date(now.getTime() - hourMs),
    expiresAt: new Date(now.getTime() + 24 * hourMs),
    ...overrides,
  };
}
