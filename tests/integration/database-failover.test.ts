import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "#tests/fixtures/app-server";
import { findPostgresBinaries, startThrowawayCluster, type ThrowawayCluster } from "#tests/fixtures/throwaway-postgres";

// The failure guarded against: terminating the app's PostgreSQL backends under load made Node exit on an unhandled pg
// 'error' event. Here the real server runs against a cluster this test owns; we kill its backends
// over and over, then crash and restart the whole cluster, while writers record every write the
// server acknowledged. The process must stay up, answer 503 (with Retry-After) while the database
// is away and 200 after, and every acknowledged write must be in the database at the end.

const bin = findPostgresBinaries();
const onPostgres = process.env.DB_KIND === "postgres";
const database = "playa_failover";

let cluster: ThrowawayCluster | undefined;
let app: AppServer | undefined;

async function adminQuery<T extends pg.QueryResultRow>(text: string, databaseName = "postgres") {
  const client = new pg.Client({ connectionString: cluster?.url(databaseName), connectionTimeoutMillis: 5_000 });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

beforeAll(async () => {
  if (!onPostgres || !bin) return;
  cluster = await startThrowawayCluster(bin);
  await adminQuery(`create database ${database}`);
  app = await startAppServer({
    env: {
      DATABASE_URL: cluster.url(database),
      // Each writer gets its own address, so the contact form's per-address limit is no factor.
      TRUST_PROXY: "loopback",
    },
  });
}, 240_000);

afterAll(async () => {
  await app?.stop();
  cluster?.destroy();
});

type Outcome = number | "network-error";

function histogram(outcomes: Outcome[]) {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[String(outcome)] = (counts[String(outcome)] ?? 0) + 1;
  return counts;
}

/** Writers post the contact form in a loop; a 302 (post/redirect/get) is an acknowledged write. */
function startLoad(server: AppServer) {
  let running = true;
  let next = 0;
  const acknowledged: string[] = [];
  const writes: Outcome[] = [];
  const reads: Outcome[] = [];
  async function write() {
    while (running) {
      next += 1;
      const subject = `failover-${next}`;
      const body = new URLSearchParams({
        name: "Load Tester",
        email: "load@example.test",
        subject,
        message: "Checking that this message survives a database failover.",
      });
      try {
        const response = await fetch(`${server.url}/contact`, {
          method: "POST",
          redirect: "manual",
          body,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`,
          },
        });
        await response.arrayBuffer();
        writes.push(response.status);
        if (response.status === 302 || response.status === 303) acknowledged.push(subject);
      } catch {
        writes.push("network-error");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
  async function read() {
    while (running) {
      try {
        const response = await fetch(`${server.url}/directory`, { headers: { accept: "text/html" } });
        await response.arrayBuffer();
        reads.push(response.status);
      } catch {
        reads.push("network-error");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
  const loops = [write(), write(), write(), read()];
  return {
    acknowledged,
    writes,
    reads,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("database failover (real PostgreSQL cluster owned by the test)", () => {
  it("stays up through killed backends and a crashed cluster, answers 503 meanwhile, and loses no acknowledged write", async (context) => {
    context.skip(!onPostgres, "runs in the integration-postgres project only");
    context.skip(!bin, "PostgreSQL server binaries (initdb, pg_ctl) are not installed");
    if (!cluster || !app) throw new Error("setup failed");
    const server = app;
    const load = startLoad(server);
    // The development server compiles a route on its first request: warm up before the chaos.
    await waitFor(async () => load.acknowledged.length >= 5 && load.reads.length >= 2, 120_000, "warm-up writes");

    // 1. Backends killed again and again while writes and reads run.
    const chaosUntil = Date.now() + 10_000;
    let terminated = 0;
    while (Date.now() < chaosUntil) {
      const rows = await adminQuery<{ ok: boolean }>(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`,
      );
      terminated += rows.filter((row) => row.ok).length;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(server.alive(), server.output()).toBe(true);
    expect(terminated).toBeGreaterThan(3);
    const beforeOutage = load.acknowledged.length;

    // 2. The whole cluster crashes: answers turn to 503 with Retry-After, and /readyz says so.
    cluster.stop("immediate");
    await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 503, 20_000, "/readyz to fail");
    const page = await fetch(`${server.url}/es/directory`, { headers: { accept: "text/html" } });
    const html = await page.text();
    expect(page.status).toBe(503);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(html).toContain("Volvemos en un momento");
    const api = await fetch(`${server.url}/api/v1/beach-report?beach=playa-flamingo`);
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBeTruthy();
    expect((await api.json()).error.code).toBe("database_unavailable");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(server.alive(), server.output()).toBe(true);

    // 3. The cluster comes back: the same process recovers without a restart.
    cluster.start();
    await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200, 30_000, "/readyz to recover");
    const acknowledgedBeforeRecovery = load.acknowledged.length;
    await waitFor(async () => load.acknowledged.length > acknowledgedBeforeRecovery + 3, 30_000, "writes after recovery");
    expect((await fetch(`${server.url}/directory`, { headers: { accept: "text/html" } })).status).toBe(200);
    await load.stop();
    expect(server.alive(), server.output()).toBe(true);

    // 4. Every acknowledged write is there.
    const stored = new Set(
      (
        await adminQuery<{ subject: string }>(
          `select subject from contact_messages where subject like 'failover-%'`,
          database,
        )
      ).map((row) => row.subject),
    );
    const lost = load.acknowledged.filter((subject) => !stored.has(subject));
    const summary = {
      terminatedBackends: terminated,
      acknowledged: load.acknowledged.length,
      acknowledgedBeforeOutage: beforeOutage,
      lost: lost.length,
      alive: server.alive(),
      writes: histogram(load.writes),
      reads: histogram(load.reads),
    };
    console.log(`failover summary: ${JSON.stringify(summary)}`);
    expect(lost).toEqual([]);
    expect(load.acknowledged.length).toBeGreaterThan(10);
    // A failure caused by the lost connection is a 503 (retry later), never a 500 or a reset.
    expect(load.writes.filter((status) => status !== 302 && status !== 303 && status !== 503)).toEqual([]);
    expect(load.reads.filter((status) => status !== 200 && status !== 503)).toEqual([]);
  }, 300_000);
});
