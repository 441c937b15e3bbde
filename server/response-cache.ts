import type { NextFunction, Request, Response } from "express";
import type { AppLoadContext } from "react-router";
import { hasFlashCookie, hasSessionCookie } from "#app/lib/cache-control.server";
import { addressForLimits } from "#app/lib/client-address.server";
import { logger } from "#app/lib/logger.server";
import {
  type CacheEntry,
  compressEntry,
  countCache,
  etagMatches,
  hashInlineScripts,
  policyWithHashes,
  type RenderCachePolicy,
  ResponseCache,
  type ServeEffect,
  setActiveResponseCache,
  snapshotVersions,
  strongEtag,
  versionsCurrent,
  withRenderScope,
} from "#app/lib/response-cache/cache.server";
import { deferHydration } from "#app/lib/response-cache/defer-hydration.server";
import { contentKinds, pendingVersionRead } from "#app/lib/response-cache/versions.server";

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
}

/**
 * Serves anonymous GET and HEAD requests from the response cache (see app/lib/response-cache).
 * A fresh entry is sent as is; a stale one is sent while one render per key refreshes it, or,
 * when nothing is cached yet, every request for the key waits for that one render. Signed-in
 * requests, non-GETs and private areas go to `next()` and render as usual.
 */
export function responseCache(options: ResponseCacheOptions) {
  const cache = new ResponseCache(options.maxBytes);
  setActiveResponseCache(cache);
  const inFlight = new Map<string, Promise<Rendered>>();

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
    const versionsBefore = snapshotVersions(contentKinds);
    const response = await withRenderScope(effects, () =>
      options.handler(new globalThis.Request(url, { method: "GET", headers }), { ...context, cachePolicy: policy }),
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
      hits: 0,
      bytes: 0,
    };
    cache.set(entry);
    return { entry, response: { status: 200, headers: kept, body, csp: null }, effects };
  }

  function send(req: Request, res: Response, entry: CacheEntry, state: "hit" | "stale" | "miss") {
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("ETag", entry.etag);
    res.setHeader("X-Cache", state.toUpperCase());
    res.setHeader("Age", String(Math.floor((Date.now() - entry.storedAt) / 1000)));
    // Every send is a visit, the one that rendered the page included (its render ran no effects).
    for (const effect of entry.effects) runEffect(effect, req);
    if (state !== "miss") {
      entry.hits += 1;
      if (entry.hits === 1)
        compressEntry(cache, entry).catch((error) => logger.warn({ err: error }, "could not compress a cached page"));
    }
    if (etagMatches(req.get("if-none-match"), entry.etag)) {
      countCache("notModified");
      res.status(304).end();
      return;
    }
    res.vary("Accept-Encoding");
    const accepted = req.acceptsEncodings("br", "gzip", "identity");
    const encoded = accepted === "br" ? entry.br : accepted === "gzip" ? entry.gzip : undefined;
    const body = encoded ?? entry.body;
    // A compressed copy is sent as is (the compression middleware leaves an encoded body alone);
    // until it exists the identity body goes through that middleware like any response.
    if (encoded) res.setHeader("Content-Encoding", accepted as string);
    res.setHeader("Content-Length", String(body.length));
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  function sendUncached(req: Request, res: Response, rendered: Rendered["response"], effects: ServeEffect[]) {
    for (const effect of effects) runEffect(effect, req);
    res.status(rendered.status);
    for (const [name, value] of rendered.headers) res.append(name, value);
    res.setHeader("X-Cache", "BYPASS");
    if (req.method === "HEAD") res.end();
    else res.end(rendered.body);
  }

  return async function responseCacheMiddleware(req: Request, res: Response, next: NextFunction) {
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
            void render(key, req, res).catch((error) => logger.error({ err: error, key }, "background render failed"));
          countCache("staleHits");
          return send(req, res, entry, "stale");
        }
      }
      const waiting = inFlight.has(key);
      countCache(waiting ? "coalesced" : "misses");
      const rendered = await render(key, req, res);
      // A request that waited on another's render replays the page's per-visit effects like a hit.
      if (rendered.entry) return send(req, res, rendered.entry, waiting ? "hit" : "miss");
      // Not cacheable: the body carries the renderer's nonce, so a waiter renders its own.
      if (waiting) return next();
      return sendUncached(req, res, rendered.response, rendered.effects);
    } catch (error) {
      next(error);
    }
  };
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
