import webpush from "web-push";
import { env } from "#app/lib/env.server";

// Web Push (RFC 8030) with VAPID (RFC 8292) and the payload encrypted for the subscriber's browser
// (RFC 8291, aes128gcm). The library signs and encrypts; the request itself goes out through fetch,
// so it has a timeout and the status is read here (404/410: the subscription is gone).

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface WebPushSettings {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The VAPID keys and contact, or null when Web Push is not set up (alerts then go by email only). */
export function webPushSettings(): WebPushSettings | null {
  const config = env();
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY || !config.VAPID_SUBJECT) return null;
  return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT };
}

// The browsers' push services. A subscription names the URL this server will POST to, so any other
// host would let anyone make the server send requests wherever they like.
const knownPushHosts = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
];

function extraOrigins(): string[] {
  return (env().WEB_PUSH_EXTRA_ORIGINS ?? "")
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, ""))
    .filter(Boolean);
}

/** Whether a subscription's endpoint is a push service this server may send to. */
export function isAllowedPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins().includes(url.origin)) return true;
  return url.protocol === "https:" && url.port === "" && knownPushHosts.some((host) => host.test(url.hostname));
}

export type PushResult = { ok: true } | { ok: false; gone: boolean; error: string };

const requestTimeoutMs = 10_000;

/**
 * Sends one encrypted message. `topic` lets the push service replace a message still waiting for
 * an offline device with a newer one about the same thing (an alert's update replaces its first news).
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  options: { ttlSeconds: number; topic?: string },
): Promise<PushResult> {
  const settings = webPushSettings();
  if (!settings) return { ok: false, gone: false, error: "web push is not configured" };
  if (!isAllowedPushEndpoint(target.endpoint)) return { ok: false, gone: true, error: "endpoint not allowed" };
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: settings,
        TTL: options.ttlSeconds,
        urgency: "high",
        ...(options.topic ? { topic: options.topic } : {}),
      },
    );
  } catch (error) {
    // Keys the library cannot use: this subscription can never receive anything.
    return { ok: false, gone: true, error: String((error as Error).message ?? error).slice(0, 300) };
  }
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
  ) as Record<string, string>;
  // fetch sets the length itself from the body.
  delete headers["Content-Length"];
  try {
    const response = await fetch(details.endpoint, {
      method: "POST",
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: "manual",
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    await response.body?.cancel().catch(() => {});
    if (response.status >= 200 && response.status < 300) return { ok: true };
    return {
      ok: false,
      // The push service's word that this subscription expired or was withdrawn (RFC 8030).
      gone: response.status === 404 || response.status === 410,
      error: `push service answered ${response.status}`,
    };
  } catch (error) {
    return { ok: false, gone: false, error: String((error as Error).message ?? error).slice(0, 300) };
  }
}
