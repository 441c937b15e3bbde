// The whole app as a browser or an attacker meets it: the Express stack of server/app.ts (security
// headers, body limits, input checks, language redirects, the router and SSR) on a loopback port,
// over the database the test setup opened for this file.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { app } from "#root/server/app";

export interface TestServer {
  /** http://127.0.0.1:port */
  origin: string;
  /** fetch against the server; redirects are never followed, so tests see every Location. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /**
   * A request exactly as given, for what fetch would refuse or rewrite (a Referer or Host of our
   * choosing, a path fetch would normalise).
   */
  raw(options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>;
}

/** Starts the app for the current test file and stops it after the file's tests. */
export function startTestServer(): TestServer {
  let server: Server | undefined;
  const handle: TestServer = {
    origin: "",
    request(path, init) {
      return fetch(`${handle.origin}${path}`, { redirect: "manual", ...init });
    },
    raw({ method = "GET", path, headers = {}, body }) {
      return new Promise((resolve, reject) => {
        const url = new URL(handle.origin);
        const outgoing = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            method,
            path,
            headers: {
              ...headers,
              ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks).toString("utf8"),
              }),
            );
          },
        );
        outgoing.on("error", reject);
        outgoing.end(body);
      });
    },
  };
  beforeAll(async () => {
    server = createServer(app);
    // Port 0: the system picks a free one, so parallel test files never collide.
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    handle.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return handle;
}
