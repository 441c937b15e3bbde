import { eq } from "drizzle-orm";
import { hashPassword } from "#app/domain/accounts/auth-flows.server";
import { accounts, userRoles, users } from "#app/domain/accounts/schema";
import { seedPlans } from "#app/domain/billing/subscription.server";
import type { Db } from "#app/lib/db.server";
import { env } from "#app/lib/env.server";

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

export async function seedAccounts(db: Db) {
  await seedPlans(db);
  if (env().SEED_DEMO_USERS !== "1") return;
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
