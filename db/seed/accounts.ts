import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#app/lib/db.server";
import { env } from "#app/lib/env.server";
import { hashPassword } from "#app/platform/accounts/auth-flows.server";
import { accounts, userRoles, users } from "#app/platform/people/schema";
import { seedPlans } from "#app/platform/plans/subscription.server";
import { businesses } from "../../app/platform/listings/schema";

/**
 * Demo accounts, only with SEED_DEMO_USERS=1 (the browser tests and local tries): never on a real
 * site, where the first admin comes from `npm run admin:create`. Marked is_demo. README lists them.
 */
export const demoUsers = [
  {
    id: "demo-admin",
    email: "admin@demo.playahub.test",
    password: "demo-admin-pura-vida",
    firstName: "Demo",
    lastName: "Admin",
    roles: ["admin"],
  },
  {
    id: "demo-owner",
    email: "owner@demo.playahub.test",
    password: "demo-owner-pura-vida",
    firstName: "Demo",
    lastName: "Owner",
    roles: ["business_owner"],
  },
  {
    id: "demo-user",
    email: "user@demo.playahub.test",
    password: "demo-user-pura-vida",
    firstName: "Demo",
    lastName: "User",
    roles: [],
  },
] as const;

/** The demo listing the demo owner manages, so the business dashboard can be tried at once. */
export const demoOwnerBusinessSlug = "cafe-pura-manana";

function demoUsersWanted(options: { demoUsers?: boolean }) {
  return options.demoUsers ?? env().SEED_DEMO_USERS === "1";
}

export async function seedAccounts(db: Db, options: { demoUsers?: boolean } = {}) {
  await seedPlans(db);
  if (!demoUsersWanted(options)) return;
  for (const demo of demoUsers) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (existing) continue;
    const hash = await hashPassword(demo.password);
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: demo.id,
        email: demo.email,
        name: `${demo.firstName} ${demo.lastName}`,
        firstName: demo.firstName,
        lastName: demo.lastName,
        emailVerified: true,
        isDemo: true,
      });
      await tx.insert(accounts).values({
        id: `${demo.id}-credential`,
        accountId: demo.id,
        providerId: "credential",
        userId: demo.id,
        password: hash,
      });
      for (const role of demo.roles) await tx.insert(userRoles).values({ userId: demo.id, role }).onConflictDoNothing();
    });
  }
}

/**
 * Runs after the directory step: hands the demo owner their demo listing. A listing someone
 * already owns (a real claim approved since) is left alone.
 */
export async function seedDemoOwnership(db: Db, options: { demoUsers?: boolean } = {}) {
  if (!demoUsersWanted(options)) return;
  const owner = demoUsers.find((demo) => demo.id === "demo-owner");
  if (!owner) return;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, owner.id));
  if (!user) return;
  await db
    .update(businesses)
    .set({ ownerId: owner.id })
    .where(and(eq(businesses.slug, demoOwnerBusinessSlug), eq(businesses.isDemo, true), isNull(businesses.ownerId)));
}
