import type { NextFunction, Request, Response } from "express";
import type { AppLoadContext } from "react-router";
import { hasFlashCookie, hasSessionCookie } from "#app/lib/cache-control.server";
import { addressForLimits } from "#app/lib/client-address.server";
import { logger } from "#app/lib/logger.server";
import {
  type CacheEntry,
  countCache,
  etagMatches,
  hashInlineScripts,
  policyWithHashes,
  queueCompression,
  type RenderCachePolicy,
  ResponseCache,
  type ServeEffect,
  setActiveResponseCache,
  snapshotVersions,
  strongEtag,
  versionsCurrent,
  withRenderScope,
} from "#app/lib/response-cache/cache.server";
import { knownContentKinds } from "#app/lib/response-cache/content-kinds";
import { deferHydration } from "#app/lib/response-cache/defer-hydration.server";
import { pendingVersionRead } from "#app/lib/response-cache/versions.server";
import { abandonWhileQueued, RenderAbandoned } from "./render-concurrency";

type FetchHandler = (request: globalThis.Request, context: AppLoadContext) => Promise<globalThis.Response>;

// Private areas are never cached, whatever their headers say (their loaders guard them anyway).
// The router matches paths in any case, decodes percent-escapes and ignores repeated slashes
// ("/AUTH", "/%61uth", "//auth" all reach /auth), so the rule is tested on the path read the same
// way: written for one spelling, it cached another.
// Their client-side data requests ("/dashboard.data") are the same pages.
const neverCached = /^\/(?:es\/)?(?:dashboard|admin|auth)(?:[/.]|$)|^\/(?:api|uploads|_e2e)\//i;

export function isNeverCached(path: string): boolean {
  let read = path;
  try {
    read = decodeURIComponent(path);
  } catch {
    return true; // the input check refuses it anyway; nothing to cache
  }
  return neverCached.test(read.replace(/\/{2,}/g, "/"));
}

// Headers of the rendered response that a cached copy repeats; the rest are per response.
const keptHeaders = new Set([
  "content-type",
  "cache-control",
  "cdn-cache-control",
  "vary",
  "link",
  "content-language",
  "x-robots-tag",
]);

interface Rendered {
  entry: CacheEntry | null;
  /** The response for the request that rendered it (and those that waited), when it is not cacheable. */
  response: { status: number; headers: [string, string][]; body: Buffer; csp: string | null };
  /** The page's per-visit effects, run by whoever sends it to a visitor. */
  effects: ServeEffect[];
}

export interface ResponseCacheOptions {
  handler: FetchHandler;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  maxBytes: number;
  /**
   * Whether a request may be answered by `serveFast`, and in which variant of the answer's headers
   * (the middleware in front of the cache may set different headers for different requests of the
   * same URL, such as `Vary: Accept-Language` on a page navigation); null when it must take the
   * whole middleware chain (a redirect, a refusal, an unavailable database could answer it there).
   */
  fastVariant?: (req: Request) => string | null;
}

// Headers of a sent copy that are made per response, not repeated from the copy the full path sent.
const perResponseHeaders = new Set([
  "date",
  "age",
  "x-cache",
  "etag",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
]);

/**
 * A hit as the full middleware chain answered it: every header it sent, in order, except the
 * per-response ones, as the flat name/value list `writeHead` takes in one call (a header set one by
 * one is validated and stored twice), with the entry's ETag and `X-Cache: HIT` already in it.
 */
interface FastCopy {
  headers: (string | string[])[];
}

/**
 * Serves anonymous GET and HEAD requests from the response cache (see app/lib/response-cache).
 * A fresh entry is sent as is; a stale one is sent while one render per key refreshes it, or,
 * when nothing is cached yet, every request for the key waits for that one render. Signed-in
 * requests, non-GETs and private areas go to `next()` and render as usual.
 */
