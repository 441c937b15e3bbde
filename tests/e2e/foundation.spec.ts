import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { hydrate } from "./support/hydrate";

async function collectNavHrefs(page: Page) {
  return page.evaluate(() => {
    const anchors = [...document.querySelectorAll("header a[href], footer a[href]")] as HTMLAnchorElement[];
    return [...new Set(anchors.map((a) => a.getAttribute("href") ?? ""))].filter((href) => href.startsWith("/"));
  });
}

test.describe("languages", () => {
  test("[VISITOR] English at /, Spanish at /es, with lang, dir, canonical and hreflang", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await expect(page.locator('link[hreflang="es"]')).toHaveAttribute("href", /\/es$/);
    await page.goto("/es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/es$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Todo lo local");
  });

  test("[VISITOR] the switcher keeps the page, saves the choice, and the choice wins later", async ({
    page,
    context,
  }) => {
    await page.goto("/offline");
    await page.getByRole("link", { name: "Español" }).first().click();
    await expect(page).toHaveURL(/\/es\/offline$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "i18nextLng")?.value).toBe("es");
    // The page copies the saved choice into localStorage when it hydrates, however early the link
    // was followed (cached pages load their scripts after the first paint).
    await expect.poll(() => page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("es");
    // The saved choice now sends an English address to its Spanish twin…
    await page.goto("/");
    await expect(page).toHaveURL(/\/es$/);
    // …until the visitor switches back.
    await page.getByRole("link", { name: "English" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("[VISITOR] a Spanish browser with nothing saved gets Spanish; es-MX falls back to es", async ({ request }) => {
    for (const acceptLanguage of ["es-CR,es;q=0.9", "es-MX"]) {
      const response = await request.get("/", {
        headers: { accept: "text/html", "accept-language": acceptLanguage },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe("/es");
    }
    const english = await request.get("/", {
      headers: { accept: "text/html", "accept-language": "fr-FR" },
      maxRedirects: 0,
    });
    expect(english.status()).toBe(200);
  });
});

test.describe("layout", () => {
  test("[VISITOR] every header and footer link answers 200 in both languages", async ({ page, request }) => {
    for (const start of ["/", "/es"]) {
      await page.goto(start);
      const hrefs = await collectNavHrefs(page);
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) {
        const response = await request.get(href, { headers: { accept: "text/html" } });
        expect(response.status(), `${start} → ${href}`).toBe(200);
      }
    }
  });

  test("[VISITOR] the mobile menu at 375 px collapses and holds the same items", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto("/");
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeVisible();
    const panel = menu.locator("> div");
    await expect(panel).toBeHidden();
    await menu.locator("summary").click();
    await expect(panel).toBeVisible();
    // Everything the desktop header links to (but the logo) is in the mobile menu, in the same order.
    const items = await page.evaluate(() => {
      const menu = document.querySelector('[data-testid="mobile-menu"]');
      const all = [...document.querySelectorAll("header a[href]")] as HTMLAnchorElement[];
      // The desktop language switcher shows codes and keeps the name for screen readers.
      const name = (a: HTMLAnchorElement) => (a.querySelector(".sr-only") ?? a).textContent?.trim();
      const label = (a: HTMLAnchorElement) => `${name(a)} ${a.getAttribute("href")}`;
      return {
        desktop: all.filter((a) => !menu?.contains(a) && !a.querySelector("img")).map(label),
        mobile: all.filter((a) => menu?.contains(a)).map(label),
      };
    });
    expect(items.desktop.length).toBeGreaterThan(0);
    expect(items.mobile).toEqual(items.desktop);
    await expect(panel.getByRole("link", { name: "Español" })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await context.close();
  });

  test("[VISITOR] the desktop header keeps every item on one line in both languages, and tablets get the menu", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    for (const path of ["/", "/es"]) {
      await page.goto(path);
      await expect(page.getByTestId("mobile-menu")).toBeHidden();
      // A label that wraps doubles its height; one that does not fit runs past the screen's edge.
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll("header a, header button")]
          .filter((element) => (element as HTMLElement).offsetParent !== null)
          .map((element) => {
            const box = element.getBoundingClientRect();
            return { label: element.textContent?.trim(), height: box.height, right: box.right };
          }),
      );
      expect(boxes.length).toBeGreaterThan(5);
      for (const box of boxes) {
        expect(box.height, `${path}: ${box.label}`).toBeLessThanOrEqual(44);
        expect(box.right, `${path}: ${box.label}`).toBeLessThanOrEqual(1280);
      }
    }
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/es");
    await expect(page.getByTestId("mobile-menu")).toBeVisible();
    await context.close();
  });

  test("[VISITOR] a navigation scrolls to the top instantly", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 400 } });
    const page = await context.newPage();
    await page.goto("/offline");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.locator("footer").getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  test("[VISITOR] a loading indicator shows while a navigation is pending", async ({ page }) => {
    await page.goto("/offline");
    await hydrate(page);
    await page.route("**/*.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator("footer").getByRole("link", { name: "Home" }).click();
    await expect(page.getByTestId("page-loading")).toBeVisible();
    await expect(page.getByTestId("page-loading")).toBeHidden({ timeout: 10_000 });
  });

  test("[VISITOR] the home page has no serious accessibility violations", async ({ page }) => {
    for (const path of ["/", "/es"]) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    }
  });
});

