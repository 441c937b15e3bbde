import { isAPIError } from "better-auth/api";
import { and, count, eq } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { env } from "#app/lib/env.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import {
  consumeRateLimit,
  countEvent,
  giveBackRateLimit,
  resetCount,
  resetRateLimit,
} from "#app/lib/rate-limit.server";
import { sessionCookieName, sessionTokenFromCookie } from "#app/lib/session-cookie.server";
import {
  confirmationResendMinutes,
  getAuth,
  signedUpEmail,
  signUpCookie,
  withAuthCall,
} from "#app/platform/accounts/auth.server";
import { hasRecentEmail } from "#app/platform/outbox/outbox.server";
import { accounts, sessions, users } from "../people/schema";
import { knownDeviceFor, rememberDevice } from "./known-devices.server";

// The sign-in, sign-up, reset and session flows. Each one counts its attempt against the rate
// limits BEFORE better-auth computes a password hash, so a flood of guesses costs us a counter
// increment, not a scrypt run. Answers never say whether an email is registered: wrong password
// and unknown email fail alike, and sign-up always "succeeds".
//
// Sign-in never locks the owner out: a limit that refused everyone would let anyone lock anyone
// out by typing wrong passwords. Each attempt is counted before its password is checked (counted
// after, parallel guesses all passed the same check). Limits: per address (an IPv6 /64 is one
// address), per (account, address), and per account across every device the account has not
// signed in on before; a device that has (a signed cookie, known-devices.server.ts) has a limit of
// its own instead, so the owner still gets in while strangers are held back. Proving the address
// by email (a password reset) makes a device known. Failures on the account also slow every
// attempt down (a growing, capped wait before the password is checked). docs/accounts.md.

const ipScale = () => env().RATE_LIMIT_IP_SCALE;

export const authRateLimits = {
  get signInIp() {
    return { points: 30 * ipScale(), durationSeconds: 15 * 60 };
  },
  /** One address guessing one account's password. */
  signInAccountIp: { points: 8, durationSeconds: 15 * 60 },
  /** Every device the account has never signed in on, together, against one account. */
  signInAccount: { points: 10, durationSeconds: 15 * 60 },
  /** One device the account has signed in on before. */
  signInKnownDevice: { points: 8, durationSeconds: 15 * 60 },
  get signUpIp() {
    return { points: 10 * ipScale(), durationSeconds: 60 * 60 };
  },
  signUpAccount: { points: 3, durationSeconds: 60 * 60 },
  get resetIp() {
    return { points: 10 * ipScale(), durationSeconds: 60 * 60 };
  },
  /** One address asking for one account's reset link. */
  resetAccountIp: { points: 3, durationSeconds: 60 * 60 },
  /**
   * Reset emails one account receives, whoever asks. Never a refusal: then anyone could block the
   * owner's reset by asking first. Over it nothing more is sent and the page answers as usual; the
   * links already sent still work, since each lasts as long as this window (an hour).
   */
  resetEmailsPerAccount: { points: 5, durationSeconds: 60 * 60 },
  passwordAccount: { points: 8, durationSeconds: 15 * 60 },
};

/** Failed sign-ins for an account (from any address) before each attempt starts to wait. */
export const signInSlowDown = {
  durationSeconds: 15 * 60,
  freeFailures: 5,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
};

/** The wait before checking a password, after `failures` recent failures on the account. */
export function signInDelayMs(failures: number): number {
  if (failures < signInSlowDown.freeFailures) return 0;
  return Math.min(
    signInSlowDown.maxDelayMs,
    signInSlowDown.baseDelayMs * 2 ** (failures - signInSlowDown.freeFailures),
  );
}

/** The clock the slow-down waits on (tests replace it to see the waits without waiting). */
export const signInClock = {
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/** What better-auth needs to know about the visitor: their browser and the IP we trust. */
export interface ClientInfo {
  ip: string;
  userAgent?: string | null;
}

function clientHeaders(client: ClientInfo, cookie?: string | null): Headers {
  const headers = new Headers();
  if (client.userAgent) headers.set("user-agent", client.userAgent.slice(0, 500));
  headers.set("x-forwarded-for", client.ip);
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

function errorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: string } | undefined;
  return body?.code;
}

function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export type SignInResult =
  | { ok: true; userId: string; cookies: Headers }
  | { ok: false; reason: "invalid" | "disabled" }
  /** The right password, but the address is not confirmed: `emailSent` says whether a new link went out. */
  | { ok: false; reason: "unverified"; emailSent: boolean };

