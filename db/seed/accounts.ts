import { and, eq, inArray, isNull } from "drizzle-orm";
import { agentPlanPermission } from "#app/features/realestate/constants";
import type { Db } from "#app/lib/db.server";
import { env } from "#app/lib/env.server";
import { hashPassword } from "#app/platform/accounts/auth-flows.server";
import { accounts, userGrants, userRoles, users } from "#app/platform/people/schema";
import { syncOwnerPremium } from "#app/platform/plans/premium.server";
import { subscriptions } from "#app/platform/plans/schema";
import { liveStatuses, seedPlans } from "#app/platform/plans/subscription.server";
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
  {
    id: "demo-agent",
    email: "agent@demo.playahub.test",
    password: "demo-agent-pura-vida",
    firstName: "Demo",
    lastName: "Agent",
    roles: [],
  },
] as const;

/** Grants beside the roles: the demo agent holds the real-estate agent plan, as an admin grants it. */
const demoGrants: Record<string, readonly string[]> = { "demo-agent": [agentPlanPermission] };

export const demoOwnerId = "demo-owner";
export const demoAgentId = "demo-agent";

/** The demo listing the demo owner manages, so the business dashboard can be tried at once. */
export const demoOwnerBusinessSlug = "sushi-bahia";

export function demoUsersWanted(options: { demoUsers?: boolean }) {
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
      for (const permission of demoGrants[demo.id] ?? [])
        await tx.insert(userGrants).values({ userId: demo.id, permission }).onConflictDoNothing();
    });
  }
}

/**
 * Runs after the directory step: hands the demo owner their demo listing, on the premium plan (as
 * an admin grants it), so booking, messages and analytics can be tried at once. A listing someone
 * already owns (a real claim approved since) is left alone.
 */
export async function seedDemoOwnership(db: Db, options: { demoUsers?: boolean } = {}) {
  if (!demoUsersWanted(options)) return;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, demoOwnerId));
  if (!user) return;
  await db
    .update(businesses)
    .set({ ownerId: demoOwnerId })
    .where(and(eq(businesses.slug, demoOwnerBusinessSlug), eq(businesses.isDemo, true), isNull(businesses.ownerId)));
  const [listing] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.slug, demoOwnerBusinessSlug), eq(businesses.ownerId, demoOwnerId)));
  if (!listing) return;
  const [live] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.businessId, listing.id), inArray(subscriptions.status, liveStatuses)));
  if (!live) {
    await db.insert(subscriptions).values({
      userId: demoOwnerId,
      businessId: listing.id,
      planId: "premium",
      status: "active",
      source: "admin",
      reason: "Demo listing",
    });
  }
  await syncOwnerPremium({ ownerId: demoOwnerId }, db);
}

/** The demo owner's listing, once the ownership step has handed it over (null without demo users). */
export async function demoOwnerListing(db: Db) {
  const [listing] = await db
    .select({ id: businesses.id, slug: businesses.slug, name: businesses.name })
    .from(businesses)
    .where(
      and(eq(businesses.slug, demoOwnerBusinessSlug), eq(businesses.ownerId, demoOwnerId), eq(businesses.isDemo, true)),
    );
  return listing ?? null;
}
