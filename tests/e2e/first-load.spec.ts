import { readFileSync } from "node:fs";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { hydrate } from "./support/hydrate";

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
  // The stroke style comes from the stylesheet's .icon rule, not from attributes on every icon.
  const style = await icons.first().evaluate((icon) => {
    const computed = getComputedStyle(icon);
    return { fill: computed.fill, strokeWidth: computed.strokeWidth, attribute: icon.getAttribute("stroke") };
  });
  expect(style).toEqual({ fill: "none", strokeWidth: "2px", attribute: null });
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
  await hydrate(page);
  await page.waitForLoadState("networkidle");
  const home = JSON.parse((await page.locator("script#translations").textContent()) ?? "{}");
  expect(home.complete).toEqual(["common"]);
  await page.locator('header a[href="/es/directory"]').first().click();
  await expect(page).toHaveURL(/\/es\/directory$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(dictionary("es", "directory").page.heading);
  await expect(page.getByRole("main")).not.toContainText("filters.");
});

test("[VISITOR] once the scripts run, a site link navigates within the page's document; a modified click and Back behave as links do", async ({
  page,
  context,
}) => {
  await page.goto("/es/directory");
  await hydrate(page);
  // A marker on window survives only if no new document was loaded.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const link = page.locator('footer a[href="/es/beach-report"]').first();
  await expect(link).toHaveAttribute("data-discover", "true");
  await link.click();
  await expect(page).toHaveURL(/\/es\/beach-report$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/es\/directory$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(dictionary("es", "directory").page.heading);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Control-click is the browser's: a new tab, and this page stays where it is.
  const opened = context.waitForEvent("page");
  await page.locator('footer a[href="/es/beach-report"]').first().click({ modifiers: ["Control"] });
  const tab = await opened;
  // A new tab starts at about:blank and only then goes to the link.
  await tab.waitForURL((url) => url.pathname === "/es/beach-report");
  await expect(page).toHaveURL(/\/es\/directory$/);
  await tab.close();
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
  await hydrate(page);
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

const assetScripts = (page: Page) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" && new URL(request.url()).pathname.startsWith("/assets/"))
      scripts.push(request.url());
  });
  return scripts;
};

test("[VISITOR] a cached page sends a reader no script; a key press starts the scripts and the page hydrates", async ({
  page,
  request,
}) => {
  await request.get("/es/directory");
  const cached = await request.get("/es/directory");
  expect(cached.headers()["x-cache"]).toMatch(/HIT|STALE/);
  // The scripts reach the browser switched off…
  const html = await cached.text();
  expect(html).not.toMatch(/<link\s[^>]*rel="modulepreload"/);
  expect(html).toContain('rel="deferred-modulepreload"');
  expect(html).toContain('type="text/deferred-module"');

  // …and stay off while the visitor reads and scrolls (decision 012)…
  const scripts = assetScripts(page);
  await page.goto("/es/directory");
  await page.waitForLoadState("networkidle");
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(300);
  expect(scripts).toEqual([]);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  // …until the visitor turns to something that needs them.
  await hydrate(page);
  expect(scripts.length).toBeGreaterThan(2);
});

test("[VISITOR] before the scripts run, a filter change still submits, and a contact link's click is still counted", async ({
  page,
}) => {
  const scripts = assetScripts(page);
  await page.goto("/directory");
  const form = page.locator('form[role="search"]');
  await form.locator("summary").click();
  await form.locator('select[name="category"]').selectOption({ index: 1 });
  await expect(page).toHaveURL(/[?&]category=/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // A premium listing shows its phone, whose tel: link is counted by a beacon (the map and chat
  // links are counted by the server as they redirect, scripts or not).
  await page.goto("/business/marina-sunset-grill");
  await page.waitForLoadState("networkidle");
  // Keeps the phone link from opening the dialler; the page's loader listens before this does.
  await page.evaluate(() => addEventListener("click", (event) => event.preventDefault()));
  const beacon = page.waitForRequest((sent) => /\/api\/v1\/businesses\/[^/]+\/events$/.test(sent.url()));
  await page.locator("a[data-track-kind=phone]").click();
  expect((await beacon).postData()).toBe("kind=phone");
  expect(scripts).toEqual([]);
});

test("[VISITOR] when the page's scripts cannot load, a click on the chat launcher follows its link to /chat", async ({
  page,
}) => {
  // The signal drops as the visitor presses: every script request fails.
  await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort("internetdisconnected"));
  await page.goto("/es");
  await page.getByTestId("concierge-launcher").click();
  await expect(page).toHaveURL(/\/es\/chat$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
