import { randomBytes } from "node:crypto";
import { hashPassword } from "#app/domain/accounts/auth-flows.server";
import { accounts, userRoles, users } from "#app/domain/accounts/schema";
import { getAuth, sessionCookieName } from "#app/lib/auth.server";
import { getDb } from "#app/lib/db.server";
import type { StoredRole } from "#app/lib/permissions";

export const testPassword = "tide pools at potrero";

let counter = 0;

/** A confirmed user with a password, and the roles asked for (none: a regular user). */
export async function createTestUser(
  options: { roles?: StoredRole[]; email?: string; firstName?: string; disabled?: boolean } = {},
) {
  counter += 1;
  const id = `test-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString("hex")}`;
  const email = options.email ?? `${id}@example.test`;
  const firstName = options.firstName ?? "Test";
  const db = getDb();
  await db.insert(users).values({
    id,
    email,
    name: `${firstName} User`,
    firstName,
    lastName: "User",
    emailVerified: true,
    disabled: options.disabled ?? false,
  });
  await db.insert(accounts).values({
    id: `${id}-cred`,
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(testPassword),
  });
  for (const role of options.roles ?? []) await db.insert(userRoles).values({ userId: id, role });
  return { id, email, password: testPassword };
}

/** Signs a user in through better-auth and answers the Cookie header a browser would send. */
export async function signInCookie(email: string, password = testPassword): Promise<string> {
  const auth = await getAuth();
  const result = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = result.headers.getSetCookie().find((value) => value.startsWith(`${sessionCookieName}=`));
  if (!cookie) throw new Error("sign-in set no session cookie");
  return cookie.split(";")[0];
}

export type Actor = "anonymous" | "user" | "business_owner" | "admin";

/** One signed-in cookie per actor (none for anonymous), for authorization matrices. */
export async function actorCookies(): Promise<Record<Actor, string | null>> {
  const user = await createTestUser();
  const owner = await createTestUser({ roles: ["business_owner"] });
  const admin = await createTestUser({ roles: ["admin"] });
  return {
    anonymous: null,
    user: await signInCookie(user.email),
    business_owner: await signInCookie(owner.email),
    admin: await signInCookie(admin.email),
  };
}
