import { isEventCategory } from "#app/features/events/constants";
import { upcomingRss } from "#app/features/events/feeds.server";
import { env } from "#app/lib/env.server";
import { requestLanguage } from "#app/lib/i18n.server";
import { requestOrigin } from "#app/lib/seo";
import type { Route } from "./+types/events.rss";

// /events.rss (?area=…&category=…): the next events as RSS 2.0.
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const area = url.searchParams.get("area") ?? "";
  const category = url.searchParams.get("category") ?? "";
  const xml = await upcomingRss({
    origin: requestOrigin(request, env().SITE_URL),
    language: requestLanguage(request),
    area: /^[a-z0-9-]{1,80}$/.test(area) ? area : undefined,
    category: isEventCategory(category) ? category : undefined,
  });
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
