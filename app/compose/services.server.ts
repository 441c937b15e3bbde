import { adNetwork } from "#app/features/ads/network.server";
import { webPushSettings } from "#app/features/alerts/push.server";
import { onvoSettings } from "#app/features/billing/onvo.server";
import { sinpeNumber } from "#app/features/billing/sinpe.server";
import { stripeSettings } from "#app/features/billing/stripe.server";
import { env } from "#app/lib/env.server";
import { llmConfigured } from "#app/lib/llm.server";

// The outside services this server can use, whether each is set up, and the variables that set it
// up. Only the admin's system page shows this: visitors and owners read what the site does without
// a service, never how an operator turns one on. Each answer is the same rule the area itself uses
// to decide whether to call the service.

export const serviceIds = [
  "email",
  "webPush",
  "inboundMail",
  "payments",
  "onvo",
  "sinpe",
  "writingTools",
  "marineForecast",
  "windForecast",
  "taxLookup",
  "adNetwork",
  "sharedLimits",
  "siteUrl",
] as const;

export type ServiceId = (typeof serviceIds)[number];

export interface ServiceState {
  id: ServiceId;
  configured: boolean;
  variables: string[];
}

export function serviceStates(): ServiceState[] {
  const config = env();
  const states: Record<ServiceId, Omit<ServiceState, "id">> = {
    email: { configured: Boolean(config.SMTP_URL), variables: ["SMTP_URL"] },
    webPush: {
      configured: webPushSettings() !== null,
      variables: ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"],
    },
    inboundMail: { configured: Boolean(config.INBOUND_MAIL_SECRET), variables: ["INBOUND_MAIL_SECRET"] },
    payments: { configured: stripeSettings() !== null, variables: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] },
    onvo: {
      configured: onvoSettings() !== null,
      variables: ["ONVO_SECRET_KEY", "ONVO_WEBHOOK_SECRET"],
    },
    sinpe: { configured: sinpeNumber() !== null, variables: ["SINPE_MOVIL_NUMBER"] },
    writingTools: { configured: llmConfigured(), variables: ["LLM_BASE_URL", "LLM_MODEL", "LLM_API_KEY"] },
    marineForecast: { configured: Boolean(config.MARINE_FORECAST_URL), variables: ["MARINE_FORECAST_URL"] },
    windForecast: { configured: Boolean(config.WIND_FORECAST_URL), variables: ["WIND_FORECAST_URL"] },
    taxLookup: { configured: Boolean(config.HACIENDA_API_URL), variables: ["HACIENDA_API_URL"] },
    adNetwork: { configured: adNetwork(config) !== null, variables: ["AD_NETWORK_SCRIPT_URL", "AD_PUBLISHER_ID"] },
    sharedLimits: { configured: Boolean(config.REDIS_URL), variables: ["REDIS_URL"] },
    siteUrl: { configured: Boolean(config.SITE_URL), variables: ["SITE_URL"] },
  };
  return serviceIds.map((id) => ({ id, ...states[id] }));
}
