import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userRoles, users } from "#app/domain/accounts/schema";
import { businesses } from "#app/domain/directory/schema";
import { getDb } from "#app/lib/db.server";
import { demoOwnerBusinessSlug, demoUsers, seedAccounts, seedDemoOwnership } from "#root/db/seed/accounts";
import { seedDirectory } from "#root/db/seed/directory";
import { createTestUser } from "#tests/factories/accounts";

// The demo seed itself (README "Demo accounts"): the only integration test that reads it.
describe("demo seed", () => {
  it("gives the demo owner a demo listing to try the dashboard with, once", async () => {
    const db = getDb();
    await seedAccounts(db, { demoUsers: true });
    await seedDirectory(db);
    await seedDemoOwnership(db, { demoUsers: true });
    await seedDemoOwnership(db, { demoUsers: true });

    const owner = demoUsers.find((demo) => demo.email === "owner@demo.playahub.test");
    const [user] = await db
      .select({ id: users.id, isDemo: users.isDemo })
      .from(users)
      .where(eq(users.email, owner?.email ?? ""));
    expect(user?.isDemo).toBe(true);
    const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id));
    expect(roles.map((row) => row.role)).toEqual(["business_owner"]);

    const owned = await db
      .select({ slug: businesses.slug, isDemo: businesses.isDemo, status: businesses.status })
      .from(businesses)
      .where(eq(businesses.ownerId, user.id));
    expect(owned).toEqual([{ slug: demoOwnerBusinessSlug, isDemo: true, status: "verified" }]);
  });

  it("leaves a demo listing alone once someone else owns it", async () => {
    const db = getDb();
    const claimant = await createTestUser({ roles: ["business_owner"] });
    await db.update(businesses).set({ ownerId: claimant.id }).where(eq(businesses.slug, demoOwnerBusinessSlug));
    await seedDemoOwnership(db, { demoUsers: true });
    const [listing] = await db
      .select({ ownerId: businesses.ownerId })
      .from(businesses)
      .where(eq(businesses.slug, demoOwnerBusinessSlug));
    expect(listing.ownerId).toBe(claimant.id);
  });
});
