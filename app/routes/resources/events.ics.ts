import { upcomingCalendar } from "#app/features/events/feeds.server";
import { eventFiltersSchema } from "#app/features/events/forms";
import { env } from "#app/lib/env.server";
import { requestLanguage } from "#app/lib/i18n.server";
import { readSearchParams } from "#app/lib/search-params";
import { requestOrigin } from "#app/lib/seo";
import type { Route } from "./+types/events.ics";

// /events.ics (?area=…&category=…): the upcoming dates as a calendar people subscribe to.
export async function loader({ request }: Route.LoaderArgs) {
  const { area, category } = readSearchParams(request, eventFiltersSchema.shape);
  const ics = await upcomingCalendar({
    origin: requestOrigin(request, env().SITE_URL),
    language: requestLanguage(request),
    area,
    category,
  });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="events.ics"',
      "Cache-Control": "public, max-age=900",
    },
  });
}
