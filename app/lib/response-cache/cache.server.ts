import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { assertContentKinds, type ContentKind, knownContentKinds } from "./content-kinds";
import { noncedTags, tagName } from "./nonced-tags.server";
import { knownContentVersions } from "./versions.server";

/**
 * The server's response cache for anonymous GETs: whole rendered responses keyed by path and query
 * (the path carries the language), bounded by bytes with segmented least-recently-used eviction. An entry
 * remembers the versions of the content kinds its page depends on; a write that bumps one of them
 * makes the entry stale, whichever instance wrote it.
 */

/** What a route declares in `export const handle = { cache: … }`. */
export type RouteCachePolicy =
  | false
  | {
      /** Content the page shows; omitted means every kind (the safe default). */
      kinds?: readonly ContentKind[];
      /** How long the page stays fresh with no write at all: short for pages that show "now". */
      maxAgeSeconds?: number;
    };

/** Filled in by the render (entry.server.tsx reads the matched routes' handles into it). */
export interface RenderCachePolicy {
  cacheable: boolean;
  kinds: readonly string[];
  maxAgeSeconds: number;
}

export const defaultMaxAgeSeconds = 300;

/** Combines the policies of the routes a page matched: all must allow it; kinds add up; the shortest age wins. */
export function combineRoutePolicies(policies: (RouteCachePolicy | undefined)[]): RenderCachePolicy {
  if (policies.some((policy) => policy === false)) return { cacheable: false, kinds: [], maxAgeSeconds: 0 };
  const declared = policies.filter((policy): policy is Exclude<RouteCachePolicy, false> => !!policy);
  const everyKind = policies.some((policy) => policy === undefined || (policy !== false && policy.kinds === undefined));
  const named = declared.flatMap((policy) => policy.kinds ?? []);
  // A page watching a kind nobody bumps would stay stale until its age runs out.
  assertContentKinds(named);
  const kinds = everyKind ? [...knownContentKinds()] : [...new Set(named)];
  const ages = declared.map((policy) => policy.maxAgeSeconds).filter((age): age is number => typeof age === "number");
  return { cacheable: true, kinds, maxAgeSeconds: Math.min(defaultMaxAgeSeconds, ...ages) };
}

/**
 * What a per-visit effect may know of the visit. Read from the visitor's own request at serve time,
 * never by the render, so a cached page does not vary with any of it.
 */
export interface ServeVisit {
  userAgent: string | null;
  referer: string | null;
  /** The requested URL, path and query (a `?src=` our own links add). */
  url: string;
  /** As Express saw it (TRUST_PROXY honoured). */
  ip: string;
}

/** A side effect that must happen on every serve of a page, cached or not (a view count). */
export type ServeEffect = (visit: ServeVisit) => void;

const renderScope = new AsyncLocalStorage<{ effects: ServeEffect[] }>();

/**
 * Runs `effect` for this request and for every later request a cached copy answers. While the
 * page is being rendered for the cache, the cache runs it when it sends the page (the render's own
 * request carries none of the visitor's headers); otherwise it runs now. A loader calls this
 * instead of writing per-visit data itself, which a cache hit would skip.
 */
export function onEveryServe(request: Request, effect: ServeEffect, context?: { clientIp?: string }) {
  const scope = renderScope.getStore();
  if (scope) {
    scope.effects.push(effect);
    return;
  }
  const url = new URL(request.url);
  effect({
    userAgent: request.headers.get("user-agent"),
    referer: request.headers.get("referer"),
    url: url.pathname + url.search,
    ip: context?.clientIp || "unknown",
  });
}

export function withRenderScope<T>(effects: ServeEffect[], run: () => Promise<T>): Promise<T> {
  return renderScope.run({ effects }, run);
}

export interface CacheEntry {
  key: string;
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  kinds: readonly string[];
  versions: Map<string, number>;
  storedAt: number;
  maxAgeMs: number;
  effects: ServeEffect[];
  gzip?: Buffer;
  br?: Buffer;
  bytes: number;
}

/** Counters for /metrics: read them with `responseCacheStats()`. */
const stats = { hits: 0, staleHits: 0, misses: 0, coalesced: 0, bypassed: 0, stored: 0, evicted: 0, notModified: 0 };

