import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveReview } from "#app/features/directory/reviews.server";
import { applyPageCaching } from "#app/lib/cache-control.server";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { combineRoutePolicies, responseCacheStats } from "#app/lib/response-cache/cache.server";
import { bumpContentVersion, refreshContentVersions } from "#app/lib/response-cache/versions.server";
import { businesses } from "#app/platform/listings/schema";
import { responseCache } from "#root/server/response-cache";
import { nonceMiddleware, securityHeaders } from "#root/server/security";
import { createTestUser } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";

// The response cache in front of a small page handler that reads the database like a route does:
// what is cached, what is not, and that a write changes the page through the content versions.

let slug = "";
let renders = 0;
let gate: Promise<void> | null = null;
let server: Server;
let base = "";

async function page(request: Request, context: AppLoadContext): Promise<Response> {
  renders += 1;
  if (gate) await gate;
  const url = new URL(request.url);
  const [row] = await getDb()
    .select({ name: businesses.name, reviewCount: businesses.reviewCount })
    .from(businesses)
    .where(eq(businesses.slug, slug));
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  if (url.pathname === "/sets-cookie") headers.append("Set-Cookie", `visit=${renders}; Path=/`);
  if (context.cachePolicy)
    Object.assign(context.cachePolicy, combineRoutePolicies([{ kinds: ["businesses", "reviews"] }]));
  applyPageCaching(request, url.pathname === "/missing" ? 404 : 200, headers);
  const body = [
    "<!doctype html><title>t</title>",
    `<h1>${row.name}</h1><p id="count">${row.reviewCount} reviews</p><p id="render">${renders}</p>`,
    `<p>${request.headers.get("cookie") ? "cookie reached the render" : "no cookie"}</p>`,
    // Content that smuggled a script in: it has no nonce, so it must not earn a hash.
    "<script>window.injected = true</script>",
    `<script nonce="${context.cspNonce}">window.legit = true</script>`,
  ].join("");
  return new Response(body, { status: url.pathname === "/missing" ? 404 : 200, headers });
}

