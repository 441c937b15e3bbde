import { clientInfo } from "#app/lib/client-info.server";
import { logger } from "#app/lib/logger.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { isSameOriginRequest } from "#app/lib/same-origin.server";
import type { Route } from "./+types/error";

const noContent = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

/**
 * A failed ad script is logged as an ad load error. The browser reports that the network's
 * script failed (navigator.sendBeacon, a url-encoded form) and the server logs it where operators
 * look; the page itself carries on without ads. Per-IP limited, so nobody can flood the log.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  if (!isSameOriginRequest(request)) return new Response("Forbidden", { status: 403 });
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(await request.text());
  } catch {
    return new Response("Bad Request", { status: 400 });
  }
  try {
    await consumeRateLimit({ key: `ad-errors:${clientInfo(request, context).ip}`, points: 10, durationSeconds: 3600 });
  } catch {
    return noContent();
  }
  const page = (form.get("page") ?? "").slice(0, 200);
  const reason = (form.get("reason") ?? "").slice(0, 100);
  logger.warn({ page: page.startsWith("/") ? page : "", reason }, "ad load error");
  return noContent();
}
