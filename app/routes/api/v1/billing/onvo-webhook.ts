import { handleOnvoWebhook, isOnvoConfigured } from "#app/features/billing/onvo.server";
import { logger } from "#app/lib/logger.server";
import type { RouteHandle } from "#app/lib/route-handle";
import type { Route } from "./+types/onvo-webhook";

// ONVO Pay's webhook (docs/billing.md). ONVO proves the request is its own with the secret in the
// X-Webhook-Secret header; the JSON body is read as text and handed over untouched. 401 for a
// wrong or missing secret (nothing is written); 500 when applying failed (the transaction rolled
// back, the event was not kept, and ONVO's retry applies it). Without ONVO configured the
// endpoint does not exist.

export const handle = { acceptsJson: true } satisfies RouteHandle;

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function loader() {
  return json({ error: "method not allowed" }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  if (!isOnvoConfigured()) return json({ error: "not found" }, 404);
  if (request.method !== "POST") return json({ error: "method not allowed" }, 405);
  const payload = await request.text();
  if (payload.length > 512 * 1024) return json({ error: "too large" }, 413);
  try {
    const result = await handleOnvoWebhook({ payload, secret: request.headers.get("x-webhook-secret") });
    if (!result.verified) return json({ error: "not verified" }, 401);
    return json({ received: true, ...result });
  } catch (error) {
    logger.error({ err: error }, "onvo webhook failed");
    return json({ error: "not applied" }, 500);
  }
}
