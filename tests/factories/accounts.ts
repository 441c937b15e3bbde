import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { StoredRole } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { sessionCookieName } from "#app/lib/session-cookie.server";
import { getAuth } from "#app/platform/accounts/auth.server";
import { hashPassword } from "#app/platform/accounts/auth-flows.server";
import { accounts, userRoles, users } from "#app/platform/people/schema";
import { uniqueId } from "./unique";

export const testPassword = "tide pools at potrero";

// Hashing is deliberately slow; one salted hash of the shared test password serves every user.
let passwordHash: Promise<string> | undefined;
function testPasswordHash() {
  passwordHash ??= hashPassword(testPassword);
  return passwordHash;
}

export interface TestUserOptions {
  roles?: StoredRole[];
  email?: string;
  firstName?: string;
  lastName?: string;
  disabled?: boolean;
  /** false: signed up but not confirmed yet. */
  emailVerified?: boolean;
  preferredLanguage?: "en" | "es";
}

/** A confirmed user with a password, and the roles asked for (none: a regular user). */
export async function createTestUser(options: TestUserOptions = {}) {
  const id = uniqueId("test");
  const email = options.email ?? `${id}@example.test`;
  const firstName = options.firstName ?? "Test";
  const lastName = options.lastName ?? "User";
  const db = getDb();
  await db.insert(users).values({
    id,
    email,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    emailVerified: options.emailVerified ?? true,
    disabled: options.disabled ?? false,
    preferredLanguage: options.preferredLanguage ?? "en",
  });
  await db.insert(accounts).values({
    id: `${id}-cred`,
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await testPasswordHash(),
  });
  for (const role of options.roles ?? []) await db.insert(userRoles).values({ userId: id, role });
  return { id, email, firstName, lastName, roles: options.roles ?? [], password: testPassword };
}

/** A user made earlier, in the shape createTestUser answers (null when there is none). */
export async function getTestUser(id: string) {
  const [user] = await getDb().select().from(users).where(eq(users.id, id));
  if (!user) return null;
  const roles = await getDb().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id));
  return {
    id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: roles.map((row) => row.role as StoredRole),
    password: testPassword,
  };
}

/**
 * A session made directly in the database (no sign-in form, no password hashing), as the Cookie
 * header a browser would send: better-auth's own session row, and its signed cookie value.
 */
export async function sessionCookieFor(userId: string): Promise<string> {
  const context = await (await getAuth()).$context;
  const session = await context.internalAdapter.createSession(userId);
  // better-auth signs the token with HMAC-SHA256 of the secret, base64, then URL-encodes it.
  const signature = createHmac("sha256", context.secret).update(session.token).digest("base64");
  return `${sessionCookieName}=${encodeURIComponent(`${session.token}.${signature}`)}`;
}

/** A user with the given roles and a session: the pair most route tests start from. */
export async function createSignedInUser(options: TestUserOptions = {}) {
  const user = await createTestUser(options);
  return { ...user, cookie: await sessionCookieFor(user.id) };
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
  return {
    anonymous: null,
    user: (await createSignedInUser()).cookie,
    business_owner: (await createSignedInUser({ roles: ["business_owner"] })).cookie,
    admin: (await createSignedInUser({ roles: ["admin"] })).cookie,
  };
}
