import { upcomingRss } from "#app/features/events/feeds.server";
import { eventFeedOptions } from "#app/web/event-feeds.server";
import type { Route } from "./+types/events.rss";

// /events.rss (?area=…&category=…): the next events as RSS 2.0.
export async function loader({ request }: Route.LoaderArgs) {
  const xml = await upcomingRss(eventFeedOptions(request));
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