beforeAll(async () => {
  clearRateLimitersForTests();
  slug = (await createBusiness({ name: "Taquería Cached" })).slug;
  const app = express();
  app.use(nonceMiddleware);
  app.use(securityHeaders({ development: false }));
  const getLoadContext = (_req: express.Request, res: express.Response) => ({
    cspNonce: res.locals.cspNonce as string,
  });
  app.use(responseCache({ handler: page, getLoadContext, maxBytes: 8 * 1024 * 1024 }));
  // What the real app does after the cache: render the request as it is, streaming.
  app.use(async (req, res) => {
    const response = await page(
      new Request(`http://local${req.originalUrl}`, { headers: { cookie: req.get("cookie") ?? "" } }),
      getLoadContext(req, res),
    );
    res.status(response.status);
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(await response.text());
  });
  await refreshContentVersions();
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  gate = null;
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

describe("response cache", () => {
  it("serves the second anonymous request from the cache, with an ETag that answers 304", async () => {
    const first = await get("/a");
    expect(first.headers.get("x-cache")).toBe("MISS");
    const rendersAfterFirst = renders;
    const second = await get("/a");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    expect(renders).toBe(rendersAfterFirst);
    const etag = second.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const revalidated = await get("/a", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    const head = await fetch(`${base}/a`, { method: "HEAD" });
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(head.headers.get("cache-control")).toContain("public");
    expect(head.headers.get("vary") ?? "").not.toContain("Cookie");
    expect(responseCacheStats().hits).toBeGreaterThanOrEqual(2);
  });

  it("changes a cached page after the write that changes it", async () => {
    await get("/b");
    const cached = await (await get("/b")).text();
    const countBefore = cached.match(/(\d+) reviews/)?.[1];
    const reviewer = await createTestUser();
    const [business] = await getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.slug, slug));
    await saveReview({
      businessId: business.id,
      actor: { id: reviewer.id, role: "user" } as never,
      rating: 4,
      body: "Good tacos, friendly people.",
      language: "en",
    });
    // Until the versions are read again the copy stands; the poller (every second) or a write in
    // this process (after its response) reads them.
    await refreshContentVersions();
    const after = await get("/b");
    expect(after.headers.get("x-cache")).toBe("MISS");
    const countAfter = (await after.text()).match(/(\d+) reviews/)?.[1];
    expect(Number(countAfter)).toBe(Number(countBefore) + 1);
  });

  it("does not expire a page for a write to content it does not show", async () => {
    await get("/c");
    await getDb().transaction((tx) => bumpContentVersion(tx, "guides"));
    await refreshContentVersions();
    expect((await get("/c")).headers.get("x-cache")).toBe("HIT");
  });

  it("never answers a signed-in request from the anonymous cache, nor caches it", async () => {
    await get("/d");
    expect((await get("/d")).headers.get("x-cache")).toBe("HIT");
    const rendersBefore = renders;
    const signedIn = await get("/d", { cookie: "playa.session_token=abc.def" });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    expect(await signedIn.text()).toContain("cookie reached the render");
    expect(renders).toBe(rendersBefore + 1);
    const anonymous = await get("/d");
    expect(anonymous.headers.get("x-cache")).toBe("HIT");
    expect(await anonymous.text()).toContain("no cookie");
  });

  it("never caches a private area however its path is spelled (case, percent-escapes, doubled slashes)", async () => {
    for (const path of [
      "/auth",
      "/AUTH",
      "/Auth/forgot-password",
      "/ES/DASHBOARD",
      "/es/Admin/users",
      "/%61uth",
      "//admin/x",
      "/API/v1/x",
      "/Dashboard.data",
      "/es/auth.data",
    ]) {
      await get(path);
      const second = await get(path);
      expect(second.headers.get("x-cache"), path).toBeNull();
    }
  });

  it("renders a page for a visitor with a toast waiting (flash cookie) with their cookies, never cached nor stored", async () => {
    await get("/flash");
    expect((await get("/flash")).headers.get("x-cache")).toBe("HIT");
    const rendersBefore = renders;
    const withFlash = await get("/flash", { cookie: "playa.flash=eyJ0b2FzdHMiOltdfQ%3D%3D.sig" });
    expect(withFlash.headers.get("x-cache")).toBeNull();
    expect(withFlash.headers.get("cache-control")).toBe("private, no-store");
    expect(await withFlash.text()).toContain("cookie reached the render");
    expect(renders).toBe(rendersBefore + 1);
    // The shared copy was neither replaced nor shown the visitor's cookie.
    const anonymous = await get("/flash");
    expect(anonymous.headers.get("x-cache")).toBe("HIT");
    expect(await anonymous.text()).toContain("no cookie");
  });

  it("never caches a response that sets a cookie, nor an error page", async () => {
    for (const path of ["/sets-cookie", "/missing"]) {
      const first = await get(path);
      const second = await get(path);
      expect(second.headers.get("x-cache")).toBe("BYPASS");
      expect(await second.text()).not.toBe(await first.text()); // rendered again
    }
    const cookie = await get("/sets-cookie");
    expect(cookie.headers.get("set-cookie")).toMatch(/^visit=\d+/);
  });

  it("allows the page's own scripts by hash and not a script that came in with content", async () => {
    await get("/e");
    const cached = await get("/e");
    const policy = cached.headers.get("content-security-policy") ?? "";
    const body = await cached.text();
    const scriptSrc = policy.split(";").find((directive) => directive.startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("'nonce-");
    expect(scriptSrc).not.toContain("unsafe-inline");
    const { createHash } = await import("node:crypto");
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(scriptSrc).toContain(hash("window.legit = true"));
    expect(scriptSrc).not.toContain(hash("window.injected = true"));
    expect(body).not.toContain("nonce=");
  });

  it("renders a cold page once however many ask at the same time, and serves a stale copy while refreshing", async () => {
    let open: () => void = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const rendersBefore = renders;
    const waiting = Array.from({ length: 8 }, () => get("/f"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    open();
    const responses = await Promise.all(waiting);
    expect(renders).toBe(rendersBefore + 1);
    const bodies = await Promise.all(responses.map((response) => response.text()));
    expect(new Set(bodies).size).toBe(1);

    // A write makes it stale: the request that notices renders, the others get the stale copy.
    await getDb().transaction((tx) => bumpContentVersion(tx, "businesses"));
    await refreshContentVersions();
    gate = new Promise((resolve) => (open = resolve));
    const refreshing = get("/f");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const meanwhile = await get("/f");
    expect(meanwhile.headers.get("x-cache")).toBe("STALE");
    open();
    expect((await refreshing).headers.get("x-cache")).toBe("MISS");
    expect((await get("/f")).headers.get("x-cache")).toBe("HIT");
  });
});