export async function signIn(options: {
  email: string;
  password: string;
  client: ClientInfo;
  /** The request's cookie header: a session it carries is ended (rotation). */
  cookie?: string | null;
  /** Where the person was going, carried through a new confirmation link. */
  redirectTo?: string;
}): Promise<SignInResult> {
  const email = normalizeEmail(options.email);
  const pairKey = `sign-in:account-ip:${email}:${options.client.ip}`;
  const failuresKey = { key: `sign-in:failures:${email}`, durationSeconds: signInSlowDown.durationSeconds };
  await consumeRateLimit({ key: `sign-in:ip:${options.client.ip}`, ...authRateLimits.signInIp });
  await consumeRateLimit({ key: pairKey, ...authRateLimits.signInAccountIp });
  const device = await knownDeviceFor(options.cookie, email);
  if (device) {
    await consumeRateLimit({ key: `sign-in:device:${device}`, ...authRateLimits.signInKnownDevice });
  } else {
    try {
      await consumeRateLimit({ key: `sign-in:account:${email}`, ...authRateLimits.signInAccount });
    } catch (error) {
      // Says what still works: a device used before, or a reset by email (which makes this one known).
      if (error instanceof AppError && error.code === "rate_limited")
        throw new AppError("rate_limited", "accounts:auth.errors.newDeviceLimited", error.details);
      throw error;
    }
  }
  // Counted before the password is checked, so attempts running at the same time each wait longer
  // than the one before instead of all reading the same count.
  const delay = signInDelayMs((await countEvent(failuresKey)) - 1);
  if (delay > 0) await signInClock.sleep(delay);
  const auth = await getAuth();
  try {
    const result = await withAuthCall(() =>
      auth.api.signInEmail({
        body: { email, password: options.password },
        headers: clientHeaders(options.client),
        returnHeaders: true,
      }),
    );
    // Session rotation: whatever session the browser arrived with ends; the new token replaces it.
    const previous = sessionTokenFromCookie(options.cookie);
    if (previous && previous !== result.response.token)
      await getDb().delete(sessions).where(eq(sessions.token, previous));
    await resetRateLimit({ key: pairKey, ...authRateLimits.signInAccountIp });
    await resetCount(failuresKey);
    if (!device) {
      // The owner signing in on a new device is not a guess: it must not use up the limit that
      // holds strangers back (people sign in on several browsers, and tests on fresh ones).
      await giveBackRateLimit({ key: `sign-in:account:${email}`, ...authRateLimits.signInAccount });
      result.headers.append("Set-Cookie", await rememberDevice(options.cookie, email));
    }
    return { ok: true, userId: result.response.user.id, cookies: result.headers };
  } catch (error) {
    const code = errorCode(error);
    // The attempt was counted as a failure before the check; it stays counted.
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || code === "PASSWORD_TOO_LONG")
      return { ok: false, reason: "invalid" };
    // better-auth says this only after checking the password.
    if (code === "EMAIL_NOT_VERIFIED")
      return { ok: false, reason: "unverified", emailSent: await resendConfirmation(email, options.redirectTo) };
    // Only reached with the right password: our session hook refuses disabled accounts.
    if (code === "FAILED_TO_CREATE_SESSION") return { ok: false, reason: "disabled" };
    throw error;
  }
}

/** The text every confirmation email holds, in either language (the link's path). */
const confirmationLinkPath = "/auth/verify?token=";

/**
 * Emails a new confirmation link unless one went to the address in the last
 * confirmationResendMinutes (the outbox is the record, shared by every instance).
 */
async function resendConfirmation(email: string, redirectTo: string | undefined): Promise<boolean> {
  const since = new Date(Date.now() - confirmationResendMinutes * 60_000);
  if (await hasRecentEmail({ to: email, containing: confirmationLinkPath, since })) return false;
  const auth = await getAuth();
  await withAuthCall(() => auth.api.sendVerificationEmail({ body: { email } }), { redirectTo });
  return true;
}

/**
 * Creates the account and emails a confirmation link; for an address already registered, emails
 * that address a notice instead. The caller shows the same "check your email" either way.
 */
export async function signUp(options: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  language: Language;
  client: ClientInfo;
  /** Where the person was going: the confirmation link leads there. */
  redirectTo?: string;
}): Promise<{ cookie: string }> {
  const email = normalizeEmail(options.email);
  await consumeRateLimit({ key: `sign-up:ip:${options.client.ip}`, ...authRateLimits.signUpIp });
  await consumeRateLimit({ key: `sign-up:account:${email}`, ...authRateLimits.signUpAccount });
  const auth = await getAuth();
  await withAuthCall(
    () =>
      auth.api.signUpEmail({
        body: {
          email,
          password: options.password,
          name: `${options.firstName} ${options.lastName}`.trim(),
          firstName: options.firstName,
          lastName: options.lastName,
          preferredLanguage: options.language,
        },
        headers: clientHeaders(options.client),
      }),
    { redirectTo: options.redirectTo },
  );
  // Answered whether or not the address was new, like the page: nothing tells them apart.
  return { cookie: await signUpCookie(email) };
}

/**
 * Confirms an address from its emailed token. In the browser that signed up with that address,
 * it also signs in: `cookies` then holds the new session's Set-Cookie.
 */
export async function verifyEmail(options: {
  token: string;
  cookie?: string | null;
}): Promise<{ verified: boolean; cookies: Headers | null }> {
  const auth = await getAuth();
  const headers = new Headers();
  if (options.cookie) headers.set("cookie", options.cookie);
  try {
    const result = await withAuthCall(
      () => auth.api.verifyEmail({ query: { token: options.token }, headers, returnHeaders: true }),
      { signedUpHere: await signedUpEmail(options.cookie) },
    );
    const signedIn = result.headers.getSetCookie().some((value) => value.startsWith(`${sessionCookieName}=`));
    return { verified: true, cookies: signedIn ? result.headers : null };
  } catch (error) {
    if (isAPIError(error)) return { verified: false, cookies: null };
    throw error;
  }
}

