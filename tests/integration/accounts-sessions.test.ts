import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "#app/lib/db.server";
import { parseFormMessage } from "#app/lib/form-message";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { getAuth } from "#app/platform/accounts/auth.server";
import { authRateLimits, signInClock } from "#app/platform/accounts/auth-flows.server";
import { auditLog } from "#app/platform/audit/schema";
import { listOutbox, setEmailTransport } from "#app/platform/outbox/outbox.server";
import { emailOutbox } from "#app/platform/outbox/schema";
import { sessions, userRoles, users } from "#app/platform/people/schema";
import * as adminUserRoute from "#app/routes/admin/users/$userId";
import * as forgotRoute from "#app/routes/auth/forgot-password";
import * as authRoute from "#app/routes/auth/index";
import * as resetRoute from "#app/routes/auth/reset-password";
import * as signOutRoute from "#app/routes/auth/sign-out";
import * as verifyRoute from "#app/routes/auth/verify";
import * as settingsRoute from "#app/routes/dashboard/settings";
import { getSessionUser } from "#app/web/session.server";
import { createTestUser, signInCookie, testPassword } from "#tests/factories/accounts";
import { expectRedirectWithToast } from "#tests/factories/flash";
import {
  callRoute,
  getRequest,
  loadPage,
  postForm,
  postRequest,
  run,
  sessionCookieFrom,
  shown,
  testContext,
} from "#tests/factories/route-calls";

beforeEach(() => {
  clearRateLimitersForTests();
  setEmailTransport(null);
});

async function isSignedIn(cookie: string | null) {
  return (await getSessionUser(getRequest("/", cookie))) !== null;
}

function signInPost(
  fields: Record<string, string>,
  options: { path?: string; cookie?: string | null; ip?: string } = {},
) {
  return run(() =>
    authRoute.action({
      request: postRequest(options.path ?? "/auth", { intent: "sign-in", ...fields }, options.cookie),
      params: {},
      context: testContext(options.ip),
    } as never),
  );
}

function signUpPost(fields: Record<string, string>, options: { path?: string; ip?: string } = {}) {
  return run(() =>
    authRoute.action({
      request: postRequest(options.path ?? "/auth", { intent: "sign-up", ...fields }),
      params: {},
      context: testContext(options.ip),
    } as never),
  );
}

async function latestEmailTo(to: string) {
  const { entries } = await listOutbox({ to });
  return entries[0];
}

async function confirmationEmailsTo(to: string) {
  const { entries } = await listOutbox({ to });
  return entries.filter((entry) => entry.text.includes("/auth/verify?token="));
}

function tokenIn(text: string) {
  return new URL(text.match(/https?:\/\/\S+\/auth\/verify\?\S+/)?.[0] ?? "http://x").searchParams;
}

describe("confirmation emails on sign-in before confirming", () => {
  it("sends a new link at most once per 10 minutes, and the page says which happened", async () => {
    const user = await createTestUser({ emailVerified: false, preferredLanguage: "es" });
    const attempt = async () => {
      const result = await signInPost({ email: user.email, password: testPassword }, { path: "/es/auth" });
      expect(result.status).toBe(403);
      return result.data.result.error[""][0] as string;
    };

    const first = await attempt();
    expect(parseFormMessage(first).key).toBe("accounts:auth.errors.emailNotVerifiedSent");
    expect(await shown("es", first)).toContain(user.email);
    expect(await confirmationEmailsTo(user.email)).toHaveLength(1);

    for (let n = 0; n < 3; n += 1) {
      const again = await attempt();
      expect(parseFormMessage(again).key).toBe("accounts:auth.errors.emailNotVerifiedRecent");
      expect(await shown("es", again)).toMatch(/hace menos de 10 minutos/);
    }
    expect(await confirmationEmailsTo(user.email)).toHaveLength(1);

    // Eleven minutes later, the next attempt sends a fresh link.
    await getDb()
      .update(emailOutbox)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(emailOutbox.to, user.email));
    expect(parseFormMessage(await attempt()).key).toBe("accounts:auth.errors.emailNotVerifiedSent");
    expect(await confirmationEmailsTo(user.email)).toHaveLength(2);
  });
});

