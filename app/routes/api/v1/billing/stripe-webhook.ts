import { handleStripeWebhook, isStripeConfigured } from "#app/features/billing/stripe.server";
import type { RouteHandle } from "#app/lib/route-handle";
import { webhookAction, webhookLoader } from "#app/web/payment-webhook.server";
import type { Route } from "./+types/stripe-webhook";

// Stripe's webhook (docs/billing.md; what every payment webhook does: webhookAction). The raw body
// is what the signature covers: 400 for a bad one (Stripe shows it and does not retry forever).

export const handle = { acceptsJson: true } satisfies RouteHandle;

export const loader = webhookLoader;

export async function action({ request }: Route.ActionArgs) {
  return webhookAction(request, {
    name: "stripe",
    configured: isStripeConfigured(),
    apply: (payload) => handleStripeWebhook({ payload, signature: request.headers.get("stripe-signature") }),
    refused: { error: "invalid signature", status: 400 },
  });
}
