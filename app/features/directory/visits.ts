import type { VisitSource } from "./constants";

// How a page view is classified and filtered before it is counted. Pure and synchronous: it runs
// on every serve of a business page, cached or not, and must cost nothing.

const ownSources: Record<string, VisitSource> = { search: "search", category: "category", concierge: "concierge" };

// Search engines are the "search" source too: the visitor searched, here or there.
const searchEngineHosts = /(^|\.)(google|bing|duckduckgo|yahoo|yandex|ecosia|brave|baidu|startpage)\.[a-z.]+$/i;

/**
 * The source of a visit: our own links' `?src=` wins (the concierge's answers carry it); then the
 * Referer: the directory's search page and the search engines are "search", the category and area
 * hubs "category", the concierge's page (/chat) "concierge"; anything else, or none, is "direct".
 */
export function classifyVisitSource(options: {
  url: string;
  referer: string | null;
  host?: string | null;
}): VisitSource {
  const url = URL.parse(options.url, "http://local");
  const src = url?.searchParams.get("src");
  if (src && ownSources[src]) return ownSources[src];
  const referer = options.referer ? URL.parse(options.referer) : null;
  if (!referer) return "direct";
  if (options.host && referer.host !== options.host) {
    return searchEngineHosts.test(referer.hostname) ? "search" : "direct";
  }
  const path = referer.pathname.replace(/^\/es(?=\/|$)/, "") || "/";
  if (path === "/directory" || path === "/search") return "search";
  if (path.startsWith("/category/") || path.startsWith("/location/") || path.startsWith("/areas/")) return "category";
  if (path === "/chat") return "concierge";
  return "direct";
}

export interface VisitGateOptions {
  /** One visitor (IP) viewing one business again within this time is the same visit. */
  repeatMs: number;
  /** One IP counting more than this many views in `windowMs` is a crawler, whatever it says it is. */
  maxPerWindow: number;
  windowMs: number;
  /** Memory bound: the oldest entries go first. */
  maxEntries: number;
}

export const defaultVisitGate: VisitGateOptions = {
  repeatMs: 30 * 60_000,
  maxPerWindow: 40,
  windowMs: 60 * 60_000,
  maxEntries: 50_000,
};

/**
 * The per-IP rate heuristic for page views, in memory (per process): a repeat view of the same
 * business by the same IP within half an hour is not counted again, and an IP past 40 counted
 * views in an hour stops being counted until its hour is over. The IP is never stored.
 */
export class VisitGate {
  private lastSeen = new Map<string, number>();
  private perIp = new Map<string, { start: number; count: number }>();
  constructor(private readonly options: VisitGateOptions = defaultVisitGate) {}

  admit(ip: string, businessId: string, now = Date.now()): boolean {
    const window = this.perIp.get(ip);
    const current = window && now - window.start < this.options.windowMs ? window : { start: now, count: 0 };
    if (current.count >= this.options.maxPerWindow) {
      this.perIp.set(ip, current);
      return false;
    }
    const key = `${ip}\u0000${businessId}`;
    const last = this.lastSeen.get(key);
    if (last !== undefined && now - last < this.options.repeatMs) return false;
    current.count += 1;
    this.touch(this.perIp, ip, current);
    this.touch(this.lastSeen, key, now);
    return true;
  }

  private touch<V>(map: Map<string, V>, key: string, value: V) {
    map.delete(key);
    map.set(key, value);
    if (map.size > this.options.maxEntries) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
  }
}
