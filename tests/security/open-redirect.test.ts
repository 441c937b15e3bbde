import { beforeAll, describe, expect, it } from "vitest";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { createTestUser, signInCookie, testPassword } from "#tests/factories/accounts";
import { hostileRedirectTargets as hostile } from "./support/redirect-payloads";
import { startTestServer } from "./support/server";

// Open redirect after sign-in: redirectTo must end on this site whatever the URL parser, the
// browser or a proxy makes of it. "/.//evil.example" looked like a path but normalised to
// "//evil.example", which a browser reads as another host.

describe("safeRedirectPath: tricky inputs never leave the site", () => {
  it.each(hostile.map((input) => [JSON.stringify(input), input]))("%s", (_label, input) => {
    const result = safeRedirectPath(input, "/fallback");
    // Whatever comes back is a path on this site, read the way a browser would read it.
    const resolved = new URL(result, "http://our.site");
    expect(resolved.origin).toBe("http://our.site");
    expect(result.startsWith("/")).toBe(true);
    expect(result.startsWith("//")).toBe(false);
    expect(result.startsWith("/\\")).toBe(false);
    // Nor after one decoding, as a proxy or a client-side router might do.
    expect(decodeURIComponent(result)).not.toMatch(/^\/[/\\]/);
    expect(new URL(decodeURIComponent(result), "http://our.site").origin).toBe("http://our.site");
  });

  it("keeps real paths, with their query and hash, and normalises dot segments", () => {
    expect(safeRedirectPath("/dashboard/settings?tab=1#x", "/")).toBe("/dashboard/settings?tab=1#x");
    expect(safeRedirectPath("/es/dashboard", "/")).toBe("/es/dashboard");
    expect(safeRedirectPath("/business/caf%C3%A9-playa", "/")).toBe("/business/caf%C3%A9-playa");
    expect(safeRedirectPath("/a/../dashboard", "/")).toBe("/dashboard");
    expect(safeRedirectPath("/directory?q=//not-a-host", "/")).toBe("/directory?q=//not-a-host");
  });

  it("refuses what is not a string", () => {
    for (const bad of [42, undefined, null, {}, ["/dashboard"]])
      expect(safeRedirectPath(bad, "/fallback")).toBe("/fallback");
  });
});

describe("sign-in redirects over HTTP", () => {
  const server = startTestServer();
  let user: { email: string };
  let cookie: string;

  beforeAll(async () => {
    clearRateLimitersForTests();
    user = await createTestUser();
    cookie = await signInCookie(user.email);
  });

  function signIn(path: string, redirectTo: string) {
    return server.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin },
      body: new URLSearchParams({ intent: "sign-in", email: user.email, password: testPassword, redirectTo }),
    });
  }

  it.each(["/.//evil.example", "/%2E%2E//evil.example", "//evil.example", "/\\evil.example"])(
    "POST /auth with redirectTo=%s lands on the dashboard",
    async (redirectTo) => {
      const response = await signIn("/auth", redirectTo);
      await response.arrayBuffer();
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/dashboard");
    },
  );

  it("the same through the client-side navigation request (.data)", async () => {
    const response = await signIn("/auth.data", "/.//evil.example");
    const body = await response.text();
    expect(response.status).toBe(202);
    expect(response.headers.get("location")).toBeNull();
    expect(body).toContain("/dashboard");
    expect(body).not.toContain("evil.example");
  });

  it("a signed-in visitor opening /auth?redirectTo=… is sent on only within the site", async () => {
    for (const path of ["/auth?redirectTo=%2F.%2F%2Fevil.example", "/auth.data?redirectTo=%2F.%2F%2Fevil.example"]) {
      const response = await server.request(path, { headers: { cookie } });
      const body = await response.text();
      expect(`${response.headers.get("location")} ${body}`).not.toContain("evil.example");
    }
  });

  it("the pre-filled sign-in form carries only a safe redirectTo", async () => {
    const response = await server.request("/auth?redirectTo=%2F.%2F%2Fevil.example", {
      headers: { accept: "text/html" },
    });
    const html = await response.text();
    expect(response.status).toBe(200);
    // (The page's own links keep the query string; only the loader and action ever follow it.)
    expect(html).toMatch(/name="redirectTo" value=""/);
    expect(html).not.toMatch(/name="redirectTo" value="[^"]*evil/);
    const kept = await server.request("/auth?redirectTo=%2Fdashboard%2Fsettings", { headers: { accept: "text/html" } });
    expect(await kept.text()).toMatch(/name="redirectTo" value="\/dashboard\/settings"/);
  });
});
