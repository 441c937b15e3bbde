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

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = process.env.E2E_DATA_DIR ?? ".e2e-data";
  rmSync(dataDir, { recursive: true, force: true });
  const status = ensureE2eBuild();
  if (status !== 0) process.exit(status);
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
      DATABASE_URL: "",
    },
  });
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code) => process.exit(code ?? 0));
}
