import { alertCap } from "#app/features/alerts/feeds.server";
import { env } from "#app/lib/env.server";
import { requestOrigin } from "#app/lib/seo";
import type { Route } from "./+types/$revision";

// GET /api/v1/alerts/:id/cap/:revision — one CAP 1.2 message: the alert's first publication
// (revision 1, msgType Alert) or a later change (Update, referencing the earlier messages).
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const revision = /^\d{1,6}$/.test(params.revision) ? Number(params.revision) : 0;
  const xml = id && revision ? await alertCap({ id, revision, origin: requestOrigin(request, env().SITE_URL) }) : null;
  if (!xml) {
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
    });
  }
  return new Response(xml, {
    headers: { "Content-Type": "application/cap+xml; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
