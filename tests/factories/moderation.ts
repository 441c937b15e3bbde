// People at each trust level, for moderation tests: an account's age is its created_at, and its
// published activity is reviews (the one moderated kind every branch has).
import { eq } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { userSuspensions } from "#app/platform/moderation/schema";
import { users } from "#app/platform/people/schema";
import { createTestUser, type TestUserOptions } from "./accounts";
import { createBusiness, createReview } from "./directory";

const day = 24 * 60 * 60 * 1000;

/** Moves an account's creation back in time. */
export async function ageAccount(userId: string, days: number) {
  await getDb()
    .update(users)
    .set({ createdAt: new Date(Date.now() - days * day) })
    .where(eq(users.id, userId));
}

/**
 * Gives an existing account `published` published reviews and an age of `days`: a member. The
 * reviews are of draft businesses nobody else sees, so no public page or rating changes (the
 * browser tests use this on a server other specs share).
 */
export async function makeEstablished(userId: string, options: { days?: number; published?: number } = {}) {
  for (let index = 0; index < (options.published ?? 3); index += 1) {
    const business = await createBusiness({ status: "draft" });
    await createReview({ businessId: business.id, author: userId, createdAt: new Date(Date.now() - 10 * day) });
  }
  await ageAccount(userId, options.days ?? 10);
}

/** A user with `published` published reviews and an account `days` old (default: a member). */
export async function createMember(
  options: TestUserOptions & { days?: number; published?: number } = {},
): Promise<Actor & { email: string }> {
  const user = await createTestUser(options);
  await makeEstablished(user.id, options);
  const role = options.roles?.includes("admin")
    ? "admin"
    : options.roles?.includes("business_owner")
      ? "business_owner"
      : "user";
  return { id: user.id, role, email: user.email };
}

/** A brand-new account: today, nothing published. */
export async function createNewcomer(options: TestUserOptions = {}): Promise<Actor & { email: string }> {
  const user = await createTestUser(options);
  return { id: user.id, role: "user", email: user.email };
}

/** Suspends a user directly (as an admin's decision would) until `days` from now. */
export async function suspendUser(userId: string, days: number, reason = "Repeated spam") {
  const until = new Date(Date.now() + days * day);
  await getDb().insert(userSuspensions).values({ userId, until, reason });
  return until;
}