describe("confirming signs in only in the browser that signed up", () => {
  it("signs in and goes to redirectTo with the sign-up cookie; elsewhere it only confirms", async () => {
    const signUp = async (email: string) => {
      const result = await signUpPost({
        firstName: "Marta",
        lastName: "Solano",
        email,
        password: "mangos en la playa",
        redirectTo: "/es/dashboard/settings",
      });
      expect(result.status).toBe(200);
      const cookie = result.headers.getSetCookie().find((value) => value.startsWith("playa.sign_up="));
      expect(cookie).toMatch(/HttpOnly/);
      const [mail] = await confirmationEmailsTo(email);
      return { cookie: cookie?.split(";")[0] ?? "", params: tokenIn(mail.text) };
    };
    const verify = (params: URLSearchParams, cookie: string | null) =>
      loadPage(verifyRoute, `/auth/verify?${params.toString()}`, cookie);

    const here = await signUp("marta@example.test");
    expect(here.params.get("redirectTo")).toBe("/es/dashboard/settings");
    const landed = await verify(here.params, here.cookie);
    expect(landed.status).toBe(302);
    expect(landed.location).toBe("/es/dashboard/settings");
    expect(await isSignedIn(sessionCookieFrom(landed.headers))).toBe(true);

    // The link opened in another browser (or forwarded): confirmed, but nobody is signed in.
    const there = await signUp("marta.otra@example.test");
    const elsewhere = await verify(there.params, null);
    expect(elsewhere.data.verified).toBe(true);
    expect(elsewhere.headers.getSetCookie()).toEqual([]);
    const [confirmed] = await getDb().select().from(users).where(eq(users.email, "marta.otra@example.test"));
    expect(confirmed.emailVerified).toBe(true);
    // Another address's sign-up cookie does not count either.
    const third = await signUp("marta.tres@example.test");
    const wrongCookie = await verify(third.params, here.cookie);
    expect(wrongCookie.data.verified).toBe(true);
    expect(wrongCookie.location).toBeNull();
  });
});

describe("sign up, confirm, sign in", () => {
  it("creates an unconfirmed account, emails a link in the chosen language, and the link confirms it", async () => {
    const email = "nueva@example.test";
    const result = await signUpPost(
      { firstName: "Nueva", lastName: "Persona", email, password: "mangos en la playa" },
      { path: "/es/auth" },
    );
    expect(result.status).toBe(200);
    expect(result.data.sentTo).toBe(email);
    const [user] = await getDb().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      firstName: "Nueva",
      lastName: "Persona",
      preferredLanguage: "es",
      emailVerified: false,
    });

    // Not confirmed yet: sign-in is refused; the link sent a moment ago is still the one to use.
    const early = await signInPost({ email, password: "mangos en la playa" });
    expect(early.status).toBe(403);
    expect(parseFormMessage(early.data.result.error[""][0]).key).toBe("accounts:auth.errors.emailNotVerifiedRecent");

    const mail = await latestEmailTo(email);
    expect(mail.subject).toMatch(/Confirme su correo/);
    const token = new URL(
      mail.text.match(/https?:\/\/\S+\/es\/auth\/verify\?token=\S+/)?.[0] ?? "http://x",
    ).searchParams.get("token");
    expect(token).toBeTruthy();
    const verified = await loadPage(verifyRoute, `/es/auth/verify?token=${token}`);
    expect(verified.data.verified).toBe(true);

    const signedIn = await signInPost({ email, password: "mangos en la playa", redirectTo: "/es/dashboard" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/es/dashboard");
    const cookieHeader = signedIn.headers.getSetCookie().find((value) => value.startsWith("playa.session_token="));
    expect(cookieHeader).toMatch(/HttpOnly/i);
    expect(cookieHeader).toMatch(/SameSite=Lax/i);
    expect(cookieHeader).not.toMatch(/Secure/i);
    expect(await isSignedIn(sessionCookieFrom(signedIn.headers))).toBe(true);
  });

  it("a bad or missing confirmation token is refused", async () => {
    for (const path of ["/auth/verify?token=forged", "/auth/verify", `/auth/verify?token=${"x".repeat(5000)}`]) {
      const result = await loadPage(verifyRoute, path);
      expect(result.data.verified).toBe(false);
    }
  });

  it("signing up with a registered email answers like a success and emails that address a notice", async () => {
    const existing = await createTestUser({ email: "taken@example.test" });
    const fresh = await signUpPost({
      firstName: "Other",
      lastName: "Person",
      email: "fresh@example.test",
      password: "a long unusual phrase",
    });
    const taken = await signUpPost({
      firstName: "Other",
      lastName: "Person",
      email: existing.email,
      password: "a long unusual phrase",
    });
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.data)).toEqual(Object.keys(fresh.data));
    expect(taken.data.sentTo).toBe(existing.email);
    const notice = await latestEmailTo(existing.email);
    expect(notice.subject).toMatch(/tried to sign up/);
    const [row] = await getDb()
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.email, existing.email));
    expect(row.firstName).toBe("Test");
  });

  it("a wrong password and an unknown email get the same answer", async () => {
    const user = await createTestUser();
    const wrong = await signInPost({ email: user.email, password: "not it at all" });
    const unknown = await signInPost({ email: "nobody@example.test", password: "not it at all" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.data.result.error).toEqual(unknown.data.result.error);
    expect(wrong.data.result.initialValue).toEqual({ intent: "sign-in", email: user.email });
  });

  it("only same-site redirectTo paths are followed", async () => {
    const user = await createTestUser();
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      clearRateLimitersForTests();
      const result = await signInPost({ email: user.email, password: testPassword, redirectTo });
      expect(result.location).toBe("/dashboard");
    }
    const fine = await signInPost({ email: user.email, password: testPassword, redirectTo: "/dashboard/settings?x=1" });
    expect(fine.location).toBe("/dashboard/settings?x=1");
  });

  it("adds Secure to the cookie behind HTTPS", async () => {
    const user = await createTestUser();
    const request = new Request("http://localhost/auth", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-proto": "https" },
      body: new URLSearchParams({ intent: "sign-in", email: user.email, password: testPassword }).toString(),
    });
    const result = await callRoute(authRoute, "action", request);
    expect(result.headers.getSetCookie().find((value) => value.startsWith("playa.session_token="))).toMatch(/; Secure/);
  });
});

