import type { Actor } from "#app/lib/authorization";
import type { Language } from "#app/lib/i18n";
import { isOnvoConfigured, onvoFormOrigins, startOnvoCheckout } from "../onvo.server";
import { sinpeNumber, startSinpeTransfer } from "../sinpe.server";
import { isStripeConfigured, startCheckout, stripeFormOrigins } from "../stripe.server";

// One shape for every way a plan is paid: ONVO Pay (colones, its card and SINPE Móvil methods),
// Stripe (cards in US dollars, renewing) and SINPE Móvil to the site's own number (an admin
// confirms it). Each says whether it is on, what the plan card offers, how a payment starts (a
// page elsewhere to send the owner to, or a transfer here waiting for them), and where its forms
// may lead (the CSP). A confirmed payment becomes a plan through grants.server.ts: writePlan and
// applyPlanChange for the one-time ones (ONVO, SINPE), Stripe's subscription events for Stripe.
// The subscription page lists them in this order: ONVO first (colones, the local way to pay),
// then Stripe (cards in dollars), then SINPE Móvil by hand whenever the site's number is set.

export type PaymentProviderId = "onvo" | "stripe" | "sinpe";

export interface StartPayment {
  actor: Actor;
  planId: string;
  businessId: string;
  interval: "month" | "year";
  language: Language;
}

/** What starting a payment leads to: a provider's page, or a transfer the owner now makes. */
export type PaymentStart = { redirect: string } | { toast: "sinpeStarted" };

export interface PaymentProvider {
  id: PaymentProviderId;
  /** The form's intent that starts it (unchanged names: "checkout" is Stripe's, "sinpe" SINPE's). */
  intent: "onvo" | "checkout" | "sinpe";
  /** Online providers take the owner elsewhere and replace the request-an-admin form. */
  online: boolean;
  /** The currency the owner pays in. */
  currency: "CRC" | "USD";
  configured(): boolean;
  start(options: StartPayment): Promise<PaymentStart>;
  formOrigins(): string[];
}

export const paymentProviders: readonly PaymentProvider[] = [
  {
    id: "onvo",
    intent: "onvo",
    online: true,
    currency: "CRC",
    configured: isOnvoConfigured,
    start: async (options) => ({ redirect: await startOnvoCheckout(options) }),
    formOrigins: onvoFormOrigins,
  },
  {
    id: "stripe",
    intent: "checkout",
    online: true,
    currency: "USD",
    configured: isStripeConfigured,
    start: async (options) => ({ redirect: await startCheckout(options) }),
    formOrigins: stripeFormOrigins,
  },
  {
    id: "sinpe",
    intent: "sinpe",
    online: false,
    currency: "CRC",
    configured: () => sinpeNumber() !== null,
    start: async (options) => {
      await startSinpeTransfer(options);
      return { toast: "sinpeStarted" };
    },
    formOrigins: () => [],
  },
];

/** The providers that are on, in the order the subscription page offers them. */
export function configuredProviders(): PaymentProvider[] {
  return paymentProviders.filter((provider) => provider.configured());
}

/** The provider a plan card's button names, if it is on. */
export function providerForIntent(intent: string): PaymentProvider | null {
  return configuredProviders().find((provider) => provider.intent === intent) ?? null;
}

/** Every origin billing's forms may lead to (the CSP's form-action). */
export function paymentFormOrigins(): string[] {
  return paymentProviders.flatMap((provider) => provider.formOrigins());
}
