import { describe, expect, it } from "vitest";
import { applyPageCaching, publicPageCacheControl, publicPageCdnCacheControl } from "./cache-control.server";

function run(init: { cookie?: string; method?: string; status?: number; headers?: HeadersInit }) {
  const request = new Request("http://h/directory", {
    method: init.method ?? "GET",
    headers: init.cookie ? { cookie: init.cookie } : {},
  });
  const headers = new Headers(init.headers);
  applyPageCaching(request, init.status ?? 200, headers);
  return headers;
}

describe("page caching", () => {
  it("lets a CDN keep anonymous pages briefly", () => {
    expect(run({}).get("Cache-Control")).toBe(publicPageCacheControl);
    expect(run({ cookie: "i18nextLng=es" }).get("Cache-Control")).toBe(publicPageCacheControl);
    // No Vary: Cookie on anonymous pages, or a CDN would keep one copy per visitor's cookies.
    expect(run({}).get("Vary") ?? "").not.toContain("Cookie");
    expect(run({ method: "HEAD" }).get("Cache-Control")).toBe(publicPageCacheControl);
  });

  it("gives the background refresh to the edge only, so a browser never shows a signed-out copy after sign-in", () => {
    const headers = run({});
    // A browser's cache does not tell signed-out from signed-in copies; it must ask every time.
    expect(headers.get("Cache-Control")).toContain("max-age=0");
    expect(headers.get("Cache-Control")).not.toContain("stale-while-revalidate");
    expect(headers.get("CDN-Cache-Control")).toBe(publicPageCdnCacheControl);
    expect(publicPageCdnCacheControl).toContain("stale-while-revalidate");
    expect(run({ cookie: "playa.session_token=abc" }).get("CDN-Cache-Control")).toBeNull();
  });

  it("keeps signed-in pages, errors, posts and cookie-setting responses private", () => {
    expect(run({ cookie: "a=1; playa.session_token=abc.def" }).get("Cache-Control")).toBe("private, no-cache");
    expect(run({ cookie: "__Secure-playa.session_token=abc" }).get("Cache-Control")).toBe("private, no-cache");
    expect(run({ cookie: "playa.session_token=abc" }).get("Vary")).toContain("Cookie");
    expect(run({ status: 404 }).get("Cache-Control")).toBe("private, no-cache");
    expect(run({ method: "POST" }).get("Cache-Control")).toBe("private, no-cache");
    expect(run({ headers: { "Set-Cookie": "x=1" } }).get("Cache-Control")).toBe("private, no-cache");
  });

  it("respects a route's own Cache-Control", () => {
    expect(run({ headers: { "Cache-Control": "no-store" } }).get("Cache-Control")).toBe("no-store");
  });
});