describe("hostile input", () => {
  const hostile = ["a".repeat(10_000), "<script>alert(1)</script>", "' OR 1=1; --", "🦩🌊", "\u0000", "", " "];

  it("every sign-up field answers 400 with a message per field, never an exception", async () => {
    for (const value of hostile) {
      const result = await signUpPost({ firstName: value, lastName: value, email: value, password: value.slice(0, 5) });
      expect(result.status).toBe(400);
      const errors = result.data.result.error;
      // Emoji and apostrophes are fine in a name (O'Brien); SQL is only text to us.
      const nameIsValid = value === "🦩🌊" || value === "' OR 1=1; --";
      for (const field of nameIsValid ? ["email", "password"] : ["firstName", "lastName", "email", "password"]) {
        expect(errors[field], `${field} with ${JSON.stringify(value.slice(0, 20))}`).toBeTruthy();
      }
      if (nameIsValid) expect(errors.firstName).toBeUndefined();
      expect(result.data.result.initialValue?.password).toBeUndefined();
    }
  });

  it("wrong types and missing fields are refused cleanly", async () => {
    const missing = await postForm(authRoute, "/auth", {});
    expect(missing.status).toBe(400);
    const odd = await postForm(authRoute, "/auth", { intent: "sign-in", email: "a@b.cr", password: "p".repeat(129) });
    expect(odd.status).toBe(400);
    expect(odd.data.result.error.password).toEqual(["accounts:auth.errors.passwordTooLong"]);
  });

  it("a common password is refused on the server, with its own message", async () => {
    const result = await signUpPost({
      firstName: "Ana",
      lastName: "Mora",
      email: "ana.common@example.test",
      password: "puravida123",
    });
    expect(result.data.result.error.password).toEqual(["accounts:auth.errors.passwordCommon"]);
  });
});

