import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { sessionCookieName } from "#app/lib/session-cookie.server";
import { getAuth, loadSessionUser } from "#app/platform/accounts/auth.server";
import { userSuspensions } from "#app/platform/moderation/schema";
import { sessions, userGrants, userRoles, users } from "#app/platform/people/schema";
import { loadRootData } from "#app/web/root-data.server";
import { createSignedInUser, createTestUser, sessionCookieFor } from "#tests/factories/accounts";
import { getRequest } from "#tests/factories/route-calls";

// Who is asking, read in one statement for the usual session (app/platform/accounts/auth.server.ts)
// and by better-auth for every other case: each request gets its own person, never another's, and
// a change to the session or the account shows on the very next request.

function lookUp(cookie: string | null) {
  return loadSessionUser(new Headers(cookie ? { cookie } : {}));
}

function tokenOf(cookie: string) {
  return decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0];
}

describe("the session lookup", () => {
  it("answers each visitor with their own account, and nobody for a signed-out visitor", async () => {
    const ana = await createSignedInUser({ firstName: "Ana", lastName: "Mora" });
    const luis = await createSignedInUser({ firstName: "Luis", lastName: "Vargas", roles: ["admin"] });
    const [first, second, anonymous, firstAgain] = await Promise.all([
      lookUp(ana.cookie),
      lookUp(luis.cookie),
      lookUp(null),
      lookUp(ana.cookie),
    ]);
    expect(first).toMatchObject({ id: ana.id, name: "Ana Mora", firstName: "Ana", email: ana.email, role: "user" });
    expect(second).toMatchObject({ id: luis.id, name: "Luis Vargas", role: "admin" });
    expect(anonymous).toBeNull();
    expect(firstAgain?.id).toBe(ana.id);
  });

  it("gives the page's root data the visitor's own name, and none to a signed-out visitor", async () => {
    const ana = await createSignedInUser({ firstName: "Ana", lastName: "Mora" });
    const luis = await createSignedInUser({ firstName: "Luis", lastName: "Vargas" });
    const [forAna, forLuis, forNobody] = await Promise.all([
      loadRootData(getRequest("/directory", ana.cookie)),
      loadRootData(getRequest("/directory", luis.cookie)),
      loadRootData(getRequest("/directory")),
    ]);
    expect(forAna.user).toMatchObject({ id: ana.id, name: "Ana Mora" });
    expect(forLuis.user).toMatchObject({ id: luis.id, name: "Luis Vargas" });
    expect(forNobody.user).toBeNull();
  });

  it("reads role, grants and a suspension in force with the session", async () => {
    const user = await createSignedInUser({ roles: ["business_owner"] });
    await getDb()
      .insert(userGrants)
      .values({ userId: user.id, permission: "post:beach-report:any", scopeType: null, scopeId: null });
    const until = new Date(Date.now() + 86_400_000);
    await getDb().insert(userSuspensions).values({ userId: user.id, until, reason: "spam" });
    const found = await lookUp(user.cookie);
    expect(found?.role).toBe("business_owner");
    expect(found?.grants).toEqual([{ permission: "post:beach-report:any", scopeType: null, scopeId: null }]);
    expect(found?.suspension).toEqual({ until: until.toISOString(), reason: "spam" });
  });

  it("shows a new role, a disabled account and a signed-out session on the next request", async () => {
    const user = await createSignedInUser();
    expect((await lookUp(user.cookie))?.role).toBe("user");
    await getDb().insert(userRoles).values({ userId: user.id, role: "admin" });
    expect((await lookUp(user.cookie))?.role).toBe("admin");
    await getDb().update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect(await lookUp(user.cookie)).toBeNull();
    await getDb().update(users).set({ disabled: false }).where(eq(users.id, user.id));
    expect((await lookUp(user.cookie))?.id).toBe(user.id);
    await getDb()
      .delete(sessions)
      .where(eq(sessions.token, tokenOf(user.cookie)));
    expect(await lookUp(user.cookie)).toBeNull();
  });

  it("refuses a cookie whose signature does not match, or that names another session", async () => {
    const user = await createSignedInUser();
    const token = tokenOf(user.cookie);
    const other = await createTestUser();
    const otherToken = tokenOf(await sessionCookieFor(other.id));
    const signature = decodeURIComponent(user.cookie.slice(user.cookie.indexOf("=") + 1)).split(".")[1];
    // The other session's token under this one's signature.
    expect(await lookUp(`${sessionCookieName}=${encodeURIComponent(`${otherToken}.${signature}`)}`)).toBeNull();
    // The token with no signature, and with a signature of the right shape that is not the secret's.
    expect(await lookUp(`${sessionCookieName}=${token}`)).toBeNull();
    expect(await lookUp(`${sessionCookieName}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`)).toBeNull();
  });

  it("leaves an expired session to better-auth, which ends it", async () => {
    const user = await createSignedInUser();
    const token = tokenOf(user.cookie);
    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect(await lookUp(user.cookie)).toBeNull();
    expect(await getDb().select().from(sessions).where(eq(sessions.token, token))).toEqual([]);
  });

  it("leaves a session due for its daily extension to better-auth, which extends it", async () => {
    const user = await createSignedInUser();
    const token = tokenOf(user.cookie);
    const { expiresIn } = (await (await getAuth()).$context).sessionConfig;
    // Made two days ago: due for the extension a day after it was last extended.
    const twoDaysOld = new Date(Date.now() + expiresIn * 1000 - 2 * 86_400_000);
    await getDb().update(sessions).set({ expiresAt: twoDaysOld }).where(eq(sessions.token, token));
    expect((await lookUp(user.cookie))?.id).toBe(user.id);
    const [row] = await getDb().select().from(sessions).where(eq(sessions.token, token));
    expect(row.expiresAt.getTime()).toBeGreaterThan(twoDaysOld.getTime() + 86_400_000);
  });
});
