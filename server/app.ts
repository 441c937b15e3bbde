// Imported once: a `build: () => import(…)` function made React Router rebuild its route table on
// every request.
import * as build from "virtual:react-router/server-build";
// The areas' manifests register the site's lists (content kinds, permissions, moderated kinds)
// as they load. The response cache below reads the content kinds outside the router, as the app is
// built: loaded here, they are registered before it, whatever the build imports first.
import "#app/manifests";
import { sql } from "drizzle-orm";
import express from "express";
import { createRequestHandler as createFetchHandler } from "react-router";
import { flushJobs, startJobs, stopJobs } from "#app/compose/features.server";
import { adNetworkOrigins } from "#app/features/ads/network.server";
import { paymentFormOrigins } from "#app/features/billing/providers/index.server";
import { addressForLimits } from "#app/lib/client-address.server";
import {
  closeDatabase,
  databaseRetryAfterSeconds,
  getDatabaseHandle,
  isDatabaseAvailable,
  noteDatabaseError,
  openDatabase,
} from "#app/lib/db.server";
import { env, siteUrlWarning } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import {
  refreshContentVersions,
  startContentVersionPolling,
  stopContentVersionPolling,
} from "#app/lib/response-cache/versions.server";
import { seedDatabase } from "#root/db/seed/index";
import { databaseGate, requestScope } from "./availability";
import { fastPath, fastVariant } from "./fast-path";
import { inputCheck } from "./input";
import { languageMiddleware } from "./language";
import { fastHitCounter, metricsEndpoint, requestMetrics } from "./metrics";
import { renderConcurrency } from "./render-concurrency";
import { createRequestHandler } from "./request-handler";
import { responseCache } from "./response-cache";
import { routeTable } from "./route-table";
import { hostCheck, nonceMiddleware, securityHeaders } from "./security";

/** Opens and migrates the database, and seeds demo content into an empty one. */
export async function bootstrap() {
  const config = env();
  const warning = siteUrlWarning();
  if (warning) logger.warn(warning);
  const handle =
    getDatabaseHandle() ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  if (await seedDatabase(handle.db, { onlyIfEmpty: true })) logger.info("seeded an empty database with demo content");
  // Every area's background jobs, in the order app/compose/features.server.ts lists them.
  startJobs();
  await startContentVersionPolling();
}

let shuttingDown = false;

/** From the first shutdown signal on, /readyz fails so a load balancer stops sending traffic. */
export function beginShutdown() {
  shuttingDown = true;
}

export async function shutdown() {
  stopJobs();
  stopContentVersionPolling();
  // Buffered counts (listing views and clicks, ad impressions) reach the database before it closes.
  await flushJobs();
  await closeDatabase();
}

export const app = express();
app.disable("x-powered-by");
// Behind a proxy, TRUST_PROXY (e.g. "1" or "loopback") lets req.ip be the visitor's address, which
// the rate limits key on; unset, X-Forwarded-For is ignored so nobody can pick their own IP.
if (env().TRUST_PROXY)
  app.set("trust proxy", /^\d+$/.test(env().TRUST_PROXY ?? "") ? Number(env().TRUST_PROXY) : env().TRUST_PROXY);

const routes = async () => routeTable(build);

// Before anything reads the host to build a URL (metrics, the router, the response cache).
app.use(hostCheck);

// Prometheus scrapes this; who may is decided in metricsEndpoint (loopback, or METRICS_TOKEN).
app.get("/metrics", metricsEndpoint({ token: env().METRICS_TOKEN }));
app.use(requestMetrics(routes));

app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});

app.get("/readyz", async (_req, res) => {
  res.set("Cache-Control", "no-store");
  if (shuttingDown) {
    res.status(503).json({ status: "stopping" });
    return;
  }
  const handle = getDatabaseHandle();
  try {
    if (!handle) throw new Error("database not open");
    if (!isDatabaseAvailable()) throw new Error("database unreachable");
    await handle.db.execute(sql`select 1`);
    res.json({ status: "ready", database: handle.kind });
  } catch (error) {
    noteDatabaseError(error);
    logger.warn({ err: error }, "readiness check failed");
    res
      .status(503)
      .set("Retry-After", String(databaseRetryAfterSeconds))
      .json({ status: "unavailable", database: handle?.kind ?? null });
  }
});

app.use(requestScope);
app.use(nonceMiddleware);
app.use(
  securityHeaders({
    development: process.env.NODE_ENV === "development",
    formOrigins: paymentFormOrigins(),
    adOrigins: adNetworkOrigins(),
  }),
);
// Path, query and body are checked once here, before any route (server/input.ts); routes that take
// photo uploads get the larger multipart limit, and each action still checks its files' sizes.
app.use(inputCheck({ routes, bodyLimit: env().BODY_LIMIT, uploadBodyLimit: env().UPLOAD_BODY_LIMIT }));
app.use(languageMiddleware);
app.use(databaseGate);

// A write in this process re-reads the content versions as it answers (its transaction has
// committed by then), so the next page, the writer's redirect target say, waits for that read
// instead of being served a copy the write made stale.
app.use((req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    const writeHead = res.writeHead;
    res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
      void refreshContentVersions();
      return writeHead.apply(this, args);
    } as typeof writeHead;
  }
  next();
});

const getLoadContext = (req: express.Request, res: express.Response) => ({
  cspNonce: res.locals.cspNonce as string,
  // Everything that keys on the visitor's address (rate limits, view and click gates) counts an
  // IPv6 /64 as one visitor (app/lib/client-address.server.ts).
  clientIp: addressForLimits(req.ip ?? req.socket.remoteAddress ?? "unknown"),
});

// Renders beyond a few at a time only make each one slower and hold more memory: the rest wait
// their turn (requests served from the cache never wait). Signed-in pages share the same places:
// fifty of them at once once took the heap past its 192 MB ceiling.
const limitRenders = renderConcurrency(env().RENDER_CONCURRENCY);
// One router handler for the cache's renders and every other request alike.
const routerHandler = createFetchHandler(build, process.env.NODE_ENV);
const cacheMegabytes = env().RESPONSE_CACHE_MB;
let cachedPages: ReturnType<typeof responseCache> | null = null;
if (cacheMegabytes > 0) {
  cachedPages = responseCache({
    handler: limitRenders.wrap(routerHandler),
    getLoadContext,
    maxBytes: cacheMegabytes * 1024 * 1024,
    fastVariant,
  });
  app.use(cachedPages);
}

/**
 * Answers a fresh cache hit before any middleware (server/fast-path.ts) and returns true, or
 * returns false for the app to answer the request. The entry calls it with every request.
 */
export const serveCached = cachedPages
  ? fastPath({
      app,
      serveFast: cachedPages.serveFast,
      onServed: fastHitCounter(routes),
    })
  : () => false;
app.use(createRequestHandler({ handler: routerHandler, getLoadContext, limitRenders }));

// The last word on anything a middleware or the router threw: logged once as JSON, answered with
// a bare 500. Express's own handler would print the stack on stderr and send its HTML page.
app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
  logger.error({ err: error, method: req.method, url: req.originalUrl }, "unhandled error in a request");
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(500).set("Cache-Control", "no-store").type("text/plain").send("Internal Server Error");
});
