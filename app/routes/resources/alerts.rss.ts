import { alertsRss } from "#app/features/alerts/feeds.server";
import { alertFiltersSchema } from "#app/features/alerts/forms";
import { env } from "#app/lib/env.server";
import { requestLanguage } from "#app/lib/i18n.server";
import { readSearchParams } from "#app/lib/search-params";
import { requestOrigin } from "#app/lib/seo";
import type { Route } from "./+types/alerts.rss";

// /alerts.rss (?area=…&kind=…&severity=…): the alerts in force and announced as RSS 2.0. Kept a
// minute at most: an alert that starts or ends must reach readers soon.
export async function loader({ request }: Route.LoaderArgs) {
  const filters = readSearchParams(request, alertFiltersSchema.shape);
  const xml = await alertsRss({
    origin: requestOrigin(request, env().SITE_URL),
    language: requestLanguage(request),
    filters,
  });
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
