import { describe, expect, it } from "vitest";
import { hasRole, isAdmin, isBusinessOwner, isSignedIn, resolveRole } from "./permissions";

describe("resolveRole (spec §4)", () => {
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

describe("role helpers (spec §6)", () => {
  it("only admin is admin", () => {
    expect(isAdmin("admin")).toBe(true);
    for (const role of ["none", "user", "business_owner", undefined, null] as const) expect(isAdmin(role)).toBe(false);
  });

  it("admin counts as a business owner too", () => {
    expect(isBusinessOwner("business_owner")).toBe(true);
    expect(isBusinessOwner("admin")).toBe(true);
    expect(isBusinessOwner("user")).toBe(false);
    expect(isBusinessOwner("none")).toBe(false);
  });

  it("signed in means any role but none", () => {
    expect(isSignedIn("user")).toBe(true);
    expect(isSignedIn("none")).toBe(false);
    expect(isSignedIn(null)).toBe(false);
  });

  it("hasRole orders none < user < business_owner < admin", () => {
    expect(hasRole("admin", "business_owner")).toBe(true);
    expect(hasRole("business_owner", "admin")).toBe(false);
    expect(hasRole("user", "user")).toBe(true);
    expect(hasRole("none", "user")).toBe(false);
    expect(hasRole(undefined, "none")).toBe(true);
  });
});
