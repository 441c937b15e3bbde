import { handleStripeWebhook, isStripeConfigured } from "#app/features/billing/stripe.server";
import { logger } from "#app/lib/logger.server";
import type { RouteHandle } from "#app/lib/route-handle";
import type { Route } from "./+types/stripe-webhook";

// Stripe's webhook (docs/billing.md). The raw body is what the signature covers, so it is read as
// text and handed over untouched. 400 for a bad signature (Stripe shows it and does not retry
// forever); 500 when applying failed (the transaction rolled back, the event id was not kept, and
// Stripe's retry applies it). Without Stripe configured the endpoint does not exist.

export const handle = { acceptsJson: true } satisfies RouteHandle;

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function loader() {
  return json({ error: "method not allowed" }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  if (!isStripeConfigured()) return json({ error: "not found" }, 404);
  if (request.method !== "POST") return json({ error: "method not allowed" }, 405);
  const payload = await request.text();
  if (payload.length > 512 * 1024) return json({ error: "too large" }, 413);
  try {
    const result = await handleStripeWebhook({ payload, signature: request.headers.get("stripe-signature") });
    if (!result.verified) return json({ error: "invalid signature" }, 400);
    return json({ received: true, ...result });
  } catch (error) {
    logger.error({ err: error }, "stripe webhook failed");
    return json({ error: "not applied" }, 500);
  }
}
