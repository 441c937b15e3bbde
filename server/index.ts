import type { IncomingMessage, ServerResponse } from "node:http";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import pino from "pino";
import { serve } from "./serve";

// The Node entry: static files, the app (built, or through Vite in development), and a
// shutdown that serves every request that reached the socket before the database closes (serve.ts).
const development = process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const buildDir = process.env.BUILD_DIR ?? "build";
const log = pino({ level: process.env.LOG_LEVEL ?? "info", base: { service: "playa-hub" } });

type AppModule = {
  app: express.Express;
  /** Answers a fresh response-cache hit before any middleware; false leaves the request to `app`. */
  serveCached?: (req: IncomingMessage, res: ServerResponse) => boolean;
  bootstrap: () => Promise<void>;
  shutdown: () => Promise<void>;
  beginShutdown?: () => void;
};

const server = express();
server.disable("x-powered-by");
server.use(compression());
// React Router flushes after every chunk it writes, and each flush ends a compressed block: the
// page came out of gzip 2.5 times bigger than it should. Chunks written in the same turn of the
// event loop now share one flush, so streaming still reaches the browser as it happens.
server.use((_req, res, next) => {
  const flushable = res as unknown as { flush?: () => void };
  const flush = flushable.flush;
  if (typeof flush === "function") {
    let scheduled = false;
    flushable.flush = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (!res.writableEnded) flush.call(res);
      });
    };
  }
  next();
});

let appModule: AppModule;
if (development) {
  // DEV_HOT_RELOAD=0 runs without the hot-reload socket (a fixed port), for tests that start the app.
  const hot = process.env.DEV_HOT_RELOAD !== "0";
  const vite = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true, ...(hot ? {} : { hmr: false, ws: false }) } }),
  );
  server.use(vite.middlewares);
  appModule = (await vite.ssrLoadModule("./server/app.ts")) as AppModule;
  server.use(async (req, res, next) => {
    try {
      const fresh = (await vite.ssrLoadModule("./server/app.ts")) as AppModule;
      return fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Hashed files never change: the build wrote their Brotli and gzip copies (vite.config.ts), sent
  // as they are to a browser that takes them (the compression middleware leaves them alone).
  server.use(
    "/assets",
    expressStaticGzip(`${buildDir}/client/assets`, {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false },
    }),
  );
  const publicFiles = express.static(`${buildDir}/client`, {
    maxAge: "1h",
    index: false,
    setHeaders(res, filePath) {
      // The service worker must be re-checked on every visit, or a fix would never reach users.
      if (filePath.endsWith("sw.js")) res.setHeader("Cache-Control", "no-cache");
    },
  });
  // Every file in the build has an extension and no page URL does: pages skip the file lookups.
  const fileLike = /\.[A-Za-z0-9]+$/;
  server.use((req, res, next) => (fileLike.test(req.path) ? publicFiles(req, res, next) : next()));
  const { pathToFileURL } = await import("node:url");
  const path = await import("node:path");
  appModule = (await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href)) as AppModule;
  server.use(appModule.app);
}

try {
  await appModule.bootstrap();
} catch (error) {
  log.fatal({ err: error }, (error as Error).message);
  process.exit(1);
}

// Cache hits skip the whole chain, this file's middleware included: a page URL has no extension,
// so the static files never answered it, and a stored copy is already compressed.
const serveCached = development ? undefined : appModule.serveCached;
const handler = serveCached
  ? (req: IncomingMessage, res: ServerResponse) => {
      if (!serveCached(req, res)) server(req, res);
    }
  : server;

const serving = serve(handler, {
  port,
  host,
  log,
  onStopping: () => appModule.beginShutdown?.(),
  onDrained: () => appModule.shutdown(),
});
process.on("SIGTERM", () => void serving.stop("SIGTERM"));
process.on("SIGINT", () => void serving.stop("SIGINT"));
