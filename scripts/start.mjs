// `npm start`: build once if there is no build, then run the server in this process's place.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { allocatorEnv, heapFlags } from "./heap.mjs";

const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(`${buildDir}/server/start.js`)) {
  console.log("No build found: building first (react-router build)…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, [...heapFlags(), `${buildDir}/server/start.js`], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env, ...allocatorEnv() },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
