import { readFileSync } from "node:fs";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";

// What a first visit ships: icons from one cached sprite (not inline paths), and the page's own
// translations embedded in the page, in both languages, with JavaScript on and off.

const dictionary = (language: string, namespace: string) =>
  JSON.parse(readFileSync(`app/locales/${language}/${namespace}.json`, "utf8"));

async function expectSpriteIcons(page: Page) {
  const icons = page.locator("svg.icon");
  expect(await icons.count()).toBeGreaterThan(3);
  // No icon repeats its paths inline; each points into the sprite.
  expect(await page.locator("svg.icon path").count()).toBe(0);
  const hrefs = await icons.locator("use").evaluateAll((uses) => uses.map((use) => use.getAttribute("href") ?? ""));
  const spriteUrl = hrefs[0].split("#")[0];
  expect(spriteUrl).toMatch(/^\/assets\/icons-[\w-]+\.svg$/);
  const response = await page.request.get(spriteUrl);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("immutable");
  const sprite = await response.text();
  for (const href of new Set(hrefs)) {
    expect(href.split("#")[0]).toBe(spriteUrl);
    expect(sprite, `sprite has ${href}`).toContain(`<symbol id="${href.split("#")[1]}"`);
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`first load with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    for (const language of ["en", "es"] as const) {
      test(`[VISITOR] the directory in ${language}: sprite icons, translated text, only its namespaces embedded`, async ({
        page,
      }) => {
        await page.goto(language === "es" ? "/es/directory" : "/directory");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          dictionary(language, "directory").page.heading,
        );
        await expectSpriteIcons(page);
        const embedded = JSON.parse((await page.locator("script#translations").textContent()) ?? "{}");
        expect(embedded.language).toBe(language);
        expect(embedded.complete).toEqual(["common", "directory"]);
        expect(embedded.dictionaries.accounts).toBeUndefined();
        expect(embedded.dictionaries.beach).toEqual({ nav: dictionary(language, "beach").nav });
        // The icon-only menu control keeps its accessible name (visible at phone width).
        await page.setViewportSize({ width: 375, height: 800 });
        await expect(page.getByText(dictionary(language, "common").layout.menu, { exact: true })).toBeAttached();
      });
    }
  });
}

test("[VISITOR] a client-side navigation fetches the next page's translations and renders it translated", async ({
  page,
}) => {
  await page.goto("/es");
  await page.waitForLoadState("networkidle");
  const home = JSON.parse((await page.locator("script#translations").textContent()) ?? "{}");
  expect(home.complete).toEqual(["common"]);
  await page.locator('header a[href="/es/directory"]').first().click();
  await expect(page).toHaveURL(/\/es\/directory$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(dictionary("es", "directory").page.heading);
  await expect(page.getByRole("main")).not.toContainText("filters.");
});

test("[VISITOR] scripts arrive in the build's Brotli or gzip copy, whichever the browser takes, and decode to the same file", async ({
  page,
  baseURL,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const entry = scripts.find((path) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(path));
  expect(entry).toBeDefined();

  const fetchRaw = (acceptEncoding: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${baseURL}${entry}`, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
          const parts: Buffer[] = [];
          response.on("data", (part: Buffer) => parts.push(part));
          response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(parts) }));
        })
        .on("error", reject);
    });
  const identity = await fetchRaw("identity");
  const brotli = await fetchRaw("gzip, deflate, br");
  const gzipped = await fetchRaw("gzip");

  expect(identity.headers["content-encoding"]).toBeUndefined();
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(gzipped.headers["content-encoding"]).toBe("gzip");
  for (const copy of [brotli, gzipped]) {
    expect(copy.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(copy.headers["cache-control"]).toContain("immutable");
    expect(copy.headers.vary).toMatch(/accept-encoding/i);
  }
  expect(brotliDecompressSync(brotli.body).equals(identity.body)).toBe(true);
  expect(gunzipSync(gzipped.body).equals(identity.body)).toBe(true);
  // Sent as the build wrote them (vite.config.ts), not compressed again per request.
  const built = `${process.env.BUILD_DIR ?? "build-e2e"}/client${entry}`;
  expect(brotli.body.equals(readFileSync(`${built}.br`))).toBe(true);
  expect(gzipped.body.equals(readFileSync(`${built}.gz`))).toBe(true);
  expect(Number(brotli.headers["content-length"])).toBe(brotli.body.length);
});

test("[VISITOR] a cached page paints before it asks for its scripts, then hydrates", async ({ page, request }) => {
  await request.get("/es/directory");
  const cached = await request.get("/es/directory");
  expect(cached.headers()["x-cache"]).toMatch(/HIT|STALE/);
  // The scripts reach the browser switched off…
  const html = await cached.text();
  expect(html).not.toMatch(/<link\s[^>]*rel="modulepreload"/);
  expect(html).toContain('rel="deferred-modulepreload"');
  expect(html).toContain('type="text/deferred-module"');

  await page.goto("/es/directory");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // …and are only asked for once the style sheet has arrived and the page has begun to paint (the
  // paint entry's own time is when the frame reached the screen, a frame or so later); then the
  // page hydrates as before.
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const path = (entry: PerformanceEntry) => new URL(entry.name).pathname;
    return {
      styleSheetArrived: Math.max(...resources.filter((e) => path(e).endsWith(".css")).map((e) => e.responseEnd)),
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      scripts: resources.filter((e) => /\/assets\/[^/]+\.js$/.test(path(e))).map((e) => e.startTime),
    };
  });
  expect(timing.scripts.length).toBeGreaterThan(2);
  expect(Math.min(...timing.scripts)).toBeGreaterThan(timing.styleSheetArrived);
  expect(Math.min(...timing.scripts)).toBeGreaterThan(timing.firstPaint - 50);
});
