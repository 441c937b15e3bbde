import { describe, expect, it } from "vitest";
import { startTestServer } from "./support/server";

const server = startTestServer();

describe("security headers on every kind of response", () => {
  it.each(["/", "/es", "/directory", "/auth", "/no-such-page", "/robots.txt", "/healthz"])("%s", async (path) => {
    const response = await server.request(path, { headers: { accept: "text/html" } });
    await response.arrayBuffer();
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("x-powered-by")).toBeNull();
    if (path === "/healthz") return; // answered before the security middleware, JSON only
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).not.toContain("unsafe-inline' 'nonce"); // no inline scripts outside development
  });
});
