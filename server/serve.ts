import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Logger } from "pino";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface ServeOptions {
  port: number;
  host: string;
  log: Logger;
  /** Runs at the first signal (readiness starts failing). */
  onStopping?: () => void;
  /** Runs once every connection has finished (closes the database). */
  onDrained: () => Promise<void>;
  /** How long in-flight requests may take after a signal before their connections are cut. */
  drainTimeoutMs?: number;
  /** Exits the process when done (tests of this module pass their own). */
  exit?: (code: number) => void;
}

export interface Serving {
  server: Server;
  /** True from the first signal on: /readyz answers 503 so a balancer stops sending traffic. */
  isStopping(): boolean;
  stop(signal: string): Promise<void>;
}

/**
 * Serves `handler` and, on SIGTERM/SIGINT, shuts down without dropping anyone:
 *   1. stop: readiness fails, answers carry `Connection: close`, idle keep-alive sockets close;
 *   2. take in what already reached the socket: connections the kernel completed but Node has not
 *      accepted yet would be reset if the listening socket closed now, so we keep accepting until
 *      one full turn of the event loop brings nothing new (bounded, in case traffic never stops);
 *   3. close the listening socket, let in-flight requests finish (cut after drainTimeoutMs);
 *   4. onDrained (close the database), exit.
 */
export function serve(handler: Handler, options: ServeOptions): Serving {
  const { log } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  let lastAccepted = Date.now();
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    if (stopping) res.setHeader("Connection", "close");
    handler(req, res);
  });
  server.on("connection", (socket) => {
    lastAccepted = Date.now();
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  server.listen(options.port, options.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    log.info({ port }, `Playa Hub listening on http://${options.host}:${port}`);
  });

  async function acceptWhatIsQueued() {
    const quietMs = 50;
    const maxMs = 2_000;
    const started = Date.now();
    // setImmediate runs after the poll phase, where libuv accepts every pending connection.
    while (Date.now() - started < maxMs) {
      await new Promise((resolve) => setImmediate(resolve));
      if (Date.now() - lastAccepted >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    lastAccepted = Date.now();
    options.onStopping?.();
    log.info({ signal }, "shutting down: serving what already arrived, then closing");
    server.closeIdleConnections();
    await acceptWhatIsQueued();
    const forced = setTimeout(() => {
      log.warn({ open: sockets.size }, "in-flight requests did not finish in time; closing anyway");
      server.closeAllConnections();
    }, options.drainTimeoutMs ?? 10_000);
    forced.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Keep-alive sockets that finish a request while we wait are closed by `Connection: close`.
      server.closeIdleConnections();
    });
    clearTimeout(forced);
    try {
      await options.onDrained();
      log.info("database closed; bye");
      exit(0);
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
      exit(1);
    }
  }

  return { server, isStopping: () => stopping, stop };
}
