import { describe, expect, it } from "vitest";
import { startTestServer } from "./support/server";

const server = startTestServer();

describe("/metrics", () => {
  it("serves Prometheus text to this machine, labelled by route pattern, never by raw URL", async () => {
    // The guide is asked for twice: the second answer comes from the response cache.
    for (const path of ["/business/some-slug-a", "/business/some-slug-b", "/areas/x%00y", "/guide", "/guide"]) {
      const response = await server.request(path, { headers: { accept: "text/html" } });
      await response.arrayBuffer();
    }
    const response = await server.request("/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toMatch(/# TYPE http_requests_total counter/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/business\/:slug",status="404"\} 2/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.5",method="GET",route="\/business\/:slug"\}/);
    expect(text).not.toContain("some-slug-a");
    // The refused NUL request is counted too, as a 400 on its pattern.
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/areas\/:area",status="400"\} 1/);
    expect(text).toMatch(/db_pool_connections\{state="total",kind="(pglite|postgres)"\}/);
    expect(text).toMatch(/outbox_emails\{status="pending"\}/);
    expect(Number(text.match(/response_cache_lookups_total\{result="hit"\} (\d+)/)?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/response_cache_bytes\{kind="limit"\} [1-9]/);
    expect(text).toMatch(/http_server_errors_total/);
  });

  it("refuses a request a proxy forwarded, even from loopback", async () => {
    const proxied: Record<string, string>[] = [{ "x-forwarded-for": "203.0.113.9" }, { forwarded: "for=203.0.113.9" }];
    for (const header of proxied) {
      const response = await server.request("/metrics", { headers: header });
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain("http_requests_total");
    }
  });
});
