import { isbot } from "isbot";
import { findPublicBusinessId, recordBusinessEvent } from "#app/features/directory/business.server";
import type { BusinessEventKind } from "#app/features/directory/constants";
import { clickEventKinds } from "#app/features/directory/constants";
import { classifyVisitSource } from "#app/features/directory/visits";
import { clientInfo } from "#app/lib/client-info.server";
import { languageOfPath } from "#app/lib/i18n";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { isSameOriginRequest } from "#app/lib/same-origin.server";
import type { Route } from "./+types/events";

const noContent = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

/**
 * Click counts from business pages (navigator.sendBeacon). Always 204 for a well-formed request,
 * counted or not, so a script gains nothing by probing; a per-IP limit keeps counts honest.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  // Counts come from our own pages' beacons; another site cannot inflate a business's numbers.
  if (!isSameOriginRequest(request)) return new Response("Forbidden", { status: 403 });
  const userAgent = request.headers.get("user-agent");
  if (userAgent && isbot(userAgent)) return noContent();
  let kind: string | null = null;
  try {
    kind = new URLSearchParams(await request.text()).get("kind");
  } catch {
    return new Response("Bad Request", { status: 400 });
  }
  if (!kind || !(clickEventKinds as string[]).includes(kind)) return new Response("Bad Request", { status: 400 });
  try {
    await consumeRateLimit({
      key: `business-events:${clientInfo(request, context).ip}`,
      points: 120,
      durationSeconds: 3600,
    });
  } catch {
    return noContent();
  }
  // Browsers send a well-formed Referer or none; anything else is crafted.
  const referer = request.headers.get("referer");
  const refererUrl = referer ? URL.parse(referer, request.url) : null;
  if (referer && !refererUrl) return new Response("Bad Request", { status: 400 });
  const businessId = await findPublicBusinessId(params.slug);
  if (businessId) {
    const language = refererUrl ? languageOfPath(refererUrl.pathname) : "en";
    // The page's own `?src=` (its Referer is the business page, whose own Referer is gone).
    const source = refererUrl
      ? classifyVisitSource({ url: refererUrl.pathname + refererUrl.search, referer: null })
      : "direct";
    await recordBusinessEvent({ businessId, kind: kind as BusinessEventKind, language, source });
  }
  return noContent();
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
