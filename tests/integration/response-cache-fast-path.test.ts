import http, { type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyPageCaching } from "#app/lib/cache-control.server";
import { combineRoutePolicies } from "#app/lib/response-cache/cache.server";
import { refreshContentVersions } from "#app/lib/response-cache/versions.server";
import { fastPath, fastVariant } from "#root/server/fast-path";
import { languageMiddleware } from "#root/server/language";
import { responseCache } from "#root/server/response-cache";
import { hostCheck, nonceMiddleware, securityHeaders } from "#root/server/security";

// The response cache's fast path, in front of the middleware the real server runs before the cache
// (host check, nonce, security headers, language) and the compression the entry adds: for the
// same request it must send exactly what the full chain sends, and decline whatever the chain
// would answer differently.

let renders = 0;
let fastOn = true;
let fastServed = 0;
let server: Server;
let base = "";

async function page(request: Request, context: AppLoadContext): Promise<Response> {
  renders += 1;
  const url = new URL(request.url);
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  if (url.pathname === "/sets-cookie") headers.append("Set-Cookie", `visit=${renders}; Path=/`);
  if (context.cachePolicy) Object.assign(context.cachePolicy, combineRoutePolicies([{ kinds: ["businesses"] }]));
  applyPageCaching(request, 200, headers);
  const body = [
    `<!doctype html><html lang="${url.pathname.startsWith("/es") ? "es" : "en"}"><title>t</title>`,
    `<p>${request.headers.get("cookie") ? "cookie reached the render" : "no cookie"}</p>`,
    `<p>${"Pura vida en Playa Flamingo. ".repeat(200)}</p>`,
    `<script nonce="${context.cspNonce}">window.legit = true</script></html>`,
  ].join("");
  return new Response(body, { status: 200, headers });
}

