import { type Actor, canSomewhere } from "#app/lib/authorization";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { listAreas } from "#app/platform/site/site-config.server";
import {
  alertCard,
  alertPermission,
  alertWallTime,
  canPostAlerts,
  getAlert,
  listManagedAlerts,
  postableAreas,
} from "./alerts.server";

/** Whether the actor may open the publishing desk: an admin, or a holder of an area grant. */
export function mayOpenAlertDesk(actor: Actor | null | undefined): boolean {
  return canSomewhere(actor, alertPermission) && canPostAlerts(actor);
}

/** What the publishing desk shows: the alerts the actor manages, the areas, and the one being edited. */
export async function loadAlertDesk(options: { actor: Actor; language: Language; editId?: number | null }) {
  const { actor, language } = options;
  const [alerts, areas, allowedAreas] = await Promise.all([
    listManagedAlerts({ actor }),
    listAreas(language),
    postableAreas(actor),
  ]);
  let editing = null;
  if (options.editId) {
    const alert = alerts.find((candidate) => candidate.id === options.editId)
      ? await getAlert({ id: options.editId, actor })
      : null;
    if (!alert) throw new AppError("not_found", "alerts:errors.notFound");
    editing = {
      ...alertCard(alert, language),
      titleEn: alert.title.en,
      titleEs: alert.title.es,
      bodyEn: alert.body.en,
      bodyEs: alert.body.es,
      startsAtWall: alertWallTime(alert.startsAt),
      expiresAtWall: alertWallTime(alert.expiresAt),
    };
  }
  return {
    alerts: alerts.map((alert) => alertCard(alert, language)),
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
    allowedAreas,
    editing,
  };
}
