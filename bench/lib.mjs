// Shared by the bench scripts: start the production build on a throwaway embedded database, or on
// BENCH_DATABASE_URL (a PostgreSQL database you created for the run) when set.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { allocatorEnv, heapFlags } from "../scripts/heap.mjs";

export const buildDir = process.env.BUILD_DIR ?? "build";
// /proc/<pid>/stat counts CPU time in clock ticks (USER_HZ, 100 on Linux unless getconf says otherwise).
const clockTicks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

export function ensureBuild(appDir = ".") {
  if (!existsSync(path.join(appDir, buildDir, "server/index.js"))) {
    const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", cwd: appDir });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

/**
 * Starts the built server of the checkout in `appDir` (default: this one): the compiled Node entry
 * `build/server/start.js`. A build from before that existed is started through the TypeScript
 * loader, so an old commit can be measured with today's scripts.
 */
export async function startAppServer(port, { appDir = ".", env = {}, seeded = true } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "playa-bench-"));
  // Seeding an empty database is a one-time install step that leaves a process about 300 MB larger
  // until it restarts (docs/operations.md): by default the measured server starts on a database an
  // earlier start seeded, as every server after the first deploy does.
  if (seeded) await (await spawnServer(port, { appDir, env, dataDir })).stop({ keepData: true });
  return spawnServer(port, { appDir, env, dataDir });
}

async function spawnServer(port, { appDir, env, dataDir }) {
  const compiled = path.join(buildDir, "server/start.js");
  // Started as `npm start` starts it, with the same heap ceiling and allocator setting.
  const args = existsSync(path.join(appDir, compiled))
    ? // BENCH_NODE_FLAGS: flags Node refuses in NODE_OPTIONS, such as "--trace-gc" or "--cpu-prof".
      [...heapFlags(), ...(process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean), compiled]
    : ["--import", "tsx", "server/index.ts"];
  const child = spawn(process.execPath, args, {
    cwd: appDir,
    // BENCH_SERVER_STDOUT=1 shows what the server prints on stdout (say, with NODE_OPTIONS=--trace-gc).
    stdio: ["ignore", process.env.BENCH_SERVER_STDOUT ? "inherit" : "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
      ...allocatorEnv(),
      ...env,
    },
  });
  // Migrating and seeding a fresh embedded database can take minutes on a loaded shared machine.
  const deadline = Date.now() + 180_000;
  let ready = false;
  while (!ready && Date.now() < deadline) {
    try {
      ready = (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;
    } catch {
      // not listening yet
    }
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!ready) {
    child.kill("SIGTERM");
    throw new Error(`the app server on port ${port} was not ready within 180 s`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    /** Resident memory of the server process in MB (Linux), now and at its peak. */
    /** CPU time the server process has used so far (user and system), in ms (Linux). */
    cpuMs() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
    },
    memory() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? Number.NaN);
      return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
    },
    async stop({ keepData = false } = {}) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie of the demo member (the app started with SEED_DEMO_USERS=1), through the sign-in form. */
export function signInAsDemoMember(appUrl, userAgent) {
  return signInAsDemo(appUrl, "user", userAgent);
}

/** The session cookie of a demo account ("user", "owner" or "admin"), through the sign-in form. */
export async function signInAsDemo(appUrl, who, userAgent = "Mozilla/5.0 (X11; Linux x86_64) bench") {
  const response = await fetch(`${appUrl}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: appUrl, "user-agent": userAgent },
    body: new URLSearchParams({
      intent: "sign-in",
      email: `${who}@demo.playahub.test`,
      password: `demo-${who}-pura-vida`,
    }),
  });
  const session = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .filter((pair) => pair.includes("session_token="));
  return session.length > 0 ? session.join("; ") : null;
}

/**
 * The app's database functions and the site's seed, for the benches that open databases of their
 * own (run under tsx: they are TypeScript). Loaded on call, so the HTTP benches never load them.
 */
export async function importDatabase() {
  const database = await import("../app/lib/db.server.ts");
  const { seedSite } = await import("../db/seed/site.ts");
  return { ...database, installDatabase: database.useDatabase, seedSite };
}

/** The PostgreSQL server the benches make their databases on. */
export const postgresBase = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * Runs `use(url, version)` on a database of its own, `name`, on the server at BENCH_DATABASE_URL
 * (the local one by default): made fresh, or kept from an earlier run when `reuse` and it is
 * there; dropped afterwards unless `reuse` or `keep`. When the server cannot be reached, says so
 * and runs nothing.
 */
export async function onBenchPostgres(name, use, { reuse = false, keep = false } = {}) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`the bench database name must be a plain identifier: ${name}`);
  const admin = new pg.Client({ connectionString: postgresBase });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`\nPostgreSQL: not reachable at ${postgresBase} (${error.message}); skipped`);
    return;
  }
  const drop = () => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    const { rowCount: exists } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (!reuse || !exists) {
      await drop();
      await admin.query(`CREATE DATABASE ${name}`);
    }
    const url = new URL(postgresBase);
    url.pathname = `/${name}`;
    const { rows } = await admin.query("show server_version");
    await use(url.toString(), rows[0].server_version.split(" ")[0]);
  } finally {
    if (!reuse && !keep) await drop();
    await admin.end();
  }
}