test.describe("errors and redirects", () => {
  test("[VISITOR] an unknown path is the not-found page with status 404, in both languages", async ({ page }) => {
    const english = await page.goto("/no-such-page-here");
    expect(english?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page).toHaveTitle("Page not found · Playa Hub");
    const spanish = await page.goto("/es/no-existe/para-nada");
    expect(spanish?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
    await expect(page).toHaveTitle("Página no encontrada · Playa Hub");
  });

  test("[VISITOR] old addresses redirect permanently, in both languages", async ({ request }) => {
    const cases: [string, string][] = [
      ["/basic/la-casita", "/business/la-casita"],
      ["/es/basic/la-casita", "/es/business/la-casita"],
      ["/forums", "/community"],
      ["/es/forums", "/es/community"],
      ["/forums/create", "/forums/new"],
      ["/es/forums/create", "/es/forums/new"],
    ];
    for (const [from, to] of cases) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
  });

  test("[VISITOR] the error boundary shows Something went wrong, and Try Again resets it", async ({
    page,
    allowConsoleErrors,
  }) => {
    // The page's loader fails on purpose: Chromium logs the 500 document as a failed resource.
    allowConsoleErrors(/status of 500/);
    const key = `k${Date.now()}${Math.random()}`;
    const response = await page.goto(`/_e2e/flaky?key=${key}`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("An unexpected error occurred");
    await page.getByRole("link", { name: "Try Again" }).click();
    await expect(page.getByTestId("flaky-ok")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeHidden();
  });
});

test.describe("offline and PWA", () => {
  // The service worker is what these test (the config blocks it elsewhere).
  test.use({ serviceWorkers: "allow" });
  test("[VISITOR] the offline indicator appears when the connection drops, in both languages, before and after hydration", async ({
    page,
    context,
    allowConsoleErrors,
  }) => {
    // The router fetches route manifests for links as they render; one still pending when the
    // connection drops (a slow machine makes that likely) fails, and the browser says so.
    allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    // A cached page that has not started its scripts: the notice comes with the page, and the
    // page's loader shows it (decision 012). A first view is stored and served the same way.
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    await context.setOffline(true);
    await expect(page.getByRole("status").filter({ hasText: "You're offline" })).toBeVisible();
    await expect(page.getByText("Some features may not be available")).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText("You're offline")).toBeHidden();
    expect(scripts).toEqual([]);
    // The same notice once the page has hydrated, in Spanish.
    await page.goto("/es");
    await hydrate(page);
    await context.setOffline(true);
    await expect(page.getByRole("status").filter({ hasText: "Está sin conexión" })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText("Está sin conexión")).toBeHidden();
  });

  test("[VISITOR] the service worker registers after load and serves the shell offline", async ({
    page,
    context,
    allowConsoleErrors,
  }) => {
    test.setTimeout(45_000);
    // Offline, the service worker's network attempt for an uncached page fails before it answers
    // with the offline shell; Chromium logs that failed fetch.
    allowConsoleErrors(/Failed to load resource: net::ERR_FAILED/);
    await page.goto("/");
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toMatch(/\/$/);
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).some((key) => key.startsWith("shell-"))), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 10_000 }).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/es/never-visited-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Está sin conexión");
    await context.setOffline(false);
  });

  test("[VISITOR] manifest, robots.txt and sitemap.xml", async ({ request }) => {
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest.theme_color).toBe("#1e40af");
    expect(manifest.icons.length).toBeGreaterThan(0);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/Sitemap: http:\/\/.+\/sitemap\.xml/);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toMatch(/<loc>http:\/\/[^<]+\/<\/loc>/);
    expect(xml).toMatch(/<loc>http:\/\/[^<]+\/es<\/loc>/);
    expect(xml).not.toContain("/offline<");
  });
});

test.describe("operations", () => {
  test("[OPS] health, readiness, security headers and the body limit", async ({ request }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect((await ready.json()).database).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
    // Anonymous pages come from the response cache: their inline scripts are allowed by hash.
    const home = await request.get("/");
    const homePolicy = home.headers()["content-security-policy"];
    expect(homePolicy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    const homeScripts = homePolicy.split(";").find((directive) => directive.trim().startsWith("script-src"));
    expect(homeScripts).not.toContain("unsafe-inline");
    // Pages that are never cached carry a fresh nonce per response.
    const auth = await request.get("/auth");
    const headers = auth.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const nonce = headers["content-security-policy"].match(/'nonce-([^']+)'/)?.[1];
    expect(await auth.text()).toContain(`nonce="${nonce}"`);
    const other = await request.get("/auth");
    expect(other.headers()["content-security-policy"]).not.toContain(nonce);
    // To a page that takes posts (one that takes none answers 405 before any body is read).
    const big = await request.post("/contact", {
      data: "x".repeat(2 * 1024 * 1024),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(big.status()).toBe(413);
    expect(
      (
        await request.post("/", { data: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } })
      ).status(),
    ).toBe(405);
  });
});
