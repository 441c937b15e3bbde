import { upcomingRss } from "#app/features/events/feeds.server";
import { eventFiltersSchema } from "#app/features/events/forms";
import { env } from "#app/lib/env.server";
import { requestLanguage } from "#app/lib/i18n.server";
import { readSearchParams } from "#app/lib/search-params";
import { requestOrigin } from "#app/lib/seo";
import type { Route } from "./+types/events.rss";

// /events.rss (?area=…&category=…): the next events as RSS 2.0.
export async function loader({ request }: Route.LoaderArgs) {
  const { area, category } = readSearchParams(request, eventFiltersSchema.shape);
  const xml = await upcomingRss({
    origin: requestOrigin(request, env().SITE_URL),
    language: requestLanguage(request),
    area,
    category,
  });
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
