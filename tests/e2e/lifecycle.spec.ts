import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support/fixtures";

// Starts its own server from the same (test) build, so it can be stopped without disturbing the others.
const port = Number(process.env.E2E_PORT ?? 3210) + 150;
const base = `http://127.0.0.1:${port}`;

async function startServer(dataDir: string) {
  const buildDir = process.env.BUILD_DIR ?? "build-e2e";
  const child = spawn(process.execPath, [`${buildDir}/server/start.js`], {
    env: {
      ...process.env,
      BUILD_DIR: buildDir,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      E2E_ROUTES: "1",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, output: () => output };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start:\n${output}`);
}

test("[OPS] SIGTERM lets in-flight requests finish, then closes the database and exits 0", async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "playa-lifecycle-"));
  let child: ChildProcess | undefined;
  try {
    const server = await startServer(dataDir);
    child = server.child;
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
    const inFlight = fetch(`${base}/_e2e/slow?ms=1500`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ waited: 1500 });
    expect(await exited).toBe(0);
    child = undefined;
    expect(server.output()).toContain("database closed");
    // A clean stop releases the directory: the next start opens it at once.
    const again = await startServer(dataDir);
    child = again.child;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  } finally {
    child?.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
