import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Actor, can } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import {
  grantPermission,
  listGrantHolders,
  loadGrants,
  revokePermission,
  withCurrentGrants,
} from "#app/platform/accounts/grants.server";
import { grantRole } from "#app/platform/accounts/users.server";
import { auditLog } from "#app/platform/audit/schema";
import { userGrants, userRoles } from "#app/platform/people/schema";
import { createTestUser } from "#tests/factories/accounts";

// Scoped grants are rows, written only through accounts' grant functions, and writes from one
// domain run in the caller's transaction.

let admin: Actor;
let plain: Actor;

beforeAll(async () => {
  admin = { id: (await createTestUser({ roles: ["admin"] })).id, role: "admin" };
  plain = { id: (await createTestUser()).id, role: "user" };
});

const potrero = { type: "beach", id: "playa-potrero" };
const audit = { action: "beach.reporter.grant" };

describe("grants", () => {
  it("gives a permission for one object only, once, and takes it back", async () => {
    const target = await createTestUser();
    const grant = { actor: admin, userId: target.id, permission: "post:beach-report:any", scope: potrero } as const;
    expect(await grantPermission({ ...grant, audit })).toBe(true);
    // The same grant again changes nothing; the same permission for another scope is a new row.
    expect(await grantPermission({ ...grant, audit })).toBe(false);
    const actor = await withCurrentGrants({ id: target.id, role: "user" });
    expect(can(actor, "post:beach-report:any", { scope: potrero })).toBe(true);
    expect(can(actor, "post:beach-report:any", { scope: { type: "beach", id: "playa-flamingo" } })).toBe(false);
    const holders = await listGrantHolders({ actor: admin, permission: "post:beach-report:any", scope: potrero });
    expect(holders.map((holder) => holder.userId)).toContain(target.id);
    expect(await revokePermission({ ...grant, audit: { action: "beach.reporter.revoke" } })).toBe(true);
    expect(await loadGrants(target.id)).toEqual([]);
    const rows = await getDb().select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(rows.map((row) => row.action).sort()).toEqual(["beach.reporter.grant", "beach.reporter.revoke"]);
    expect(rows[0].details).toMatchObject({
      permission: "post:beach-report:any",
      scopeType: "beach",
      scopeId: "playa-potrero",
    });
  });

  it("an unscoped grant is stored once (NULLS NOT DISTINCT), even written directly", async () => {
    const target = await createTestUser();
    const row = { userId: target.id, permission: "post:beach-report:any", scopeType: null, scopeId: null };
    await getDb().insert(userGrants).values(row);
    await expect(getDb().insert(userGrants).values(row)).rejects.toThrow();
  });

  it("only someone who manages users may grant, and never an unknown permission", async () => {
    const target = await createTestUser();
    await expect(
      grantPermission({ actor: plain, userId: target.id, permission: "post:beach-report:any", audit }),
    ).rejects.toMatchObject({ code: "forbidden", messageKey: "common:errors.forbidden" });
    await expect(
      grantPermission({ actor: admin, userId: target.id, permission: "launch:rocket:any" as never, audit }),
    ).rejects.toMatchObject({ code: "invalid" });
    await expect(listGrantHolders({ actor: plain, permission: "post:beach-report:any" })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await loadGrants(target.id)).toEqual([]);
  });
});

describe("writes in the caller's transaction", () => {
  it("a role and a grant written in a transaction that rolls back leave nothing behind", async () => {
    const target = await createTestUser();
    await expect(
      getDb().transaction(async (tx) => {
        await grantRole({ actor: admin, userId: target.id, role: "business_owner", reason: "test" }, tx);
        await grantPermission(
          { actor: admin, userId: target.id, permission: "post:beach-report:any", scope: potrero, audit },
          tx,
        );
        throw new Error("the caller's change failed");
      }),
    ).rejects.toThrow("the caller's change failed");
    expect(await getDb().select().from(userRoles).where(eq(userRoles.userId, target.id))).toEqual([]);
    expect(await loadGrants(target.id)).toEqual([]);
    expect(await getDb().select().from(auditLog).where(eq(auditLog.targetId, target.id))).toEqual([]);
  });

  it("and land together when it commits", async () => {
    const target = await createTestUser();
    await getDb().transaction(async (tx) => {
      await grantRole({ actor: admin, userId: target.id, role: "business_owner", details: { businessId: "b1" } }, tx);
    });
    const roles = await getDb()
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, target.id), eq(userRoles.role, "business_owner")));
    expect(roles).toHaveLength(1);
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(entry).toMatchObject({ action: "user.role.grant", details: { role: "business_owner", businessId: "b1" } });
  });
});
