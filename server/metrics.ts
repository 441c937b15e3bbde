import { timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { httpDuration, httpRequests, httpServerErrors, metricsRegistry, unmatchedRoute } from "#app/lib/metrics.server";
import type { RouteTable } from "./route-table";

/**
 * Counts every request and times it, labelled by route pattern ("/business/:slug"), never by the raw
 * URL: labels must stay a small fixed set however many URLs visitors invent.
 */
export function requestMetrics(routes: () => Promise<RouteTable>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    await countServed(routes, req, res);
    next();
  };
}

/** Counts and times `req` once `res` has been sent (the cache's fast path calls this itself). */
export async function countServed(routes: () => Promise<RouteTable>, req: Request, res: Response) {
  const started = process.hrtime.bigint();
  let route = unmatchedRoute;
  try {
    route = (await routes()).match(req.path)?.pattern ?? unmatchedRoute;
  } catch {
    // A path the router cannot read is refused by the input check; it is still counted.
  }
  const count = () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const method = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].includes(req.method)
      ? req.method
      : "OTHER";
    httpRequests.inc({ method, route, status: String(res.statusCode) });
    httpDuration.observe({ method, route }, seconds);
    if (res.statusCode >= 500) httpServerErrors.inc({ route });
  };
  if (res.writableFinished) count();
  else res.on("finish", count);
}

/**
 * Counts a request the cache's fast path answered, in the same series as `countServed`, without
 * its per-request cost: the route table is resolved once, and the labelled children of the counter
 * and histogram are kept by method, route and status (prom-client hashes the label object on every
 * call otherwise). The response was written synchronously, so its duration is taken at once.
 */
export function fastHitCounter(routes: () => Promise<RouteTable>) {
  let table: RouteTable | null = null;
  const resolving = routes().then((resolved) => {
    table = resolved;
  });
  const children = new Map<string, { count: { inc(): void }; time: { observe(seconds: number): void } }>();
  return (req: Request, res: Response, started: bigint) => {
    if (!table) {
      void resolving.then(() => countServed(routes, req, res));
      return;
    }
    const method = req.method === "HEAD" ? "HEAD" : "GET";
    const key = `${method} ${res.statusCode} ${req.path}`;
    let child = children.get(key);
    if (!child) {
      const route = table.match(req.path)?.pattern ?? unmatchedRoute;
      child = {
        count: httpRequests.labels({ method, route, status: String(res.statusCode) }),
        time: httpDuration.labels({ method, route }),
      };
      // Paths are the cached pages' paths, themselves bounded by the cache; keep the map bounded too.
      if (children.size >= 2_000) children.clear();
      children.set(key, child);
    }
    child.count.inc();
    child.time.observe(Number(process.hrtime.bigint() - started) / 1e9);
  };
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const loopback = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

type TrustProxy = (address: string, hop: number) => boolean;

/**
 * Whether the request comes straight from this machine. Decided from the socket and TRUST_PROXY
 * only: a proxy on loopback may forward a visitor with X-Real-IP, some other header or none at
 * all, so no header can prove a request was not forwarded. When TRUST_PROXY says the socket's
 * peer is a proxy, nothing arriving through it is local.
 */
export function isLocalRequest(req: Request): boolean {
  const peer = req.socket.remoteAddress ?? "";
  if (!loopback.has(peer)) return false;
  const trustProxy = req.app?.get("trust proxy fn") as TrustProxy | undefined;
  if (trustProxy?.(peer, 0)) return false;
  // Headers never make a request local; a forwarding header only confirms a proxy that
  // TRUST_PROXY was not told about.
  return !req.get("x-forwarded-for") && !req.get("forwarded") && !req.get("x-real-ip");
}

export function metricsEndpoint(options: { token: string | undefined }) {
  return async (req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    const authorization = req.get("authorization") ?? "";
    const allowed = options.token
      ? authorization.startsWith("Bearer ") && sameSecret(authorization.slice("Bearer ".length), options.token)
      : isLocalRequest(req);
    if (!allowed) {
      if (options.token) res.set("WWW-Authenticate", 'Bearer realm="metrics"');
      res
        .status(options.token ? 401 : 403)
        .type("text/plain")
        .send(options.token ? "Unauthorized" : "Forbidden");
      return;
    }
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  };
}
