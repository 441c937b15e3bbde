import { logger } from "#app/lib/logger.server";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** A payment provider's webhook answers only POSTs. */
export function webhookLoader() {
  return json({ error: "method not allowed" }, 405);
}

/**
 * A payment provider's webhook post: 404 while the provider is not configured (the endpoint does
 * not exist), the raw body read as text and handed to `apply` untouched (what the provider's proof
 * covers), `refused` when the proof does not hold (nothing is written), 500 when applying failed
 * (the transaction rolled back, the event was not kept, and the provider's retry applies it).
 */
export async function webhookAction<R extends { verified: boolean }>(
  request: Request,
  provider: {
    name: string;
    configured: boolean;
    apply: (payload: string) => Promise<R>;
    refused: { error: string; status: number };
  },
) {
  if (!provider.configured) return json({ error: "not found" }, 404);
  if (request.method !== "POST") return json({ error: "method not allowed" }, 405);
  const payload = await request.text();
  if (payload.length > 512 * 1024) return json({ error: "too large" }, 413);
  try {
    const result = await provider.apply(payload);
    if (!result.verified) return json({ error: provider.refused.error }, provider.refused.status);
    return json({ received: true, ...result });
  } catch (error) {
    logger.error({ err: error }, `${provider.name} webhook failed`);
    return json({ error: "not applied" }, 500);
  }
}
