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
    // Inline scripts only by a per-response nonce, or by hash on a cached page (decision 004).
    const scriptSrc = csp.split(";").find((directive) => directive.startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/^script-src 'self'( 'nonce-[A-Za-z0-9+/=]{20,}'| 'sha256-[A-Za-z0-9+/=]{44}')+$/);
    expect(scriptSrc).not.toContain("unsafe-inline"); // no inline scripts outside development
  });
});
