import { describe, expect, it } from "vitest";
// The areas' manifests give the roles their permissions, as in the server and the browser.
import "#app/manifests";
import {
  type Actor,
  can,
  grantOnlyPermissions,
  knownPermissions,
  type Permission,
  permissionsOf,
  registerPermissions,
  resolveRole,
} from "#app/lib/authorization";

const rolePermissions = {
  user: permissionsOf("user"),
  business_owner: permissionsOf("business_owner"),
  admin: permissionsOf("admin"),
};
const permissions = knownPermissions();

describe("resolveRole", () => {
  it("a read error (null) resolves to user", () => {
    expect(resolveRole(null)).toBe("user");
  });

  it("no rows resolves to user", () => {
    expect(resolveRole([])).toBe("user");
  });

  it("a single user row resolves to user", () => {
    expect(resolveRole([{ role: "user" }])).toBe("user");
  });

  it("any admin row wins, wherever it is", () => {
    expect(resolveRole([{ role: "admin" }])).toBe("admin");
    expect(resolveRole([{ role: "user" }, { role: "business_owner" }, { role: "admin" }])).toBe("admin");
    expect(resolveRole([{ role: "admin" }, { role: "business_owner" }])).toBe("admin");
  });

  it("without admin, any business_owner row wins over user", () => {
    expect(resolveRole([{ role: "business_owner" }])).toBe("business_owner");
    expect(resolveRole([{ role: "user" }, { role: "business_owner" }])).toBe("business_owner");
  });

  it("unknown role strings never grant anything", () => {
    expect(resolveRole([{ role: "superuser" }])).toBe("user");
    expect(resolveRole([{ role: "ADMIN" }])).toBe("user");
    expect(resolveRole([{ role: "none" }])).toBe("user");
  });
});

const user: Actor = { id: "u1", role: "user" };
const owner: Actor = { id: "o1", role: "business_owner" };
const admin: Actor = { id: "a1", role: "admin" };

describe("can: own and any", () => {
  it("an :own permission passes only on the actor's own object", () => {
    expect(can(user, "update:business:own", { ownerId: "u1" })).toBe(true);
    expect(can(user, "update:business:own", { ownerId: "someone-else" })).toBe(false);
    expect(can(user, "update:business:own", { ownerId: null })).toBe(false);
    expect(can(user, "update:business:own")).toBe(false);
  });

  it("holding :any allows the :own form on anyone's object", () => {
    expect(can(admin, "update:business:own", { ownerId: "someone-else" })).toBe(true);
    expect(can(admin, "delete:beach-report:own", { ownerId: "u1" })).toBe(true);
    expect(can(owner, "delete:beach-report:own", { ownerId: "u1" })).toBe(false);
  });

  it("an :own permission without an :any form is never widened (replying speaks for the owner)", () => {
    expect(can(admin, "reply:review:own", { ownerId: "someone-else" })).toBe(false);
    expect(can(admin, "reply:review:own", { ownerId: "a1" })).toBe(true);
  });

  it("signed out, role none, or an unknown permission: denied", () => {
    expect(can(null, "create:review:any")).toBe(false);
    expect(can(undefined, "create:review:any")).toBe(false);
    expect(can({ id: "x", role: "none" }, "create:review:any")).toBe(false);
    expect(can(admin, "launch:rocket:any" as Permission)).toBe(false);
    expect(
      can(
        { ...user, grants: [{ permission: "launch:rocket:any", scopeType: null, scopeId: null }] },
        "launch:rocket:any" as Permission,
      ),
    ).toBe(false);
  });
});

describe("can: roles", () => {
  it("admin ⊇ business_owner ⊇ user", () => {
    for (const permission of rolePermissions.user) expect(rolePermissions.business_owner).toContain(permission);
    for (const permission of rolePermissions.business_owner) expect(rolePermissions.admin).toContain(permission);
    expect(rolePermissions.business_owner.length).toBeGreaterThan(rolePermissions.user.length);
    expect(rolePermissions.admin.length).toBeGreaterThan(rolePermissions.business_owner.length);
  });

  it("admin holds every :any permission but the grant-only ones; only admins reach the admin area", () => {
    const grantOnly: readonly string[] = grantOnlyPermissions();
    for (const permission of permissions.filter((p) => p.endsWith(":any") && !grantOnly.includes(p)))
      expect(can(admin, permission)).toBe(true);
    expect(can(admin, "use:agent-plan:any")).toBe(false);
    expect(
      can(
        { ...user, grants: [{ permission: "use:agent-plan:any", scopeType: null, scopeId: null }] },
        "use:agent-plan:any",
      ),
    ).toBe(true);
    expect(can(owner, "read:admin:any")).toBe(false);
    expect(can(user, "read:admin:any")).toBe(false);
    expect(can(owner, "read:owner-tools:any")).toBe(true);
    expect(can(admin, "read:owner-tools:any")).toBe(true);
    expect(can(user, "read:owner-tools:any")).toBe(false);
  });

  it("every role's permissions are known permissions", () => {
    for (const role of ["none", "user", "business_owner", "admin"] as const)
      for (const permission of permissionsOf(role)) expect(permissions).toContain(permission);
  });
});

describe("can: scoped grants", () => {
  const reporter = (scopeType: string | null, scopeId: string | null): Actor => ({
    ...user,
    grants: [{ permission: "post:beach-report:any", scopeType, scopeId }],
  });
  const flamingo = { scope: { type: "beach", id: "playa-flamingo" } };
  const potrero = { scope: { type: "beach", id: "playa-potrero" } };

  it("a grant for one object covers that object only", () => {
    expect(can(reporter("beach", "playa-flamingo"), "post:beach-report:any", flamingo)).toBe(true);
    expect(can(reporter("beach", "playa-flamingo"), "post:beach-report:any", potrero)).toBe(false);
    expect(can(reporter("beach", "playa-flamingo"), "post:beach-report:any")).toBe(false);
  });

  it("a grant for a kind covers every object of that kind, not other kinds", () => {
    expect(can(reporter("beach", null), "post:beach-report:any", potrero)).toBe(true);
    expect(
      can(reporter("beach", null), "post:beach-report:any", { scope: { type: "forum", id: "playa-flamingo" } }),
    ).toBe(false);
  });

  it("an unscoped grant covers everywhere", () => {
    expect(can(reporter(null, null), "post:beach-report:any", flamingo)).toBe(true);
    expect(can(reporter(null, null), "post:beach-report:any")).toBe(true);
  });

  it("a grant gives only its own permission", () => {
    expect(can(reporter(null, null), "delete:beach-report:any")).toBe(false);
    expect(can(user, "post:beach-report:any", flamingo)).toBe(false);
  });
});

describe("the areas' permission declarations", () => {
  it("refuse a name declared twice, and leave the registered table as it was", () => {
    expect(() => registerPermissions([{ user: ["create:review:any"] }, { admin: ["create:review:any"] }])).toThrow(
      /declared twice/,
    );
    expect(can(admin, "read:admin:any")).toBe(true);
    expect(can(user, "create:review:any")).toBe(true);
  });

  it("every permission an admin or dashboard section needs is one an area declares", async () => {
    const { adminSections, dashboardSections } = await import("#app/manifests");
    for (const section of [...adminSections, ...dashboardSections])
      if (section.permission) expect(permissions).toContain(section.permission);
  });
});
