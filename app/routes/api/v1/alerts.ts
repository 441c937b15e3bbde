import { listAlerts } from "#app/features/alerts/alerts.server";
import { alertJson } from "#app/features/alerts/feeds.server";
import { alertFiltersSchema } from "#app/features/alerts/forms";
import { env } from "#app/lib/env.server";
import { readSearchParams } from "#app/lib/search-params";
import { requestOrigin } from "#app/lib/seo";
import type { Route } from "./+types/alerts";

/**
 * GET /api/v1/alerts?area=brasilito&kind=power&severity=warning&when=now — the alerts in force and
 * announced (expired and ended ones never), both languages in each, most serious first. Unknown
 * filter values are ignored.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const filters = readSearchParams(request, alertFiltersSchema.shape);
  const origin = requestOrigin(request, env().SITE_URL);
  const alerts = await listAlerts({ filters });
  return Response.json(
    { alerts: alerts.map((alert) => alertJson(alert, origin)), cap: `${origin}/api/v1/alerts/cap` },
    { headers: { "Cache-Control": "public, max-age=60", "Access-Control-Allow-Origin": "*" } },
  );
}
