import { capIndex } from "#app/features/alerts/feeds.server";
import { env } from "#app/lib/env.server";
import { requestOrigin } from "#app/lib/seo";
import type { Route } from "./+types/cap";

// GET /api/v1/alerts/cap — the Atom index of CAP 1.2 messages aggregators poll: one entry per
// alert in force or announced, linking its latest message.
export async function loader({ request }: Route.LoaderArgs) {
  const xml = await capIndex({ origin: requestOrigin(request, env().SITE_URL) });
  return new Response(xml, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
