import { type Env, env } from "#app/lib/env.server";

// The third-party ad network (docs/ads.md, "The partner network"): an advertising script loaded
// dynamically, with a publisher id. Configured by AD_NETWORK_SCRIPT_URL and AD_PUBLISHER_ID; without both there is
// no consent banner, no script and nothing added to the CSP.

export interface AdNetwork {
  /** The script's address with the publisher id, as the browser loads it after consent. */
  src: string;
  publisherId: string;
}

type NetworkConfig = Partial<Pick<Env, "AD_NETWORK_SCRIPT_URL" | "AD_PUBLISHER_ID" | "AD_NETWORK_ORIGINS">>;

export function adNetwork(config: NetworkConfig = env()): AdNetwork | null {
  const { AD_NETWORK_SCRIPT_URL: script, AD_PUBLISHER_ID: publisherId } = config;
  if (!script || !publisherId) return null;
  const url = new URL(script);
  // The network's own tag format (AdSense's and those modelled on it) names the publisher as "client".
  url.searchParams.set("client", publisherId);
  return { src: url.href, publisherId };
}

/** Origins the CSP must allow for the network: its script's, and any it loads from. Empty when off. */
export function adNetworkOrigins(config: NetworkConfig = env()): string[] {
  const network = adNetwork(config);
  if (!network) return [];
  const extra = (config.AD_NETWORK_ORIGINS ?? "")
    .split(",")
    .map((origin) => URL.parse(origin.trim()))
    .filter((url): url is URL => Boolean(url && (url.protocol === "https:" || url.protocol === "http:")))
    .map((url) => url.origin);
  return [...new Set([new URL(network.src).origin, ...extra])];
}
