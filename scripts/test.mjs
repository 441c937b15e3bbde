// `npm test`: every test. Unit and integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set), then the browser tests against a production build that has the test-only routes.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { ensureE2eBuild } from "./e2e-server.mjs";

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
function count(file, pick) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    const numbers = pick(report);
    totals.passed += numbers.passed;
    totals.failed += numbers.failed;
    totals.skipped += numbers.skipped;
  } catch {
    // No report means the runner never started; its exit code already says so.
  }
}

rmSync("test-results", { recursive: true, force: true });
// Types first: route types are generated, then the whole project must compile under strict.
const types = run("npx", ["react-router", "typegen"]) || run("npx", ["tsc", "--noEmit"]);
const vitestArgs = [
  "vitest",
  "run",
  // Two workers for two cores: the default (cores - 1 = 1) left one core idle while files
  // waited on their database copies (691 s against 484 s in a side-by-side run).
  "--maxWorkers=2",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest.json",
];
let vitest = run("npx", vitestArgs);
// The two security projects' React Router typegen watchers can still race as Vitest starts
// (vitest.config.ts ignores the rejection, but a CI run ended on it once more, with no test run).
// A run that ends without its report never started: it is run once more, and fails if it fails again.
if (vitest !== 0 && !existsSync("test-results/vitest.json")) {
  console.log("\nVitest ended before any report was written; running it once more.\n");
  vitest = run("npx", vitestArgs);
}
count("test-results/vitest.json", (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
}));

let build = 0;
let e2e = 0;
if (!process.argv.includes("--no-e2e")) {
  // The browser tests' build: production code plus the test-only routes, in its own directory.
  build = ensureE2eBuild();
  if (build === 0) {
    e2e = run("npx", ["playwright", "test"], { CI: process.env.CI ?? "true" });
    count("test-results/e2e.json", (r) => ({
      passed: r.stats.expected + r.stats.flaky,
      failed: r.stats.unexpected,
      skipped: r.stats.skipped,
    }));
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (types) console.error("Type check failed.");
process.exit(types || vitest || build || e2e ? 1 : 0);