beforeAll(async () => {
  const app = express();
  app.use(hostCheck);
  app.use(nonceMiddleware);
  app.use(securityHeaders({ development: false }));
  app.use(languageMiddleware);
  const getLoadContext = (_req: express.Request, res: express.Response) => ({
    cspNonce: res.locals.cspNonce as string,
  });
  const cache = responseCache({ handler: page, getLoadContext, maxBytes: 8 * 1024 * 1024, fastVariant });
  app.use(cache);
  app.use(async (req, res) => {
    const response = await page(
      new Request(`http://local${req.originalUrl}`, { headers: { cookie: req.get("cookie") ?? "" } }),
      getLoadContext(req, res),
    );
    res.status(response.status);
    response.headers.forEach((value, name) => {
      res.setHeader(name, value);
    });
    res.end(await response.text());
  });
  // As server/index.ts: compression in front, the app mounted behind it, the fast path before both.
  const outer = express();
  outer.use(compression());
  outer.use(app);
  const serveCached = fastPath({
    app,
    serveFast: (req, res, variant) => fastOn && cache.serveFast(req, res, variant),
    onServed: () => {
      fastServed += 1;
    },
  });
  await refreshContentVersions();
  server = http.createServer((req, res) => {
    if (!serveCached(req, res)) outer(req, res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The response as it came over the wire: headers as sent, body not decoded. */
function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

/** Headers that differ between two sends of the same copy whoever sends it. */
function comparable(headers: IncomingHttpHeaders) {
  const { date: _date, age: _age, "keep-alive": _keepAlive, connection: _connection, ...rest } = headers;
  return rest;
}

/** The same request answered by the full chain, then by the fast path. */
async function fullAndFast(path: string, headers: Record<string, string>, method = "GET") {
  fastOn = false;
  const full = await raw(path, headers, method);
  fastOn = true;
  const servedBefore = fastServed;
  const fast = await raw(path, headers, method);
  return { full, fast, tookFastPath: fastServed === servedBefore + 1 };
}

const browser = { accept: "text/html,application/xhtml+xml", "accept-language": "en-US,en;q=0.9" };

/** Requests `path` until its compressed copies exist (they are made after the first hit). */
async function warm(path: string, headers: Record<string, string>) {
  for (let i = 0; i < 50; i++) {
    const response = await raw(path, { ...headers, "accept-encoding": "br" });
    if (response.headers["x-cache"] === "HIT" && response.headers["content-encoding"] === "br") return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no compressed copy of ${path}`);
}

describe("response cache fast path", () => {
  it("sends what the full chain sends, for every encoding, GET and HEAD, page navigations or not", async () => {
    const requests: [string, Record<string, string>][] = [
      ["/fast/a", browser],
      ["/fast/b?q=tacos", browser],
      ["/es/fast/c", browser],
      ["/fast/d", { accept: "*/*" }],
    ];
    for (const [path, headers] of requests) {
      await warm(path, headers);
      for (const encoding of [undefined, "gzip", "br", "br, gzip", "gzip;q=0"]) {
        for (const method of ["GET", "HEAD"]) {
          const sent = encoding === undefined ? headers : { ...headers, "accept-encoding": encoding };
          const { full, fast, tookFastPath } = await fullAndFast(path, sent, method);
          expect(tookFastPath, `${method} ${path} ${encoding}`).toBe(true);
          expect(fast.status).toBe(200);
          expect(full.headers["x-cache"]).toBe("HIT");
          expect(comparable(fast.headers), `${method} ${path} ${encoding}`).toEqual(comparable(full.headers));
          expect(fast.body.equals(full.body)).toBe(true);
        }
      }
    }
  });

  it("keeps the security headers and allows the page's script by hash, with no nonce in the page", async () => {
    await warm("/fast/e", browser);
    const { full, fast, tookFastPath } = await fullAndFast("/fast/e", browser);
    expect(tookFastPath).toBe(true);
    const policy = String(fast.headers["content-security-policy"]);
    expect(policy).toBe(full.headers["content-security-policy"]);
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy).not.toContain("nonce");
    expect(fast.body.toString()).not.toContain("nonce=");
    expect(fast.headers["x-content-type-options"]).toBe("nosniff");
    expect(fast.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(fast.headers.vary).toBe("Accept-Language, Accept-Encoding");
  });

  it("answers a matching ETag with the same 304 as the full chain", async () => {
    await warm("/fast/f", browser);
    const etag = String((await raw("/fast/f", browser)).headers.etag);
    const { full, fast, tookFastPath } = await fullAndFast("/fast/f", { ...browser, "if-none-match": etag });
    expect(tookFastPath).toBe(true);
    expect(fast.status).toBe(304);
    expect(full.status).toBe(304);
    expect(comparable(fast.headers)).toEqual(comparable(full.headers));
    expect(fast.body.length).toBe(0);
  });

  it("never answers a signed-in request or one with a toast waiting from the anonymous copy", async () => {
    await warm("/fast/g", browser);
    for (const cookie of ["playa.session_token=abc", "__Secure-playa.session_token=abc", "playa.flash=xyz"]) {
      const servedBefore = fastServed;
      const response = await raw("/fast/g", { ...browser, cookie });
      expect(fastServed).toBe(servedBefore);
      expect(response.headers["x-cache"]).toBeUndefined();
      expect(response.body.toString()).toContain("cookie reached the render");
    }
  });

  it("leaves the language redirects to the chain", async () => {
    await warm("/fast/h", browser);
    const servedBefore = fastServed;
    const spanish = await raw("/fast/h", { ...browser, "accept-language": "es-CR,es;q=0.9" });
    expect(spanish.status).toBe(302);
    expect(spanish.headers.location).toBe("/es/fast/h");
    const chosen = await raw("/fast/h", { ...browser, cookie: "i18nextLng=es" });
    expect(chosen.status).toBe(302);
    const switcher = await raw("/fast/h?lng=es", browser);
    expect(switcher.status).toBe(302);
    expect(switcher.headers["set-cookie"]?.[0]).toContain("i18nextLng=es");
    expect(fastServed).toBe(servedBefore);
    // A visitor whose saved language is English is served the cached copy.
    const english = await raw("/fast/h", { ...browser, cookie: "i18nextLng=en; other=1" });
    expect(english.headers["x-cache"]).toBe("HIT");
    expect(fastServed).toBe(servedBefore + 1);
  });

  it("never stores nor replays a response that sets a cookie, and refuses a bad host as the chain does", async () => {
    for (let i = 0; i < 3; i++) {
      const servedBefore = fastServed;
      const response = await raw("/sets-cookie", browser);
      expect(fastServed).toBe(servedBefore);
      expect(response.headers["set-cookie"]).toBeDefined();
      expect(response.headers["x-cache"]).toBe("BYPASS");
    }
    await warm("/fast/i", browser);
    const badHost = await raw("/fast/i", { ...browser, host: "evil host" });
    expect(badHost.status).toBe(400);
  });
});
