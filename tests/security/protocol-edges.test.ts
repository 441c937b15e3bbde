import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "#app/lib/logger.server";
import { createSignedInUser } from "#tests/factories/accounts";
import { startTestServer } from "./support/server";

// What the HTTP layer itself must refuse cleanly: a Host that is not a host, methods the app does
// not serve, writes to pages that take none, and cross-site writes a browser labelled as such.
// None may answer 5xx, print a stack or reach the error log (the console-error guard of the test
// setup fails a test on any console.error).

const server = startTestServer();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("malformed Host", () => {
  it("answers 400 in plain text, never Express's 500 page", async () => {
    const errors = vi.spyOn(logger, "error");
    for (const host of [
      "[",
      "[::1",
      "a b",
      "evil.example/path",
      "user@evil.example",
      "evil.example:port",
      "%zz",
      "a..b",
      ":80",
      "x".repeat(300),
    ]) {
      const response = await server.raw({ path: "/", headers: { host, accept: "text/html" } });
      expect(response.status, host).toBe(400);
      expect(response.body).toBe("Bad Request");
      expect(response.body).not.toMatch(/at \w|<pre>/);
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it("serves ordinary hosts: names, ports, IPv4 and IPv6 literals, container names", async () => {
    for (const host of [
      "localhost",
      "playahub.cr:443",
      "127.0.0.1:3000",
      "[::1]:3000",
      "playa_app_1:3000",
      "PLAYAHUB.CR.",
    ]) {
      const response = await server.raw({ path: "/healthz", headers: { host } });
      expect(response.status, host).toBe(200);
    }
  });
});

describe("methods and writes nobody serves", () => {
  it("a method the app does not serve gets 405 with Allow, logged at info", async () => {
    const errors = vi.spyOn(logger, "error");
    const infos = vi.spyOn(logger, "info");
    for (const method of ["PROPFIND", "MKCOL", "LOCK", "PURGE", "SEARCH"]) {
      const response = await server.raw({ method, path: "/directory" });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBeDefined();
    }
    expect(errors).not.toHaveBeenCalled();
    expect(infos).toHaveBeenCalled();
  });

  it("a POST to a page without an action gets 405, not an error in the log", async () => {
    const errors = vi.spyOn(logger, "error");
    for (const path of ["/about", "/es/about", "/privacy", "/about.data", "/sitemap.xml", "/robots.txt"]) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const response = await server.request(path, {
          method,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "a=1",
        });
        await response.arrayBuffer();
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("allow")).toBe("GET, HEAD");
      }
    }
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("cross-site writes without Origin", () => {
  it("a page action refuses a POST the browser marks Sec-Fetch-Site: cross-site, and keeps same-site ones", async () => {
    const user = await createSignedInUser();
    const post = (headers: Record<string, string>) =>
      server.request("/dashboard/settings", {
        method: "POST",
        headers: { cookie: user.cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "intent=profile&firstName=Mallory&lastName=Evil",
      });
    const forged = await post({ "sec-fetch-site": "cross-site" });
    await forged.arrayBuffer();
    expect(forged.status).toBe(403);
    for (const site of ["same-origin", "none"]) {
      const own = await post({ "sec-fetch-site": site });
      await own.arrayBuffer();
      expect(own.status, site).not.toBe(403);
    }
  });
});
