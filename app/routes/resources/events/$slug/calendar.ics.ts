import { eventCalendar } from "#app/features/events/feeds.server";
import { env } from "#app/lib/env.server";
import { requestLanguage } from "#app/lib/i18n.server";
import { requestOrigin } from "#app/lib/seo";
import { getSessionUser } from "#app/web/session.server";
import type { Route } from "./+types/calendar.ics";

// /events/{slug}/calendar.ics: "add to calendar" for one event (all its dates).
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getSessionUser(request);
  const found = await eventCalendar({
    slug: params.slug,
    origin: requestOrigin(request, env().SITE_URL),
    language: requestLanguage(request),
    viewer,
  });
  if (!found)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(found.ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${found.slug}.ics"`,
      "Cache-Control": viewer ? "private, no-cache" : "public, max-age=300",
    },
  });
}
