import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { AdminCreateError, createAdmin } from "#app/platform/accounts/admin-create.server";
import { readRole } from "#app/platform/accounts/auth.server";
import { auditLog } from "#app/platform/audit/schema";
import { userRoles, users } from "#app/platform/people/schema";
import { createTestUser, signInCookie } from "#tests/factories/accounts";

describe("admin:create", () => {
  it("creates a confirmed admin who can sign in, and audits it", async () => {
    const result = await createAdmin({
      email: "First.Admin@Example.test",
      password: "run the site well 2025",
      firstName: "Ana",
    });
    expect(result.created).toBe(true);
    const [user] = await getDb().select().from(users).where(eq(users.id, result.userId));
    expect(user).toMatchObject({ email: "first.admin@example.test", emailVerified: true, firstName: "Ana" });
    expect(await readRole(result.userId)).toBe("admin");
    await expect(signInCookie("first.admin@example.test", "run the site well 2025")).resolves.toBeTruthy();
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.targetId, result.userId));
    expect(entry.action).toBe("user.admin.create");
  });

  it("makes an existing account admin without touching its password; running twice is harmless", async () => {
    const existing = await createTestUser();
    const first = await createAdmin({ email: existing.email, password: "some other long phrase" });
    const second = await createAdmin({ email: existing.email, password: "some other long phrase" });
    expect(first).toEqual({ userId: existing.id, created: false });
    expect(second.created).toBe(false);
    expect(await getDb().select().from(userRoles).where(eq(userRoles.userId, existing.id))).toHaveLength(1);
    await expect(signInCookie(existing.email)).resolves.toBeTruthy();
  });

  it("refuses bad input with a plain message", async () => {
    await expect(createAdmin({ email: "not-an-email", password: "a fine long phrase" })).rejects.toThrow(
      AdminCreateError,
    );
    await expect(createAdmin({ email: "a@b.test", password: "short" })).rejects.toThrow(/8 to 128/);
    await expect(createAdmin({ email: "a@b.test", password: "password123" })).rejects.toThrow(/common/);
  });

  it("refuses clearly, changing nothing, while another process holds the embedded data directory", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "playa-admin-create-"));
    try {
      // This test process plays the running server: its live pid holds the lock.
      writeFileSync(path.join(dataDir, "playa-hub.lock"), String(process.pid));
      const result = spawnSync(
        process.execPath,
        ["--import", "tsx", "scripts/admin-create.ts", "--email", "x@example.test", "--password", "a fine long phrase"],
        {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
          encoding: "utf8",
          timeout: 60_000,
        },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`in use by process ${process.pid}`);
      expect(result.stderr).toContain("Stop the server first");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("explains its usage when arguments are missing", () => {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/admin-create.ts", "--email", "x@example.test"],
      {
        env: { ...process.env, LOG_LEVEL: "silent" },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("--password are required");
  });
});