export function responseCache(options: ResponseCacheOptions) {
  // Read once, as the app is built: the areas' manifests registered them (server/app.ts loads them
  // first), and a process that did not load them fails here, before any request, rather than
  // caching pages that no write could expire.
  const everyKind = knownContentKinds();
  const cache = new ResponseCache(options.maxBytes);
  setActiveResponseCache(cache);
  const inFlight = new Map<string, Promise<Rendered>>();
  // Per entry, the headers the full chain sent with it, by variant. Filled only by a 200 the full
  // chain answered, so the fast path never sends an entry in a variant it has not seen whole.
  const fastCopies = new WeakMap<CacheEntry, Map<string, FastCopy>>();

  function render(key: string, req: Request, res: Response): Promise<Rendered> {
    const running = inFlight.get(key);
    if (running) return running;
    const promise = renderOnce(key, req, res).finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  async function renderOnce(key: string, req: Request, res: Response): Promise<Rendered> {
    const context = options.getLoadContext(req, res);
    // Read now: a background refresh runs while `res` is being answered with the stale copy.
    const basePolicy = res.getHeader("content-security-policy");
    const policy: RenderCachePolicy = { cacheable: false, kinds: [], maxAgeSeconds: 0 };
    const nonce = context.cspNonce;
    // Only what the cache key covers reaches the render: no cookies, so nothing personal can
    // end up in a page that others will be sent.
    const headers = new Headers();
    for (const name of ["accept", "user-agent", "x-forwarded-proto", "x-forwarded-host"]) {
      const value = req.get(name);
      if (value) headers.set(name, value);
    }
    const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
    const effects: ServeEffect[] = [];
    // The version snapshot is taken before the loaders run: a write during the render leaves the
    // entry already stale rather than wrongly fresh.
    const versionsBefore = snapshotVersions(everyKind);
    // A render still waiting for its turn when the visitor who asked for it has left is dropped
    // (render-concurrency.ts); anyone else waiting for the same page then renders it themselves.
    const abandoned = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) abandoned.abort();
    });
    const response = await withRenderScope(effects, () =>
      options.handler(abandonWhileQueued(new globalThis.Request(url, { method: "GET", headers }), abandoned.signal), {
        ...context,
        cachePolicy: policy,
      }),
    );
    const raw = Buffer.from(await response.arrayBuffer());
    const responseHeaders: [string, string][] = [];
    for (const [name, value] of response.headers) if (name !== "set-cookie") responseHeaders.push([name, value]);
    const setCookie = response.headers.getSetCookie().length > 0;
    const publicCache = (response.headers.get("cache-control") ?? "").startsWith("public");
    const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
    const cacheable = response.status === 200 && !setCookie && publicCache && policy.cacheable;
    if (!cacheable) {
      return {
        entry: null,
        response: {
          status: response.status,
          headers: [
            ...responseHeaders,
            ...response.headers.getSetCookie().map((value): [string, string] => ["set-cookie", value]),
          ],
          body: raw,
          csp: null,
        },
        effects,
      };
    }
    let body = raw;
    const kept = responseHeaders.filter(([name]) => keptHeaders.has(name));
    if (html && typeof basePolicy === "string") {
      const hashed = hashInlineScripts(deferHydration(raw.toString("utf8"), nonce), nonce);
      body = Buffer.from(hashed.html, "utf8");
      kept.push(["content-security-policy", policyWithHashes(basePolicy, nonce, hashed.sources)]);
    }
    const versions = new Map([...versionsBefore].filter(([kind]) => policy.kinds.includes(kind)));
    const entry: CacheEntry = {
      key,
      status: 200,
      headers: kept,
      body,
      etag: strongEtag(body),
      kinds: policy.kinds,
      versions,
      storedAt: Date.now(),
      maxAgeMs: policy.maxAgeSeconds * 1000,
      effects,
      bytes: 0,
    };
    cache.set(entry);
    return { entry, response: { status: 200, headers: kept, body, csp: null }, effects };
  }

  /** Counts the visit and makes the compressed copies on the first time an entry is served again. */
  function noteServed(req: Request, entry: CacheEntry, state: "hit" | "stale" | "miss") {
    // Every send is a visit, the one that rendered the page included (its render ran no effects).
    for (const effect of entry.effects) runEffect(effect, req);
    if (state !== "miss")
      queueCompression(cache, entry, (error) => logger.warn({ err: error }, "could not compress a cached page"));
  }

  /** The copy of the entry this request may take, by the encodings it accepts; null when none is ready. */
  function bodyFor(req: Request, entry: CacheEntry): { body: Buffer; encoding: "br" | "gzip" | null } | null {
    const accepted = req.acceptsEncodings("br", "gzip", "identity");
    if (accepted === "br" || accepted === "gzip") {
      const encoded = entry[accepted];
      return encoded ? { body: encoded, encoding: accepted } : null;
    }
    return { body: entry.body, encoding: null };
  }

  function send(req: Request, res: Response, entry: CacheEntry, state: "hit" | "stale" | "miss") {
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("ETag", entry.etag);
    res.setHeader("X-Cache", state.toUpperCase());
    res.setHeader("Age", String(Math.floor((Date.now() - entry.storedAt) / 1000)));
    noteServed(req, entry, state);
    // Set before a 304 too: a 304 carries the Vary its 200 would have (RFC 9110, 15.4.5).
    res.vary("Accept-Encoding");
    if (etagMatches(req.get("if-none-match"), entry.etag)) {
      countCache("notModified");
      res.status(304).end();
      return;
    }
    const copy = bodyFor(req, entry);
    const body = copy?.body ?? entry.body;
    rememberFastCopy(req, res, entry);
    // A compressed copy is sent as is (the compression middleware leaves an encoded body alone);
    // until it exists the identity body goes through that middleware like any response.
    if (copy?.encoding) res.setHeader("Content-Encoding", copy.encoding);
    res.setHeader("Content-Length", String(body.length));
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  function rememberFastCopy(req: Request, res: Response, entry: CacheEntry) {
    const variant = options.fastVariant?.(req);
    if (!variant || res.hasHeader("set-cookie")) return;
    let copies = fastCopies.get(entry);
    if (copies?.has(variant)) return;
    const headers: FastCopy["headers"] = [];
    for (const name of res.getHeaderNames()) {
      if (perResponseHeaders.has(name)) continue;
      const value = res.getHeader(name);
      if (value === undefined) continue;
      headers.push(name, typeof value === "number" ? String(value) : value);
    }
    headers.push("ETag", entry.etag, "X-Cache", "HIT");
    if (!copies) {
      copies = new Map();
      fastCopies.set(entry, copies);
    }
    copies.set(variant, { headers });
  }

  /**
   * Answers a fresh hit before the middleware chain, with exactly what the chain would send: the
   * headers it sent with this entry in this variant, the stored body in the encoding the request
   * takes, a 304 on a matching ETag. Returns false, having sent nothing, for anything else (a
   * miss, a stale copy, a signed-in or flash request, an encoding not compressed yet), which the
   * caller then hands to the full chain.
   */
  function serveFast(req: Request, res: Response, variant: string): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const cookie = req.headers.cookie;
    if (cookie !== undefined && (hasSessionCookie(cookie) || hasFlashCookie(cookie))) return false;
    if (pendingVersionRead() || isNeverCached(req.path)) return false;
    // A lookup counts as a use for the eviction order, as the full chain's does.
    const entry = cache.get(`${req.protocol}://${req.get("host") ?? ""}${req.originalUrl}`);
    if (!entry || !versionsCurrent(entry) || Date.now() - entry.storedAt >= entry.maxAgeMs) return false;
    const copy = fastCopies.get(entry)?.get(variant);
    if (!copy) return false;
    const notModified = etagMatches(req.headers["if-none-match"], entry.etag);
    const body = notModified ? null : bodyFor(req, entry);
    if (!notModified && !body) return false;
    countCache("hits");
    noteServed(req, entry, "hit");
    const headers = copy.headers.slice();
    headers.push("Age", String(Math.floor((Date.now() - entry.storedAt) / 1000)));
    if (notModified || !body) {
      countCache("notModified");
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    if (body.encoding) headers.push("Content-Encoding", body.encoding);
    headers.push("Content-Length", String(body.body.length));
    res.writeHead(entry.status, headers);
    if (req.method === "HEAD") res.end();
    else res.end(body.body);
    return true;
  }

  function sendUncached(req: Request, res: Response, rendered: Rendered["response"], effects: ServeEffect[]) {
    for (const effect of effects) runEffect(effect, req);
    res.status(rendered.status);
    for (const [name, value] of rendered.headers) res.append(name, value);
    res.setHeader("X-Cache", "BYPASS");
    if (req.method === "HEAD") res.end();
    else res.end(rendered.body);
  }

  async function responseCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      isNeverCached(req.path) ||
      hasSessionCookie(req.get("cookie")) ||
      // A toast waits for this visitor: the page must render with their cookies and stay theirs.
      hasFlashCookie(req.get("cookie"))
    ) {
      if (req.method !== "GET" && req.method !== "HEAD") countCache("bypassed");
      return next();
    }
    try {
      // After a write in this process the versions are being re-read: wait for them so the writer's
      // next page shows the change.
      await pendingVersionRead();
      const key = `${req.protocol}://${req.get("host") ?? ""}${req.originalUrl}`;
      const entry = cache.get(key);
      if (entry) {
        const current = versionsCurrent(entry);
        const age = Date.now() - entry.storedAt;
        if (current && age < entry.maxAgeMs) {
          countCache("hits");
          return send(req, res, entry, "hit");
        }
        // Stale: one render refreshes it; everyone else gets the stale copy meanwhile. A copy
        // outdated by a write is only handed out while that render runs; the request that starts
        // it waits, so a changed page is never served after the refresh could have finished.
        const running = inFlight.has(key);
        if (running || (current && age < entry.maxAgeMs * 2)) {
          if (!running)
            void render(key, req, res).catch((error) => {
              if (!(error instanceof RenderAbandoned)) logger.error({ err: error, key }, "background render failed");
            });
          countCache("staleHits");
          return send(req, res, entry, "stale");
        }
      }
      const waiting = inFlight.has(key);
      countCache(waiting ? "coalesced" : "misses");
      let rendered: Rendered;
      try {
        rendered = await render(key, req, res);
      } catch (error) {
        if (!(error instanceof RenderAbandoned)) throw error;
        // Another visitor's render of this page was dropped: render it for this one, unless gone too.
        return res.destroyed ? undefined : next();
      }
      // A request that waited on another's render replays the page's per-visit effects like a hit.
      if (rendered.entry) return send(req, res, rendered.entry, waiting ? "hit" : "miss");
      // Not cacheable: the body carries the renderer's nonce, so a waiter renders its own.
      if (waiting) return next();
      return sendUncached(req, res, rendered.response, rendered.effects);
    } catch (error) {
      next(error);
    }
  }

  return Object.assign(responseCacheMiddleware, { serveFast });
}

function runEffect(effect: ServeEffect, req: Request) {
  try {
    effect({
      userAgent: req.get("user-agent") ?? null,
      referer: req.get("referer") ?? null,
      url: req.originalUrl,
      ip: addressForLimits(req.ip ?? req.socket.remoteAddress ?? "unknown"),
    });
  } catch (error) {
    logger.warn({ err: error }, "a per-visit effect of a cached page failed");
  }
}
