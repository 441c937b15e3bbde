import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { getAuth } from "#app/platform/accounts/auth.server";
import { authRateLimits, signInClock, signInDelayMs, signInSlowDown } from "#app/platform/accounts/auth-flows.server";
import { listOutbox } from "#app/platform/outbox/outbox.server";
import * as forgotRoute from "#app/routes/auth/forgot-password";
import * as authRoute from "#app/routes/auth/index";
import * as resetRoute from "#app/routes/auth/reset-password";
import { createTestUser, testPassword } from "#tests/factories/accounts";
import { postRequest, run, testContext } from "#tests/factories/route-calls";
import { startTestServer } from "./support/server";

// Anyone could lock anyone out: eight wrong passwords from one address made the right password fail
// from every address for 15 minutes. Now one address is limited per account, and failures on an
// account from anywhere only slow sign-in down; the owner's right password still gets in.

let waits: number[];
beforeEach(() => {
  clearRateLimitersForTests();
  waits = [];
  vi.spyOn(signInClock, "sleep").mockImplementation(async (ms) => {
    waits.push(ms);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function signIn(fields: { email: string; password: string }, ip: string, cookie?: string) {
  return run(() =>
    authRoute.action({
      request: postRequest("/auth", { intent: "sign-in", ...fields }, cookie),
      params: {},
      context: testContext(ip),
    } as never),
  );
}

function forgotPassword(email: string, ip: string) {
  return run(() =>
    forgotRoute.action({
      request: postRequest("/auth/forgot-password", { email }),
      params: {},
      context: testContext(ip),
    } as never),
  );
}

function resetWith(token: string, password: string, ip: string) {
  return run(() =>
    resetRoute.action({
      request: postRequest(`/auth/reset-password?token=${token}`, { token, password }),
      params: {},
      context: testContext(ip),
    } as never),
  );
}

/** The known-device cookie a response sets, as a Cookie header. */
function deviceCookie(headers: Headers) {
  const set = headers.getSetCookie().find((value) => value.startsWith("playa.device="));
  return set?.split(";")[0];
}

describe("sign-in lockout", () => {
  it("an attacker's failures from one address do not stop the right password from another", async () => {
    const victim = await createTestUser();
    const attacker = "198.51.100.66";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < authRateLimits.signInAccountIp.points + 4; attempt += 1) {
      statuses.push((await signIn({ email: victim.email, password: `guess ${attempt}` }, attacker)).status);
    }
    expect(statuses.slice(0, authRateLimits.signInAccountIp.points).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(authRateLimits.signInAccountIp.points).every((status) => status === 429)).toBe(true);

    const owner = await signIn({ email: victim.email, password: testPassword }, "192.0.2.10");
    expect(owner.status).toBe(302);
    expect(owner.location).toBe("/dashboard");
  });

  it("failures spread over many addresses slow the account down and hold back new devices, never the owner's", async () => {
    const victim = await createTestUser();
    const first = await signIn({ email: victim.email, password: testPassword }, "192.0.2.11");
    expect(first.status).toBe(302);
    const known = deviceCookie(first.headers);
    expect(known).toBeDefined();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const result = await signIn({ email: victim.email, password: `guess ${attempt}` }, `198.51.100.${100 + attempt}`);
      statuses.push(result.status);
    }
    // Devices the account has never used share one limit (the owner's own sign-in on a new device
    // gave its attempt back); past it they are refused.
    const checked = authRateLimits.signInAccount.points;
    expect(statuses.slice(0, checked).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(checked).every((status) => status === 429)).toBe(true);
    // No wait for the first few failures, then doubling waits.
    expect(waits.length).toBe(checked - signInSlowDown.freeFailures);
    expect(waits[0]).toBe(signInSlowDown.baseDelayMs);
    for (let i = 1; i < waits.length; i += 1) expect(waits[i]).toBeGreaterThan(waits[i - 1]);

    // The owner on the device they signed in on before still gets in (after the capped wait).
    const owner = await signIn({ email: victim.email, password: testPassword }, "192.0.2.12", known);
    expect(owner.status).toBe(302);
    // A success clears the account's failures: the next sign-in does not wait.
    waits.length = 0;
    expect((await signIn({ email: victim.email, password: testPassword }, "192.0.2.12", known)).status).toBe(302);
    expect(waits).toEqual([]);
  });

  it("64 wrong passwords at once from 8 addresses: each counted before it is checked, most never checked", async () => {
    const victim = await createTestUser();
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        signIn({ email: victim.email, password: `parallel guess ${i}` }, `203.0.113.${1 + (i % 8)}`),
      ),
    );
    const checked = results.filter((result) => result.status === 401).length;
    expect(checked).toBeLessThanOrEqual(authRateLimits.signInAccount.points);
    expect(results.every((result) => result.status === 401 || result.status === 429)).toBe(true);
    // Attempts running together each waited longer than the one before: none read a stale count.
    expect(new Set(waits).size).toBe(waits.length);
  });

  it("the owner signing in on many new browsers does not use up the limit for new devices", async () => {
    const owner = await createTestUser();
    for (let browser = 0; browser < authRateLimits.signInAccount.points + 3; browser += 1)
      expect((await signIn({ email: owner.email, password: testPassword }, "192.0.2.60")).status).toBe(302);
  });

  it("a stranger's device is told what still works; a reset by email lets it in", async () => {
    const victim = await createTestUser();
    for (let attempt = 0; attempt < authRateLimits.signInAccount.points; attempt += 1)
      await signIn({ email: victim.email, password: `guess ${attempt}` }, `198.51.100.${150 + attempt}`);
    const refused = await signIn({ email: victim.email, password: testPassword }, "192.0.2.30");
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.data)).toContain("newDeviceLimited");

    expect((await forgotPassword(victim.email, "192.0.2.30")).status).toBe(200);
    const { entries } = await listOutbox({ to: victim.email });
    const token = entries[0].text.match(/reset-password\?token=([\w-]+)/)?.[1] ?? "";
    const reset = await resetWith(token, "a fresh long passphrase", "192.0.2.30");
    expect(reset.status).toBe(200);
    const known = deviceCookie(reset.headers);
    expect(known).toBeDefined();
    const owner = await signIn({ email: victim.email, password: "a fresh long passphrase" }, "192.0.2.30", known);
    expect(owner.status).toBe(302);
  });

  it("an IPv6 visitor is one address for its whole /64", async () => {
    const victim = await createTestUser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= authRateLimits.signInAccountIp.points; attempt += 1) {
      const ip = `2001:db8:77:1:${(attempt + 1).toString(16)}::${attempt + 7}`;
      statuses.push((await signIn({ email: victim.email, password: `guess ${attempt}` }, ip)).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it("the delay grows from nothing to the cap", () => {
    expect(signInDelayMs(0)).toBe(0);
    expect(signInDelayMs(signInSlowDown.freeFailures - 1)).toBe(0);
    expect(signInDelayMs(signInSlowDown.freeFailures)).toBe(signInSlowDown.baseDelayMs);
    expect(signInDelayMs(signInSlowDown.freeFailures + 1)).toBe(signInSlowDown.baseDelayMs * 2);
    expect(signInDelayMs(1000)).toBe(signInSlowDown.maxDelayMs);
  });
});

describe("password reset cannot be blocked by someone else", () => {
  const forgot = forgotPassword;

  it("requests from other addresses neither refuse the owner nor flood their inbox, and the last link works", async () => {
    const victim = await createTestUser();
    // One address asking again and again is refused; many addresses are not, but send at most a few emails.
    const attacker = "198.51.100.70";
    for (let attempt = 0; attempt < authRateLimits.resetAccountIp.points; attempt += 1)
      expect((await forgot(victim.email, attacker)).status).toBe(200);
    expect((await forgot(victim.email, attacker)).status).toBe(429);
    for (let attempt = 0; attempt < 12; attempt += 1)
      expect((await forgot(victim.email, `203.0.113.${attempt + 1}`)).status).toBe(200);

    const owner = await forgot(victim.email, "192.0.2.44");
    expect(owner.status).toBe(200);
    expect(owner.data.sentTo).toBe(victim.email);

    const { entries } = await listOutbox({ to: victim.email });
    const resets = entries.filter((entry) => entry.text.includes("/auth/reset-password?token="));
    expect(resets.length).toBe(authRateLimits.resetEmailsPerAccount.points);
    // The newest link in the inbox still resets the password.
    const token = resets[0].text.match(/reset-password\?token=([\w-]+)/)?.[1] ?? "";
    const reset = await resetWith(token, "a brand new long phrase", "192.0.2.44");
    expect(reset.status).toBe(200);
    expect(reset.data.outcome).toBe("done");
  });

  it("links last at least as long as the window in which no new email is sent", async () => {
    const auth = await getAuth();
    expect(auth.options.emailAndPassword?.resetPasswordTokenExpiresIn).toBeGreaterThanOrEqual(
      authRateLimits.resetEmailsPerAccount.durationSeconds,
    );
  });
});

describe("every 429 carries Retry-After", () => {
  const server = startTestServer();

  it("sign-in refused for too many attempts: the page and the .data request", async () => {
    const victim = await createTestUser();
    const post = (path: string) =>
      server.request(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin },
        body: new URLSearchParams({ intent: "sign-in", email: victim.email, password: "not the password" }),
      });
    for (let attempt = 0; attempt < authRateLimits.signInAccountIp.points; attempt += 1) {
      const response = await post("/auth");
      await response.arrayBuffer();
      expect(response.status).toBe(401);
    }
    for (const path of ["/auth", "/es/auth", "/auth.data"]) {
      const response = await post(path);
      const body = await response.text();
      expect(response.status, path).toBe(429);
      const retryAfter = Number(response.headers.get("retry-after"));
      // The limit's own wait: up to its 15-minute window, in seconds.
      expect(retryAfter, path).toBeGreaterThan(60);
      expect(retryAfter, path).toBeLessThanOrEqual(authRateLimits.signInAccountIp.durationSeconds);
      expect(body.length).toBeGreaterThan(0);
    }
  });

  it("the password-reset request and the contact form too", async () => {
    const forgot = () =>
      server.request("/auth/forgot-password", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin },
        body: new URLSearchParams({ email: "someone-else@example.test" }),
      });
    let last: Response | undefined;
    for (let attempt = 0; attempt <= authRateLimits.resetAccountIp.points; attempt += 1) {
      last = await forgot();
      await last.arrayBuffer();
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);

    const contact = () =>
      server.request("/contact", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin },
        body: new URLSearchParams({
          name: "Ana",
          email: "ana@example.test",
          subject: "Hello",
          message: "A question about the beach clean-up on Saturday.",
        }),
      });
    let status = 0;
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 10 && status !== 429; attempt += 1) {
      const response = await contact();
      await response.arrayBuffer();
      status = response.status;
      retryAfter = response.headers.get("retry-after");
    }
    expect(status).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
