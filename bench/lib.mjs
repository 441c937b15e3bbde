// Shared by the bench scripts: start the production build on a throwaway embedded database, or on
// BENCH_DATABASE_URL (a PostgreSQL database you created for the run) when set.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";

export const buildDir = process.env.BUILD_DIR ?? "build";

export function ensureBuild() {
  if (!existsSync(`${buildDir}/server/index.js`)) {
    const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

export async function startAppServer(port) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "playa-bench-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "" },
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
