import { z } from "zod";

// Parsed once at start-up; a bad value stops the server with a message naming the variable.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://")
    .optional(),
  SITE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BODY_LIMIT: z.string().default("1mb"),
  /** Body limit for multipart (photo upload) requests. */
  UPLOAD_BODY_LIMIT: z.string().default("10mb"),
  /** An Open-Meteo-compatible marine API (…/v1/marine): swell on the beach report. Unset: not shown. */
  MARINE_FORECAST_URL: z.url().optional(),
  /** An Open-Meteo-compatible forecast API (…/v1/forecast) for wind beside the swell. Optional. */
  WIND_FORECAST_URL: z.url().optional(),
  /**
   * Hacienda's public taxpayer lookup (…/fe/ae?identificacion=), e.g. https://api.hacienda.go.cr: the
   * admin's claim page shows the name and status it has for a claim's tax ID. Unset: checked by hand.
   */
  HACIENDA_API_URL: z.url().optional(),
  SEED_DEMO_USERS: z.enum(["0", "1"]).default("0"),
  E2E_ROUTES: z.enum(["0", "1"]).default("0"),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  /** S3-compatible storage for uploads (S3, R2, MinIO…); unset: DATA_DIR/uploads. Path-style URLs. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().default(""),
  /** Multiplies the per-IP sign-in/sign-up/reset limits and page-view ceiling; the browser tests (one IP) raise it. */
  RATE_LIMIT_IP_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /** Express "trust proxy": how many proxies (or which) sit in front; unset trusts none. */
  TRUST_PROXY: z.string().optional(),
  /** Memory for the response cache of anonymous pages, in MB; 0 switches the cache off. */
  RESPONSE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Pages rendered at the same time; more wait their turn (cache hits never wait). */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /** Bearer token for GET /metrics; unset, /metrics answers only requests from loopback. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** Sender of every email; the SMTP account must be allowed to send as it. */
  MAIL_FROM: z.string().default("Playa Hub <no-reply@playahub.local>"),
  /** Signs session cookies and email tokens. Unset: generated once and kept in the database. */
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  /** Classifieds' mail relay: the shared secret the mail provider's inbound webhook sends; unset, the endpoint is off. */
  INBOUND_MAIL_SECRET: z.string().min(16, "INBOUND_MAIL_SECRET must be at least 16 characters").optional(),
  /** Domain of the relay addresses (relay+<token>@…); unset, MAIL_FROM's domain. */
  RELAY_MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "RELAY_MAIL_DOMAIN must be a domain name")
    .optional(),
  /** The site's SINPE Móvil number owners pay plans to (docs/billing.md); unset, that option is hidden. */
  SINPE_MOVIL_NUMBER: z
    .string()
    .regex(/^[+\d][\d\s-]{7,19}$/, "SINPE_MOVIL_NUMBER must be a phone number")
    .optional(),
  /** Stripe billing (docs/billing.md): both set, Checkout and the webhook are on; unset, admins grant plans. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe API origin (a local test server); unset, api.stripe.com. */
  STRIPE_API_BASE: z.url().optional(),
  /**
   * ONVO Pay (docs/billing.md): the secret API key and the webhook's secret, both set, plans are paid
   * in colones through ONVO's hosted Checkout (cards and SINPE Móvil); unset, no ONVO.
   */
  ONVO_SECRET_KEY: z.string().optional(),
  ONVO_WEBHOOK_SECRET: z.string().optional(),
  /** Another ONVO API origin (a local test server); unset, https://api.onvopay.com. */
  ONVO_API_BASE: z.url().optional(),
  /**
   * Third-party ad network (docs/ads.md): its script and the publisher id it is loaded with. Both
   * set, consenting visitors get the network's ads in slots no house ad fills; unset, no banner, no script.
   */
  AD_NETWORK_SCRIPT_URL: z.url().optional(),
  AD_PUBLISHER_ID: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{3,64}$/, "AD_PUBLISHER_ID must be 3 to 64 letters, digits or . _ : -")
    .optional(),
  /** More origins the network's script loads frames, images or data from (comma-separated), for the CSP. */
  AD_NETWORK_ORIGINS: z.string().optional(),
  /**
   * Web Push for local alerts (docs/alerts.md): the VAPID key pair (`npx web-push generate-vapid-keys`)
   * and the contact the push services see (mailto: or https:). All three set, browsers can subscribe;
   * unset, alerts go by email only.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, "VAPID_PUBLIC_KEY must be the URL-safe base64 public key")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, "VAPID_PRIVATE_KEY must be the URL-safe base64 private key")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: address or an https: URL")
    .optional(),
  /**
   * Push services besides the browsers' own (comma-separated origins, e.g. a self-hosted one or a
   * test service on loopback): subscriptions may point only at the known services and these.
   */
  WEB_PUSH_EXTRA_ORIGINS: z.string().optional(),
  /** An OpenAI-compatible endpoint (…/v1) for the concierge and the owners' writing tools; unset, both work without a model. */
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_API_KEY: z.string().optional(),
});

export type Env = z.infer<typeof schema>;

let parsed: Env | undefined;

export function env(): Env {
  if (!parsed) {
    // An empty variable means "not set" (DATABASE_URL= in a shell or a compose file).
    const present = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
    // Zod's English messages: the forms' translation keys (app/lib/form-schema.ts) mean nothing here.
    const result = schema.safeParse(present, { error: (issue) => z.locales.en().localeError(issue) });
    if (!result.success) {
      const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
      throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
    }
    parsed = result.data;
  }
  return parsed;
}

/**
 * The site's public origin, from configuration only: SITE_URL, else http://localhost:PORT. Links
 * that leave the request (emails above all) are built from this and never from the Host or
 * X-Forwarded-Host header, which whoever sends the request chooses.
 */
export function siteOrigin(): string {
  const config = env();
  return config.SITE_URL ? config.SITE_URL.replace(/\/+$/, "") : `http://localhost:${config.PORT}`;
}

let warnedAboutSiteUrl = false;

/** Start-up: without SITE_URL, emailed links point at localhost; say so once. */
export function siteUrlWarning(): string | null {
  if (env().SITE_URL || warnedAboutSiteUrl) return null;
  warnedAboutSiteUrl = true;
  return `SITE_URL is not set: links in emails (confirmation, password reset) will point at ${siteOrigin()}. Set SITE_URL to the public address.`;
}
