import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, test } from "@playwright/test";
import pg from "pg";
import { demoAccounts, signIn } from "./support/accounts";

// Two app instances on one PostgreSQL (and one Redis when there is one) behind a small
// round-robin proxy, as in production behind a load balancer: a write through either instance
// must reach the pages both of them serve from their caches.

const databaseUrl = process.env.TEST_DATABASE_URL;
const basePort = Number(process.env.E2E_PORT ?? 3210) + 160;
const ports = [basePort, basePort + 1];
const proxyPort = basePort + 2;

test.skip(!databaseUrl, "needs TEST_DATABASE_URL (a PostgreSQL server both instances share)");
test.describe.configure({ mode: "serial" });

let database: { url: string; drop: () => Promise<void> };
const children: ChildProcess[] = [];
const dataDirs: string[] = [];
let proxy: http.Server;

async function createDatabase(baseUrl: string) {
  const name = `ph_scale_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function startInstance(port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "playa-scale-"));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build-e2e"}/server/start.js`], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: process.env.BUILD_DIR ?? "build-e2e",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? "",
      SEED_DEMO_USERS: "1",
      RATE_LIMIT_IP_SCALE: "50",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk) => (output += chunk));
  children.push(child);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance on ${port} did not start:\n${output}`);
}

/** Round robin over the instances; says which one answered in X-Upstream. */
function startProxy() {
  let next = 0;
  proxy = http.createServer((req, res) => {
    const port = ports[next++ % ports.length];
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: `127.0.0.1:${proxyPort}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-upstream": String(port) });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  if (!databaseUrl) return;
  database = await createDatabase(databaseUrl);
  // One after the other: the first migrates and seeds, the second finds it done.
  await startInstance(ports[0]);
  await startInstance(ports[1]);
  await startProxy();
});

test.afterAll(async () => {
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(null)));
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(null);
          child.once("exit", resolve);
          child.kill("SIGTERM");
        }),
    ),
  );
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

const proxied = (pathname: string) => `http://127.0.0.1:${proxyPort}${pathname}`;

/** What each instance serves an anonymous visitor for `pathname` (through the proxy). */
async function pagesFromBoth(pathname: string) {
  const seen = new Map<string, { body: string; cache: string }>();
  for (let i = 0; i < 4; i++) {
    const response = await fetch(proxied(pathname), { headers: { accept: "text/html" } });
    seen.set(response.headers.get("x-upstream") ?? "?", {
      body: await response.text(),
      cache: response.headers.get("x-cache") ?? "",
    });
  }
  return seen;
}

async function writeReview(browser: Browser, instancePort: number, businessPath: string, text: string) {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${instancePort}` });
  const page = await context.newPage();
  try {
    await signIn(page, demoAccounts.user, { redirectTo: businessPath });
    const form = page.locator("form").filter({ has: page.locator('input[name="intent"][value="review"]') });
    await form.locator('input[name="rating"][value="4"]').check();
    await form.locator('textarea[name="body"]').fill(text);
    await form.locator('button[type="submit"]').click();
    await expect(page.getByText(text).first()).toBeVisible();
  } finally {
    await context.close();
  }
}

test("[OPS] two instances behind a proxy serve the same page after a write on either one", async ({ browser }) => {
  test.setTimeout(180_000);
  const directory = await (await fetch(proxied("/directory"), { headers: { accept: "text/html" } })).text();
  const businessPath = directory.match(/href="(\/business\/[a-z0-9-]+)"/)?.[1];
  expect(businessPath).toBeTruthy();
  const pathname = businessPath as string;

  // Both instances have the page cached.
  await pagesFromBoth(pathname);
  const warm = await pagesFromBoth(pathname);
  expect([...warm.keys()].sort()).toEqual(ports.map(String).sort());
  for (const { cache } of warm.values()) expect(cache).toMatch(/HIT|STALE/);

  for (const [round, port] of ports.entries()) {
    const text = `Round ${round + 1} on instance ${port}: ${randomBytes(4).toString("hex")} fine sunset drinks.`;
    await writeReview(browser, port, pathname, text);
    // The other instance learns of the write within its version poll (about a second).
    await expect
      .poll(async () => [...(await pagesFromBoth(pathname)).values()].every(({ body }) => body.includes(text)), {
        timeout: 10_000,
      })
      .toBe(true);
    // And from then on both keep serving it.
    for (const { body } of (await pagesFromBoth(pathname)).values()) expect(body).toContain(text);
  }
});