/** Emails a reset link when the address has an account; answers the same either way. */
export async function requestPasswordReset(options: { email: string; client: ClientInfo }): Promise<void> {
  const email = normalizeEmail(options.email);
  await consumeRateLimit({ key: `reset:ip:${options.client.ip}`, ...authRateLimits.resetIp });
  await consumeRateLimit({ key: `reset:account-ip:${email}:${options.client.ip}`, ...authRateLimits.resetAccountIp });
  const { points, durationSeconds } = authRateLimits.resetEmailsPerAccount;
  if ((await countEvent({ key: `reset:emails:${email}`, durationSeconds })) > points) return;
  const [user] = await getDb().select({ disabled: users.disabled }).from(users).where(eq(users.email, email));
  // A disabled account cannot sign in after a reset either, so it gets no link (and no hint).
  if (user?.disabled) return;
  const auth = await getAuth();
  await withAuthCall(() => auth.api.requestPasswordReset({ body: { email }, headers: clientHeaders(options.client) }));
}

/**
 * Sets a new password from an emailed token; every session of the account ends. Following the
 * link proved the address, so this browser becomes a known device of the account: `deviceCookie`
 * is the Set-Cookie that says so (sign-in from new devices may be held back, docs/accounts.md).
 */
export async function resetPassword(options: {
  token: string;
  password: string;
  client: ClientInfo;
  cookie?: string | null;
}): Promise<{ ok: boolean; deviceCookie: string | null }> {
  await consumeRateLimit({ key: `reset:ip:${options.client.ip}`, ...authRateLimits.resetIp });
  const auth = await getAuth();
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${options.token}`);
  const [owner] = verification
    ? await getDb().select({ email: users.email }).from(users).where(eq(users.id, verification.value))
    : [];
  try {
    await auth.api.resetPassword({ body: { token: options.token, newPassword: options.password } });
    return { ok: true, deviceCookie: owner ? await rememberDevice(options.cookie, normalizeEmail(owner.email)) : null };
  } catch (error) {
    if (isAPIError(error)) return { ok: false, deviceCookie: null };
    throw error;
  }
}

/** Ends the session the cookie names, on the server, and answers the cookie that clears it. */
export async function signOut(options: { cookie: string | null }): Promise<Headers> {
  const auth = await getAuth();
  const headers = new Headers();
  if (options.cookie) headers.set("cookie", options.cookie);
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers;
  } catch (error) {
    logger.warn({ err: error }, "sign-out through better-auth failed; clearing the cookie anyway");
    const token = sessionTokenFromCookie(options.cookie);
    if (token) await getDb().delete(sessions).where(eq(sessions.token, token));
    return clearSessionCookie();
  }
}

export function clearSessionCookie(): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", `${sessionCookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  return headers;
}

/** "Sign out everywhere": every session of the user ends, this one included. */
export async function signOutEverywhere(options: { userId: string }, executor: Executor = getDb()): Promise<Headers> {
  await executor.delete(sessions).where(eq(sessions.userId, options.userId));
  return clearSessionCookie();
}

export async function countSessions(options: { userId: string }): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(sessions).where(eq(sessions.userId, options.userId));
  return Number(row.n);
}

export type ChangePasswordResult = { ok: true; cookies: Headers } | { ok: false; reason: "wrongCurrent" };

/** Changes the password and ends every other session (this browser gets a fresh one). */
export async function changePassword(options: {
  userId: string;
  currentPassword: string;
  newPassword: string;
  cookie: string | null;
  client: ClientInfo;
}): Promise<ChangePasswordResult> {
  await consumeRateLimit({ key: `password:account:${options.userId}`, ...authRateLimits.passwordAccount });
  const auth = await getAuth();
  try {
    const result = await auth.api.changePassword({
      body: { currentPassword: options.currentPassword, newPassword: options.newPassword, revokeOtherSessions: true },
      headers: clientHeaders(options.client, options.cookie),
      returnHeaders: true,
    });
    return { ok: true, cookies: result.headers };
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
      return { ok: false, reason: "wrongCurrent" };
    throw error;
  }
}

/** Checks a user's password without signing in (deleting an account asks for it). */
export async function verifyUserPassword(options: { userId: string; password: string }): Promise<boolean> {
  await consumeRateLimit({ key: `password:account:${options.userId}`, ...authRateLimits.passwordAccount });
  const [account] = await getDb()
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, options.userId), eq(accounts.providerId, "credential")));
  if (!account?.hash) return false;
  const context = await (await getAuth()).$context;
  return context.password.verify({ hash: account.hash, password: options.password });
}

/** Hashes a password the way better-auth does (the admin command line creates accounts with it). */
export async function hashPassword(password: string): Promise<string> {
  const context = await (await getAuth()).$context;
  return context.password.hash(password);
}
