import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";

// Advertising in the browser, against an instance of its own with an ad network configured (the
// shared test server has none, so no other spec meets a consent banner) and a local stand-in for
// the network's host: nothing reaches that host before the visitor allows it, refusing is one
// click, the ad spaces keep their size when filled (CLS 0), a failing script is reported and the
// page carries on, and a house ad an admin publishes is shown and its click counted.

const appPort = Number(process.env.E2E_PORT ?? 3210) + 180;
const adHostPort = appPort + 1;
const base = `http://127.0.0.1:${appPort}`;
const publisherId = "ca-pub-e2e-0001";

test.describe.configure({ mode: "serial" });

let app: ChildProcess;
let serverLog = "";
let dataDir: string;
let adHost: http.Server;
const adRequests: string[] = [];
let failScript = false;

// The stand-in network: its tag fills every <ins class="adsbygoogle"> it is given with an ad.
const tagScript = `
(function () {
  function fill() {
    document.querySelectorAll("ins.adsbygoogle:not([data-filled])").forEach(function (ins) {
      ins.setAttribute("data-filled", "");
      var ad = document.createElement("div");
      ad.textContent = "Partner ad for " + ins.getAttribute("data-ad-client");
      ad.setAttribute("data-testid", "partner-ad");
      ad.style.cssText = "width:100%;height:100%;background:#fde68a;display:flex;align-items:center;justify-content:center";
      ins.appendChild(ad);
    });
  }
  var queue = window.adsbygoogle || [];
  window.adsbygoogle = { push: fill };
  if (queue.length) fill();
})();`;

