import { handleOnvoWebhook, isOnvoConfigured } from "#app/features/billing/onvo.server";
import type { RouteHandle } from "#app/lib/route-handle";
import { webhookAction, webhookLoader } from "#app/web/payment-webhook.server";
import type { Route } from "./+types/onvo-webhook";

// ONVO Pay's webhook (docs/billing.md; what every payment webhook does: webhookAction). ONVO proves
// the request is its own with the secret in the X-Webhook-Secret header: 401 when it is wrong or missing.

export const handle = { acceptsJson: true } satisfies RouteHandle;

export const loader = webhookLoader;

export async function action({ request }: Route.ActionArgs) {
  return webhookAction(request, {
    name: "onvo",
    configured: isOnvoConfigured(),
    apply: (payload) => handleOnvoWebhook({ payload, secret: request.headers.get("x-webhook-secret") }),
    refused: { error: "not verified", status: 401 },
  });
}
