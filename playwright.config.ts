import { existsSync } from "node:fs";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import { e2eVapidKeys } from "./tests/e2e/support/vapid";
import { visualNow } from "./tests/e2e/support/visual";

const port = Number(process.env.E2E_PORT ?? 3210);
const visualPort = port + 10;
// Each project has its own server; a run limited to one project (`--project=desktop`) starts
// only that one, since a server start is a cold build read and seed on a 2-core machine.
function selectedProjects(argv: string[]): Set<string> | null {
  const names: string[] = [];
  argv.forEach((arg, i) => {
    if (arg.startsWith("--project=")) names.push(arg.slice("--project=".length));
    else if (arg === "--project" && argv[i + 1]) names.push(argv[i + 1]);
  });
  return names.length ? new Set(names) : null;
}
const projects = selectedProjects(process.argv);
const wants = (name: string) => !projects || projects.has(name);
type WebServer = Extract<NonNullable<PlaywrightTestConfig["webServer"]>, unknown[]>[number];

// Debian's headless shell (package chromium-headless-shell) when it is installed: the browser
// without its window, tab strip and profile services, which took a third of the browser tests'
// CPU on two cores. The full browser otherwise; the screenshots match in both.
const headlessShell = "/usr/lib/chromium/chromium-headless-shell";
const chromiumPath = existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium";

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const desktopServer: WebServer = {
  command: "node scripts/e2e-server.mjs",
  url: `http://127.0.0.1:${port}/readyz`,
  reuseExistingServer: !process.env.CI,
  timeout: 120_000,
  // With a PostgreSQL server at hand (CI), the browser tests run against a database of their own on
  // it, as production does; the visual project's server keeps the embedded default in the browser.
  // Billing's browser test starts a fake Stripe API on port + 5 (tests/factories/fake-stripe.ts).
  env: {
    PORT: String(port),
    E2E_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "",
    STRIPE_SECRET_KEY: "sk_test_e2e",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e",
    STRIPE_API_BASE: `http://127.0.0.1:${port + 5}`,
    // And an ONVO Pay stand-in on port + 6 (tests/factories/fake-onvo.ts, billing-onvo.spec.ts).
    ONVO_SECRET_KEY: "onvo_test_secret_key_e2e",
    ONVO_WEBHOOK_SECRET: "webhook_secret_e2e",
    ONVO_API_BASE: `http://127.0.0.1:${port + 6}`,
    // Plans paid by SINPE Móvil (billing-sinpe.spec.ts) show the site's number.
    SINPE_MOVIL_NUMBER: "8888-7777",
    // Alerts by Web Push (alerts-push.spec.ts): a key pair for the tests only, and the spec's push
    // service on port + 7 (tests/support/test-push-service.ts) as the one subscriptions may name.
    VAPID_PUBLIC_KEY: e2eVapidKeys.publicKey,
    VAPID_PRIVATE_KEY: e2eVapidKeys.privateKey,
    VAPID_SUBJECT: "mailto:alerts@playahub.test",
    WEB_PUSH_EXTRA_ORIGINS: `http://127.0.0.1:${port + 7}`,
  },
  stdout: "ignore",
  stderr: "pipe",
};
const visualServer: WebServer = {
  command: "node scripts/e2e-server.mjs",
  url: `http://127.0.0.1:${visualPort}/readyz`,
  reuseExistingServer: !process.env.CI,
  timeout: 120_000,
  env: {
    PORT: String(visualPort),
    E2E_DATA_DIR: ".e2e-data-visual",
    FIXED_NOW: visualNow,
    NODE_OPTIONS: "--import ./tests/e2e/support/fixed-clock.mjs",
  },
  stdout: "ignore",
  stderr: "pipe",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Sign-up and password hashing are slow on a loaded 2-core CI machine; tests assert behaviour, not speed.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    // Every new context would install the service worker, which fetches and stores a dozen pages
    // with their data and assets in the background while the test runs. Only the specs about
    // offline use, push and the worker itself allow it (test.use({ serviceWorkers: "allow" })).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "desktop",
      testIgnore: /visual\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      // Screenshots compared with committed baselines, against a server of their own whose data
      // no other test changes and whose clock is fixed (tests/e2e/support/fixed-clock.mjs).
      name: "visual",
      testMatch: /visual\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://127.0.0.1:${visualPort}` },
      // Full-page captures of long pages take a while on a loaded 2-core machine.
      expect: {
        toHaveScreenshot: { maxDiffPixelRatio: 0.002, animations: "disabled", caret: "hide", timeout: 30_000 },
      },
    },
  ],
  snapshotPathTemplate: "{testDir}/__screenshots__/{testFilePath}/{arg}{ext}",
  webServer: [...(wants("desktop") ? [desktopServer] : []), ...(wants("visual") ? [visualServer] : [])],
});
