// The server the browser tests drive: the production build on a fresh embedded database,
// with the test-only routes and demo users switched on.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";

const dataDir = process.env.E2E_DATA_DIR ?? ".e2e-data";
rmSync(dataDir, { recursive: true, force: true });
const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(`${buildDir}/server/start.js`)) {
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const child = spawn(process.execPath, [`${buildDir}/server/start.js`], {
  stdio: "inherit",
  env: {
    ...process.env,
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
