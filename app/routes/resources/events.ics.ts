import { isEventCategory } from "#app/features/events/constants";
import { upcomingCalendar } from "#app/features/events/feeds.server";
import { env } from "#app/lib/env.server";
import { requestLanguage } from "#app/lib/i18n.server";
import { requestOrigin } from "#app/lib/seo";
import type { Route } from "./+types/events.ics";

// /events.ics (?area=…&category=…): the upcoming dates as a calendar people subscribe to.
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const area = url.searchParams.get("area") ?? "";
  const category = url.searchParams.get("category") ?? "";
  const ics = await upcomingCalendar({
    origin: requestOrigin(request, env().SITE_URL),
    language: requestLanguage(request),
    area: /^[a-z0-9-]{1,80}$/.test(area) ? area : undefined,
    category: isEventCategory(category) ? category : undefined,
  });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="events.ics"',
      "Cache-Control": "public, max-age=900",
    },
  });
}
