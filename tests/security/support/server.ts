// The whole app as a browser or an attacker meets it: the Express stack of server/app.ts (security
// headers, body limits, input checks, language redirects, the router and SSR) on a loopback port,
// over the database the test setup opened for this file.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { app } from "#root/server/app";

export interface TestServer {
  /** http://127.0.0.1:port */
  origin: string;
  /** fetch against the server; redirects are never followed, so tests see every Location. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

/** Starts the app for the current test file and stops it after the file's tests. */
export function startTestServer(): TestServer {
  let server: Server | undefined;
  const handle: TestServer = {
    origin: "",
    request(path, init) {
      return fetch(`${handle.origin}${path}`, { redirect: "manual", ...init });
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
