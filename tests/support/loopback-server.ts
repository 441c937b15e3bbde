import { createServer, type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

// The tests' stand-ins for outside services (payment providers, a push service, weather APIs)
// listen on 127.0.0.1 only: on the port a browser test told its app server in advance, or any free one.

export interface LoopbackRequest {
  method: string;
  /** The URL's path, without its query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The whole body as it came. */
  body: Buffer;
  /** This server's own origin, for the URLs it answers with. */
  origin: string;
}

export interface LoopbackReply {
  json(status: number, value: unknown, headers?: OutgoingHttpHeaders): void;
  html(markup: string): void;
  /** An answer with no body (a redirect names its Location in `headers`). */
  empty(status: number, headers?: OutgoingHttpHeaders): void;
}

export interface LoopbackServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Answers each request, once its body is read, with `handle`; a handler that throws or rejects
 * answers 500 with the error's message. The browser's favicon request gets an empty 204.
 */
export async function startLoopbackServer(
  handle: (request: LoopbackRequest, reply: LoopbackReply) => void | Promise<void>,
  options: { port?: number } = {},
): Promise<LoopbackServer> {
  let origin = "";
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", origin);
      const reply: LoopbackReply = {
        json(status, value, headers = {}) {
          response.writeHead(status, { "content-type": "application/json", ...headers });
          response.end(JSON.stringify(value));
        },
        html(markup) {
          response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          response.end(markup);
        },
        empty(status, headers = {}) {
          response.writeHead(status, headers);
          response.end();
        },
      };
      if (url.pathname === "/favicon.ico") return reply.empty(204);
      const incoming = {
        method: request.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks),
        origin,
      };
      Promise.resolve()
        .then(() => handle(incoming, reply))
        .catch((error: unknown) => reply.json(500, { message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return { url: origin, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