test.beforeAll(async () => {
  // A cold build read, migrations and the demo seed on a busy 2-core machine.
  test.setTimeout(180_000);
  adHost = http.createServer((req, res) => {
    adRequests.push(req.url ?? "");
    if (failScript) {
      res.writeHead(500).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/javascript", "access-control-allow-origin": "*" }).end(tagScript);
  });
  await new Promise<void>((resolve) => adHost.listen(adHostPort, "127.0.0.1", resolve));
  dataDir = mkdtempSync(path.join(tmpdir(), "playa-ads-"));
  app = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build-e2e"}/server/start.js`], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: process.env.BUILD_DIR ?? "build-e2e",
      PORT: String(appPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO_USERS: "1",
      RATE_LIMIT_IP_SCALE: "50",
      LOG_LEVEL: "warn",
      AD_NETWORK_SCRIPT_URL: `http://127.0.0.1:${adHostPort}/tag.js`,
      AD_PUBLISHER_ID: publisherId,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.stdout?.on("data", (chunk) => (serverLog += chunk));
  app.stderr?.on("data", (chunk) => (serverLog += chunk));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the ads test server did not start:\n${serverLog}`);
});

test.afterAll(async () => {
  app?.kill("SIGTERM");
  await new Promise((resolve) => adHost?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Layout shifts since the page started loading, as the browser measured them: each as its score
 * and the elements that moved, so a failure names them. None is CLS 0.
 */
async function layoutShifts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const shifts: string[] = [];
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node | null }[];
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            const moved = entry.sources.map((source) =>
              source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : String(source.node?.nodeName),
            );
            shifts.push(`${entry.value.toFixed(4)}: ${moved.join(" | ")}`);
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(shifts), 1500);
      }),
  );
}

async function grantConsent(context: BrowserContext) {
  await context.addCookies([{ name: "ad_consent", value: "granted", url: base }]);
}

test("the partner network waits for consent; refusing is as easy as allowing; the spaces keep their size", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  adRequests.length = 0;
  await page.goto("/directory");
  const banner = page.getByTestId("ad-consent");
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("heading", { name: "Ads on Playa Hub" })).toBeVisible();
  await expect(page.getByTestId("ad-slot").first()).toContainText("Advertise on Playa Hub");
  // Both choices are buttons of the same kind and size, side by side.
  const reject = banner.getByRole("button", { name: "No, thanks" });
  const accept = banner.getByRole("button", { name: "Allow partner ads" });
  const [r, a] = [await reject.boundingBox(), await accept.boundingBox()];
  expect(r && a && Math.abs(r.height - a.height) < 1 && Math.abs(r.width - a.width) < 2).toBe(true);
  expect(await reject.getAttribute("class")).toBe(await accept.getAttribute("class"));
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await page.waitForLoadState("networkidle");
  expect(adRequests).toEqual([]);

  await reject.click();
  await expect(banner).toBeHidden();
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("ad-consent")).toBeHidden();
  expect(adRequests).toEqual([]);

  // "Ad choices" in the footer asks again; allowing loads the network with the publisher id.
  await page.getByTestId("ad-choices").click();
  await page.getByTestId("ad-consent").getByRole("button", { name: "Allow partner ads" }).click();
  await expect(page.getByTestId("partner-ad").first()).toContainText(publisherId);
  expect(adRequests.some((url) => url.startsWith("/tag.js?") && url.includes(`client=${publisherId}`))).toBe(true);

  // A fresh load with consent given: the network fills the same box, and nothing moves.
  await page.goto("/");
  await expect(page.getByTestId("partner-ad").first()).toBeVisible();
  expect(await layoutShifts(page)).toEqual([]);
  const space = await page.getByTestId("ad-slot").first().boundingBox();
  expect(space?.height).toBe(128);
  await context.close();
});

test("no ads, banner or script on the dashboard, admin, sign-in and emergency pages, even with consent", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: base });
  await grantConsent(context);
  const page = await context.newPage();
  adRequests.length = 0;
  for (const path of ["/emergency", "/es/emergency", "/auth"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("ad-slot")).toHaveCount(0);
    await expect(page.getByTestId("ad-choices")).toHaveCount(0);
  }
  expect(adRequests).toEqual([]);
  await context.close();
});

test("in Spanish; a failing network script is reported as an ad load error and the page carries on", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto("/es/directory");
  const banner = page.getByTestId("ad-consent");
  await expect(banner.getByRole("heading", { name: "Anuncios en Playa Hub" })).toBeVisible();
  await expect(banner.getByRole("button", { name: "No, gracias" })).toBeVisible();
  failScript = true;
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const beacon = page.waitForRequest((request) => request.url().endsWith("/api/v1/ads/error"));
  await banner.getByRole("button", { name: "Permitir anuncios" }).click();
  await beacon;
  expect(errors.some((text) => text.includes("ad load error"))).toBe(true);
  await expect.poll(() => serverLog.includes("ad load error")).toBe(true);
  // The page is as it was: results, and the ad space still holds its own invitation.
  await expect(page.getByTestId("results")).toBeVisible();
  await expect(page.getByTestId("ad-slot").first()).toContainText("Anúnciese en Playa Hub");
  failScript = false;
  await context.close();
});

test("a house ad an admin publishes shows in each language and its click is counted", async ({ browser }) => {
  const admin = await browser.newContext({ baseURL: base });
  const made = await admin.request.post("/_e2e/users", {
    form: { payload: JSON.stringify({ roles: ["admin"], signIn: true }) },
    headers: { origin: base },
  });
  expect(made.status()).toBe(201);
  const page = await admin.newPage();
  await page.goto("/admin/ads");
  const form = page.getByTestId("new-house-ad");
  await form.getByLabel("Headline (English)").fill("Sunset sails from the marina");
  await form.getByLabel("Headline (Spanish)").fill("Paseos al atardecer desde la marina");
  await form.getByLabel("Text (English)").fill("Two hours on the water.");
  await form.getByLabel("Where the ad leads").fill("/beach-report");
  await form.getByRole("checkbox", { name: "Home page" }).check();
  await form.getByRole("button", { name: "Publish ad" }).click();
  await expect(page).toHaveURL(/\/admin\/ads\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("ad-previews")).toContainText("Paseos al atardecer");

  const visitor = await browser.newContext({ baseURL: base });
  await grantConsent(visitor);
  const home = await visitor.newPage();
  await home.goto("/es");
  const ad = home.getByTestId("house-ad");
  await expect(ad).toContainText("Paseos al atardecer desde la marina");
  expect(await layoutShifts(home)).toEqual([]);
  await ad.click();
  await expect(home).toHaveURL(/\/beach-report$/);

  // The admin sees the impression and the click (counts are written every two seconds).
  await expect
    .poll(
      async () => {
        await page.goto("/admin/ads");
        return page.getByTestId("ad-row").first().innerText();
      },
      { timeout: 15_000 },
    )
    .toMatch(/Clicks \(30 days\)\s*1/);
  await admin.close();
  await visitor.close();
});
