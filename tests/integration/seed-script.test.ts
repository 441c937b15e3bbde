import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// `npm run db:seed` runs on its own, outside the server and the tests' setup: it must register
// the areas' content kinds itself before the seed's writes bump them.
describe("npm run db:seed", () => {
  it("seeds a fresh embedded database in its own process", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "playa-seed-script-"));
    try {
      const result = spawnSync(process.execPath, ["--import", "tsx", "db/seed/run.ts"], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
        encoding: "utf8",
        timeout: 240_000,
      });
      expect(result.stderr).not.toMatch(/Error/);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain("Seed complete.");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 250_000);
});