export type ResponseCacheStats = typeof stats & { entries: number; bytes: number; maxBytes: number };

export function countCache(event: keyof typeof stats) {
  stats[event] += 1;
}

const entryOverheadBytes = 1024;

/** Share of the cache that pages asked for more than once may fill before they too can be evicted. */
const protectedShare = 0.8;

/**
 * Segmented LRU. A page enters on probation; asked for again while cached, it moves to the
 * protected segment. Eviction takes the least recently used page on probation first, so a stream
 * of one-off URLs (random query strings) only churns probation and never pushes out the pages
 * people actually come back to. Protected pages are demoted to probation (not dropped) when they
 * outgrow their share, so a page that stops being popular still ages out.
 */
export class ResponseCache {
  // Map keeps insertion order: the first key of each is its least recently used.
  private probation = new Map<string, CacheEntry>();
  private protected = new Map<string, CacheEntry>();
  private bytes = 0;
  private protectedBytes = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): CacheEntry | undefined {
    const kept = this.protected.get(key);
    if (kept) {
      this.protected.delete(key);
      this.protected.set(key, kept);
      return kept;
    }
    const entry = this.probation.get(key);
    if (entry) {
      this.probation.delete(key);
      this.protected.set(key, entry);
      this.protectedBytes += entry.bytes;
      this.demote();
    }
    return entry;
  }

  set(entry: CacheEntry) {
    // A refreshed page keeps the segment it had earned.
    const wasProtected = this.protected.has(entry.key);
    this.delete(entry.key);
    entry.bytes = entry.body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0) + entryOverheadBytes;
    if (entry.bytes > this.maxBytes / 8) return; // one giant page must not flush everything else
    if (wasProtected) {
      this.protected.set(entry.key, entry);
      this.protectedBytes += entry.bytes;
    } else {
      this.probation.set(entry.key, entry);
    }
    this.bytes += entry.bytes;
    stats.stored += 1;
    this.demote();
    this.evict();
  }

  /** Whether this very entry (not a newer copy of its page) is still in the cache. */
  holds(entry: CacheEntry) {
    return this.protected.get(entry.key) === entry || this.probation.get(entry.key) === entry;
  }

  /** Adds a compressed copy to an entry still in the cache, keeping the byte count honest. */
  addEncoding(entry: CacheEntry, encoding: "gzip" | "br", data: Buffer) {
    const inProtected = this.protected.get(entry.key) === entry;
    if (!inProtected && this.probation.get(entry.key) !== entry) return;
    entry[encoding] = data;
    this.bytes += data.length;
    entry.bytes += data.length;
    if (inProtected) this.protectedBytes += data.length;
    this.demote();
    this.evict();
  }

  delete(key: string) {
    const kept = this.protected.get(key);
    if (kept) {
      this.protected.delete(key);
      this.protectedBytes -= kept.bytes;
      this.bytes -= kept.bytes;
      return;
    }
    const entry = this.probation.get(key);
    if (!entry) return;
    this.probation.delete(key);
    this.bytes -= entry.bytes;
  }

  clear() {
    this.probation.clear();
    this.protected.clear();
    this.bytes = 0;
    this.protectedBytes = 0;
  }

  has(key: string) {
    return this.protected.has(key) || this.probation.has(key);
  }

  private demote() {
    for (const [key, entry] of this.protected) {
      if (this.protectedBytes <= this.maxBytes * protectedShare) break;
      this.protected.delete(key);
      this.protectedBytes -= entry.bytes;
      this.probation.set(key, entry);
    }
  }

  private evict() {
    for (const segment of [this.probation, this.protected]) {
      for (const key of segment.keys()) {
        if (this.bytes <= this.maxBytes) return;
        this.delete(key);
        stats.evicted += 1;
      }
    }
  }

  get size() {
    return { entries: this.probation.size + this.protected.size, bytes: this.bytes };
  }
}

let activeCache: ResponseCache | null = null;

export function setActiveResponseCache(cache: ResponseCache | null) {
  activeCache = cache;
}

export function responseCacheStats(): ResponseCacheStats {
  return {
    ...stats,
    entries: activeCache?.size.entries ?? 0,
    bytes: activeCache?.size.bytes ?? 0,
    maxBytes: activeCache?.maxBytes ?? 0,
  };
}

