// The server the browser tests drive: a production build that also has the test-only routes
// (E2E_ROUTES=1 at build time, see app/routes.ts), kept in its own BUILD_DIR so it never mixes
// with the production build, on a fresh embedded database with the demo users.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

export const e2eBuildDir = process.env.BUILD_DIR ?? "build-e2e";

/** Newest modification time under the sources the build is made of. */
function newestSource() {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of [
    "app",
    "server",
    "db",
    "tests/factories",
    "public",
    "package-lock.json",
    "vite.config.ts",
    "react-router.config.ts",
  ])
    visit(entry);
  return newest;
}

/** Builds the test server's bundle when it is missing or older than the sources. */
export function ensureE2eBuild() {
  const entry = `${e2eBuildDir}/server/start.js`;
  if (existsSync(entry) && statSync(entry).mtimeMs >= newestSource()) return 0;
  const result = spawnSync("npx", ["react-router", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: e2eBuildDir, E2E_ROUTES: "1" },
  });
  return result.status ?? 1;
}

/**
 * A fresh database on the E2E_DATABASE_URL server for this run, dropped when the server stops.
 * The browser tests then drive the app as production runs it (a PostgreSQL server beside Node):
 * with the embedded database, every query runs on the Node thread that also renders the pages,
 * and two browsers waiting on one thread made that thread the whole suite's bottleneck.
 */
async function freshPostgresDatabase(serverUrl) {
  const { default: pg } = await import("pg");
  // Named after the server's database, so whoever owns that one (.ci/run) can drop this one too:
  // a test runner may kill this script before it drops anything.
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || "postgres"}_e2e_${process.env.PORT ?? "3000"}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = process.env.E2E_DATA_DIR ?? ".e2e-data";
  rmSync(dataDir, { recursive: true, force: true });
  const status = ensureE2eBuild();
  if (status !== 0) process.exit(status);
  const database = process.env.E2E_DATABASE_URL ? await freshPostgresDatabase(process.env.E2E_DATABASE_URL) : null;
  const child = spawn(process.execPath, [`${e2eBuildDir}/server/start.js`], {
    stdio: "inherit",
    env: {
      ...process.env,
      BUILD_DIR: e2eBuildDir,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      E2E_ROUTES: "1",
      SEED_DEMO_USERS: "1",
      // Every browser test signs in from 127.0.0.1: per-IP limits scaled up, per-account ones kept.
      RATE_LIMIT_IP_SCALE: process.env.RATE_LIMIT_IP_SCALE ?? "50",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      DATABASE_URL: database?.url ?? "",
    },
  });
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
  child.on("exit", async (code) => {
    await database?.drop().catch(() => {});
    process.exit(code ?? 0);
  });
}