describe("rate limits", () => {
  it("refuse one address guessing one account's password, before any password hash is computed", async () => {
    const user = await createTestUser();
    const context = await (await getAuth()).$context;
    const sleep = vi.spyOn(signInClock, "sleep").mockResolvedValue();
    const ip = "203.0.113.5";
    for (let attempt = 0; attempt < authRateLimits.signInAccountIp.points; attempt += 1) {
      const result = await signInPost({ email: user.email, password: `wrong ${attempt}` }, { ip });
      expect(result.status).toBe(401);
    }
    const hash = vi.spyOn(context.password, "hash");
    const verify = vi.spyOn(context.password, "verify");
    const limited = await signInPost({ email: user.email, password: testPassword }, { ip, path: "/es/auth" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await shown("es", limited.data.result.error[""][0])).toMatch(/Demasiados intentos/);
    expect(hash).not.toHaveBeenCalled();
    expect(verify).not.toHaveBeenCalled();
    hash.mockRestore();
    verify.mockRestore();
    sleep.mockRestore();
  });

  it("refuse sign-in attempts per IP across accounts", async () => {
    const ip = "203.0.113.77";
    for (let attempt = 0; attempt < authRateLimits.signInIp.points; attempt += 1) {
      await signInPost({ email: `person${attempt}@example.test`, password: "whatever it is" }, { ip });
    }
    const limited = await signInPost({ email: "another@example.test", password: "whatever it is" }, { ip });
    expect(limited.status).toBe(429);
    const elsewhere = await signInPost(
      { email: "another@example.test", password: "whatever it is" },
      { ip: "203.0.113.78" },
    );
    expect(elsewhere.status).toBe(401);
  });

  it("limit sign-ups per account and password-reset requests per account", async () => {
    const fields = {
      firstName: "Rate",
      lastName: "Limit",
      email: "limit-me@example.test",
      password: "a long unusual phrase",
    };
    for (let attempt = 0; attempt < authRateLimits.signUpAccount.points; attempt += 1) {
      expect((await signUpPost(fields, { ip: `192.0.2.${attempt}` })).status).toBe(200);
    }
    expect((await signUpPost(fields, { ip: "192.0.2.99" })).status).toBe(429);

    const forgot = (ip: string) =>
      run(() =>
        forgotRoute.action({
          request: postRequest("/auth/forgot-password", { email: "limit-me@example.test" }),
          params: {},
          context: testContext(ip),
        } as never),
      );
    // Per account a reset is limited per asking address; other addresses are still answered (the
    // number of emails is capped instead; tests/security/lockout.test.ts).
    for (let attempt = 0; attempt < authRateLimits.resetAccountIp.points; attempt += 1)
      expect((await forgot("192.0.2.10")).status).toBe(200);
    expect((await forgot("192.0.2.10")).status).toBe(429);
    expect((await forgot("192.0.2.98")).status).toBe(200);
  });
});

describe("sessions", () => {
  it("rotate at sign-in: the session the browser came with ends, a new token replaces it", async () => {
    const user = await createTestUser();
    const before = await signInCookie(user.email);
    const result = await signInPost({ email: user.email, password: testPassword }, { cookie: before });
    const after = sessionCookieFrom(result.headers);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(await isSignedIn(before)).toBe(false);
    expect(await isSignedIn(after)).toBe(true);
  });

  it("sign-out ends the session on the server, not just in the browser", async () => {
    const user = await createTestUser();
    const cookie = await signInCookie(user.email);
    const result = await postForm(signOutRoute, "/es/auth/sign-out", {}, cookie);
    expect(result.status).toBe(302);
    expect(result.location).toBe("/es");
    expect(result.headers.getSetCookie().join(";")).toMatch(/playa\.session_token=;.*Max-Age=0/);
    // The old cookie, replayed, is worth nothing.
    expect(await isSignedIn(cookie)).toBe(false);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("sign out everywhere ends every session of the user", async () => {
    const user = await createTestUser();
    const laptop = await signInCookie(user.email);
    const phone = await signInCookie(user.email);
    const other = await createTestUser();
    const otherCookie = await signInCookie(other.email);
    const result = await postForm(settingsRoute, "/dashboard/settings", { intent: "sessions" }, laptop);
    await expectRedirectWithToast(result, "/auth", "signedOutEverywhere");
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(otherCookie)).toBe(true);
  });

  it("a password change ends the other sessions and keeps this browser signed in", async () => {
    const user = await createTestUser();
    const here = await signInCookie(user.email);
    const elsewhere = await signInCookie(user.email);
    const result = await postForm(
      settingsRoute,
      "/dashboard/settings",
      { intent: "password", currentPassword: testPassword, newPassword: "a new and longer phrase" },
      here,
    );
    // Back to the settings page with a toast; the inline notice it replaced is gone.
    await expectRedirectWithToast(result, "/dashboard/settings", "passwordChanged");
    const renewed = sessionCookieFrom(result.headers);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect(await isSignedIn(renewed)).toBe(true);
    await expect(signInCookie(user.email, "a new and longer phrase")).resolves.toBeTruthy();
  });

  it("a password reset by email sets the new password and ends every session", async () => {
    const user = await createTestUser({ email: "reset-me@example.test" });
    const cookie = await signInCookie(user.email);
    await postForm(forgotRoute, "/auth/forgot-password", { email: user.email });
    const mail = await latestEmailTo(user.email);
    const token =
      new URL(mail.text.match(/https?:\/\/\S+\/auth\/reset-password\?token=\S+/)?.[0] ?? "http://x").searchParams.get(
        "token",
      ) ?? "";
    expect(token).not.toBe("");
    const common = await postForm(resetRoute, "/auth/reset-password", { token, password: "password123" });
    expect(common.data.result.error.password).toEqual(["accounts:auth.errors.passwordCommon"]);
    const done = await postForm(resetRoute, "/auth/reset-password", { token, password: "sunset over catalinas" });
    expect(done.data.outcome).toBe("done");
    expect(await isSignedIn(cookie)).toBe(false);
    await expect(signInCookie(user.email, "sunset over catalinas")).resolves.toBeTruthy();
    const reused = await postForm(resetRoute, "/auth/reset-password", { token, password: "another fine phrase" });
    expect(reused.data.outcome).toBe("invalid");
  });

  it("a reset request for an unknown address answers the same and sends nothing", async () => {
    const result = await postForm(forgotRoute, "/auth/forgot-password", { email: "ghost@example.test" });
    expect(result.data.sentTo).toBe("ghost@example.test");
    expect((await listOutbox({ to: "ghost@example.test" })).total).toBe(0);
  });
});

describe("administration", () => {
  it("disabling an account ends its sessions, stops sign-in, and is audited", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    const adminCookie = await signInCookie(admin.email);
    const target = await createTestUser();
    const targetCookie = await signInCookie(target.email);
    const result = await postForm(adminUserRoute, `/admin/users/${target.id}`, { intent: "disable" }, adminCookie, {
      userId: target.id,
    });
    await expectRedirectWithToast(result, `/admin/users/${target.id}`, "accountDisabled");
    expect(await isSignedIn(targetCookie)).toBe(false);
    const attempt = await signInPost({ email: target.email, password: testPassword });
    expect(attempt.data.result.error[""]).toEqual(["accounts:auth.errors.accountDisabled"]);
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(entry).toMatchObject({ actorId: admin.id, action: "user.disable", targetType: "user" });
  });

  it("grant and revoke change the resolved role at once and write audit rows; the last admin stays", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    const adminCookie = await signInCookie(admin.email);
    const target = await createTestUser();
    const targetCookie = await signInCookie(target.email);
    const act = (fields: Record<string, string>, userId = target.id) =>
      postForm(adminUserRoute, `/admin/users/${userId}`, fields, adminCookie, { userId });
    await act({ intent: "grant", role: "business_owner" });
    expect((await getSessionUser(getRequest("/", targetCookie)))?.role).toBe("business_owner");
    await act({ intent: "revoke", role: "business_owner" });
    expect((await getSessionUser(getRequest("/", targetCookie)))?.role).toBe("user");
    const bad = await act({ intent: "grant", role: "superuser" });
    expect(bad.status).toBe(400);
    const self = await act({ intent: "revoke", role: "admin" }, admin.id);
    expect(self.status).toBe(403);
    const disableSelf = await act({ intent: "disable" }, admin.id);
    expect(disableSelf.status).toBe(403);
    const actions = (
      await getDb().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, target.id))
    ).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["user.role.grant", "user.role.revoke"]));
    const missing = await act({ intent: "grant", role: "admin" }, "no-such-user");
    expect(missing.status).toBe(404);
  });

  it("deleting one's own account needs the email and password, then removes the personal data", async () => {
    const user = await createTestUser({ email: "leaving@example.test" });
    const cookie = await signInCookie(user.email);
    await getDb().insert(emailOutbox).values({ to: user.email, subject: "x", text: "x", status: "kept" });
    await getDb().insert(userRoles).values({ userId: user.id, role: "business_owner" });
    const post = (fields: Record<string, string>) =>
      postForm(settingsRoute, "/dashboard/settings", { intent: "delete", ...fields }, cookie);
    const mismatch = await post({ confirmEmail: "someone@else.test", password: testPassword });
    expect(mismatch.data.result.error.confirmEmail).toEqual(["accounts:dashboard.settings.delete.confirmMismatch"]);
    const wrongPassword = await post({ confirmEmail: user.email, password: "not it" });
    expect(wrongPassword.data.result.error.password).toBeTruthy();
    const done = await post({ confirmEmail: user.email.toUpperCase(), password: testPassword });
    await expectRedirectWithToast(done, "/", "accountDeleted");
    expect(await getDb().select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await getDb().select().from(userRoles).where(eq(userRoles.userId, user.id))).toHaveLength(0);
    expect((await listOutbox({ to: user.email })).total).toBe(0);
    expect(await isSignedIn(cookie)).toBe(false);
  });
});