/** The versions of `kinds` as this process knows them now. */
export function snapshotVersions(kinds: readonly string[]): Map<string, number> {
  const known = knownContentVersions();
  return new Map(kinds.map((kind) => [kind, known.get(kind) ?? 0]));
}

/** True while no write has touched what the entry shows since it was rendered. */
export function versionsCurrent(entry: CacheEntry): boolean {
  const known = knownContentVersions();
  for (const [kind, version] of entry.versions) if ((known.get(kind) ?? 0) !== version) return false;
  return true;
}

export function strongEtag(body: Buffer) {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * A cached page cannot carry a per-request nonce, so its inline scripts are allowed by hash
 * instead (docs/decisions/004-csp-for-cached-pages.md). Only scripts that carry this render's
 * nonce are hashed: the nonce is random per render and never reaches the client, so markup
 * injected through content cannot earn a hash. Returns the body without the nonce attributes and
 * the script-src sources that replace the nonce in the policy.
 */
export function hashInlineScripts(html: string, nonce: string): { html: string; sources: string[] } {
  const sources = new Set<string>();
  for (const { end, tag } of noncedTags(html, nonce)) {
    if (tagName(tag) !== "script") continue;
    const close = html.indexOf("</script>", end);
    const text = close === -1 ? "" : html.slice(end, close);
    if (text === "") continue;
    sources.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return { html: html.replaceAll(` nonce="${nonce}"`, ""), sources: [...sources] };
}

/** The response's CSP with the nonce source swapped for the script hashes. */
export function policyWithHashes(policy: string, nonce: string, sources: string[]) {
  return policy.replace(` 'nonce-${nonce}'`, sources.map((source) => ` ${source}`).join(""));
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Compressions under way at once: each holds a Brotli and a gzip encoder outside the JS heap. */
const maxCompressing = 2;
/** Entries waiting for their turn; a hit on a page that finds the line full is served uncompressed. */
const maxWaiting = 32;
const waiting: { cache: ResponseCache; entry: CacheEntry }[] = [];
const queued = new WeakSet<CacheEntry>();
let compressing = 0;

/**
 * Makes an entry's compressed copies, once, when it is first served again: a page requested once (a
 * one-off query string) never pays for it, and later hits cost no compression at all. At most
 * `maxCompressing` run at a time on the thread pool, in the order asked: every encoder allocates its
 * window and tables when it is created, so a crawler coming back to a thousand pages used to start a
 * thousand encoders at once and take the process from 400 MB to 2–3 GB. A hit finding the line full
 * leaves the entry for a later hit to queue.
 */
export function queueCompression(cache: ResponseCache, entry: CacheEntry, onError: (error: unknown) => void) {
  if (entry.br || queued.has(entry) || waiting.length >= maxWaiting) return;
  queued.add(entry);
  waiting.push({ cache, entry });
  startCompressions(onError);
}

function startCompressions(onError: (error: unknown) => void) {
  while (compressing < maxCompressing && waiting.length > 0) {
    const next = waiting.shift();
    if (!next) break;
    // Evicted while it waited: nobody will be sent these copies.
    if (!next.cache.holds(next.entry)) {
      queued.delete(next.entry);
      continue;
    }
    compressing += 1;
    compressEntry(next.cache, next.entry)
      .catch((error) => {
        queued.delete(next.entry); // a later hit may try again
        onError(error);
      })
      .finally(() => {
        compressing -= 1;
        startCompressions(onError);
      });
  }
}

/** The pages waiting to be compressed and those being compressed now. */
export function compressionQueue() {
  return { waiting: waiting.length, compressing };
}

export async function compressEntry(cache: ResponseCache, entry: CacheEntry) {
  // A window no larger than the page (2^16 to 2^22 bytes) is all Brotli can use, and it is what the
  // encoder allocates.
  const window = Math.min(22, Math.max(16, Math.ceil(Math.log2(entry.body.length + 1))));
  const [gz, br] = await Promise.all([
    gzipAsync(entry.body, { level: 9 }),
    brotliAsync(entry.body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_LGWIN]: window,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
      },
    }),
  ]);
  cache.addEncoding(entry, "gzip", gz);
  cache.addEncoding(entry, "br", br);
}
