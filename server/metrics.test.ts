import express, { type Request, type Response } from "express";
import { describe, expect, it } from "vitest";
import { metricsRegistry } from "#app/lib/metrics.server";
import { fastHitCounter, metricsEndpoint } from "./metrics";
import type { RouteTable } from "./route-table";

function call(options: {
  token?: string;
  authorization?: string;
  remote?: string;
  forwarded?: boolean;
  headers?: Record<string, string>;
  trustProxy?: string | number;
}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.authorization) headers.authorization = options.authorization;
  if (options.forwarded) headers["x-forwarded-for"] = "203.0.113.9";
  const app = express();
  if (options.trustProxy) app.set("trust proxy", options.trustProxy);
  const req = {
    app,
    get: (name: string) => headers[name.toLowerCase()],
    socket: { remoteAddress: options.remote ?? "127.0.0.1" },
  };
  const answer = { status: 200, body: "" };
  const res = {
    set: () => res,
    type: () => res,
    status(code: number) {
      answer.status = code;
      return res;
    },
    send(body: string) {
      answer.body = body;
      return res;
    },
  };
  return metricsEndpoint({ token: options.token })(req as unknown as Request, res as unknown as Response).then(
    () => answer,
  );
}

describe("metricsEndpoint access", () => {
  const token = "a-long-metrics-token-for-tests";

  it("without METRICS_TOKEN: loopback only, and not through a proxy", async () => {
    expect((await call({})).status).toBe(200);
    expect((await call({ remote: "::1" })).status).toBe(200);
    expect((await call({ remote: "203.0.113.9" })).status).toBe(403);
    expect((await call({ forwarded: true })).status).toBe(403);
  });

  it("behind a proxy TRUST_PROXY names, nothing is local, whatever headers the proxy sets or leaves out", async () => {
    for (const trustProxy of ["loopback", 1, "127.0.0.1"]) {
      expect((await call({ trustProxy })).status, String(trustProxy)).toBe(403);
      expect((await call({ trustProxy, headers: { "x-real-ip": "203.0.113.9" } })).status).toBe(403);
      if (trustProxy !== "127.0.0.1") expect((await call({ trustProxy, remote: "::1" })).status).toBe(403);
    }
    // A proxy elsewhere is trusted, but this loopback peer is not it: a local scrape.
    expect((await call({ trustProxy: "10.0.0.5" })).status).toBe(200);
    // Unconfigured proxies that announce themselves are refused too; headers never grant access.
    expect((await call({ headers: { "x-real-ip": "203.0.113.9" } })).status).toBe(403);
    expect(
      (
        await call({
          trustProxy: "loopback",
          token: "a-long-metrics-token-for-tests",
          authorization: "Bearer a-long-metrics-token-for-tests",
        })
      ).status,
    ).toBe(200);
  });

  it("with METRICS_TOKEN: the bearer token from anywhere, nothing without it", async () => {
    expect((await call({ token, authorization: `Bearer ${token}`, remote: "203.0.113.9" })).status).toBe(200);
    expect((await call({ token })).status).toBe(401);
    expect((await call({ token, authorization: `Bearer ${token}x` })).status).toBe(401);
    expect((await call({ token, authorization: token })).status).toBe(401);
  });
});

describe("fastHitCounter", () => {
  it("counts a fast hit in the same series as the full chain, by route pattern, never by raw URL", async () => {
    const table: RouteTable = {
      entries: [],
      match: (path) =>
        path.startsWith("/guide/")
          ? {
              id: "guide",
              pattern: "/guide/:slug",
              params: ["slug"],
              hasAction: false,
              hasLoader: true,
              acceptsUploads: false,
              acceptsJson: false,
            }
          : null,
    };
    const count = fastHitCounter(async () => table);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the route table resolves once
    const series = async (status: number) =>
      Number(
        (await metricsRegistry.metrics()).match(
          new RegExp(`http_requests_total\\{method="GET",route="/guide/:slug",status="${status}"\\} (\\d+)`),
        )?.[1] ?? 0,
      );
    const before = { ok: await series(200), notModified: await series(304) };
    for (const [path, status] of [
      ["/guide/tides", 200],
      ["/guide/buses", 200],
      ["/guide/tides", 304],
    ] as const)
      count({ method: "GET", path } as Request, { statusCode: status } as Response, process.hrtime.bigint());
    expect(await series(200)).toBe(before.ok + 2);
    expect(await series(304)).toBe(before.notModified + 1);
    const text = await metricsRegistry.metrics();
    expect(text).not.toContain("/guide/tides");
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/guide\/:slug"\} [1-9]/);
  });
});
