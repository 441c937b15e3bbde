import { upcomingCalendar } from "#app/features/events/feeds.server";
import { eventFeedOptions } from "#app/web/event-feeds.server";
import type { Route } from "./+types/events.ics";

// /events.ics (?area=…&category=…): the upcoming dates as a calendar people subscribe to.
export async function loader({ request }: Route.LoaderArgs) {
  const ics = await upcomingCalendar(eventFeedOptions(request));
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="events.ics"',
      "Cache-Control": "public, max-age=900",
    },
  });
}
