import type { Server } from "node:http";
import compression from "compression";
import express from "express";
import pino from "pino";

// The Node entry: static files, the app (built, or through Vite in development), and a
// shutdown that lets in-flight requests finish before the database closes.
const development = process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const buildDir = process.env.BUILD_DIR ?? "build";
const log = pino({ level: process.env.LOG_LEVEL ?? "info", base: { service: "playa-hub" } });

type AppModule = {
  app: express.Express;
  bootstrap: () => Promise<void>;
  shutdown: () => Promise<void>;
};

const server = express();
server.disable("x-powered-by");
server.use(compression());

let appModule: AppModule;
if (development) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
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
  server.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
  server.use(
    express.static(`${buildDir}/client`, {
      maxAge: "1h",
      setHeaders(res, filePath) {
        // The service worker must be re-checked on every visit, or a fix would never reach users.
        if (filePath.endsWith("sw.js")) res.setHeader("Cache-Control", "no-cache");
      },
    }),
  );
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

const listener: Server = server.listen(port, host, () => {
  const address = listener.address();
  const shown = typeof address === "object" && address ? `${host}:${address.port}` : `${host}:${port}`;
  log.info({ port: typeof address === "object" && address ? address.port : port }, `Playa Hub listening on http://${shown}`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down: finishing in-flight requests");
  const forced = setTimeout(() => {
    log.warn("in-flight requests did not finish in 10 s; closing anyway");
    listener.closeAllConnections();
  }, 10_000);
  forced.unref();
  listener.close(async () => {
    try {
      await appModule.shutdown();
      log.info("database closed; bye");
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  });
  listener.closeIdleConnections();
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
