import { type Env, env } from "#app/lib/env.server";
import { AppError } from "#app/lib/errors";

/** What an online payment provider needs: its API key, its webhooks' secret and its API's origin. */
export interface ProviderSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a local test server); unset: the provider's own. */
  apiBase?: string;
}

/** The names of the environment's optional text variables. */
type Variable = { [K in keyof Env]-?: Env[K] extends string | undefined ? K : never }[keyof Env];

/**
 * A provider's settings from its three variables: on only when the key and the webhook secret are
 * both set. Tests replace them with `setForTests` (null: as if not configured; undefined: the
 * environment again), and `onTestOverride` lets the provider drop what it built from the old ones.
 */
export function providerSettings(
  variables: { secretKey: Variable; webhookSecret: Variable; apiBase: Variable },
  onTestOverride?: () => void,
) {
  let override: ProviderSettings | null | undefined;

  function settings(): ProviderSettings | null {
    if (override !== undefined) return override;
    const config = env();
    const secretKey = config[variables.secretKey];
    const webhookSecret = config[variables.webhookSecret];
    if (!secretKey || !webhookSecret) return null;
    return { secretKey, webhookSecret, apiBase: config[variables.apiBase] };
  }

  return {
    settings,
    configured: () => settings() !== null,
    /** The settings, or the "not configured" conflict every provider answers when it is off. */
    required(): ProviderSettings {
      const current = settings();
      if (!current) throw new AppError("conflict", "billing:errors.notConfigured");
      return current;
    },
    setForTests(next: ProviderSettings | null | undefined) {
      override = next;
      onTestOverride?.();
    },
  };
}
