import { AsyncLocalStorage } from "node:async_hooks";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq, sql } from "drizzle-orm";
import { type Grant, type Role, resolveRole } from "#app/lib/authorization";
import { type Db, getDb } from "#app/lib/db.server";
import { env, siteOrigin } from "#app/lib/env.server";
import { isLanguage, type Language, localizePath } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { sessionCookieName, signUpCookieName } from "#app/lib/session-cookie.server";
import { activeSuspensionSubquery, toActiveSuspension } from "#app/platform/moderation/suspension.server";
import { type OutgoingEmail, sendEmail } from "#app/platform/outbox/outbox.server";
import { accounts, appSecrets, sessions, userGrants, userRoles, users, verifications } from "../people/schema";

// Sign-in and sessions. better-auth owns passwords, sessions and tokens (DB sessions on the Drizzle
// adapter); this module adds what it does not: roles from user_roles and grants from user_grants,
// and emails through the outbox in the user's language. The guards are in app/web/session.server.ts.

const sessionMaxAgeSeconds = 60 * 60 * 24 * 30;

/** How long a confirmation link works; the sign-up notice and the email say it. */
export const confirmationLinkHours = 24;
/** A sign-in before confirming sends a new link at most this often (the page says one was sent). */
export const confirmationResendMinutes = 10;

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** Permissions given beyond the role (user_grants), for scoped checks. */
  grants: Grant[];
  emailVerified: boolean;
  /** The suspension in force, if any: writes are refused (app/lib/authorization.server.ts). */
  suspension: { until: string; reason: string } | null;
};

// ---------------------------------------------------------------------------------------------
// Emails from better-auth's callbacks

interface AuthCall {
  emails: OutgoingEmail[];
  /** Where the person was going: carried through the confirmation link. */
  redirectTo?: string;
  /** The address this browser signed up with (from its sign-up cookie), if any. */
  signedUpHere?: string | null;
  /** Set when the address just confirmed is the one this browser signed up with. */
  signInAfterVerification?: boolean;
}

export interface AuthCallOptions {
  redirectTo?: string;
  signedUpHere?: string | null;
}

/**
 * better-auth calls its email hooks inside its own transaction (sign-up); writing the outbox row
 * there through another handle would wait on that transaction (PGlite has one connection). So an
 * auth call collects its emails here and they are written when the call returns.
 */
const authCall = new AsyncLocalStorage<AuthCall>();

export async function withAuthCall<T>(run: () => Promise<T>, options: AuthCallOptions = {}): Promise<T> {
  const call: AuthCall = { emails: [], ...options };
  try {
    return await authCall.run(call, run);
  } finally {
    for (const email of call.emails) {
      await sendEmail(email).catch((error) =>
        logger.error({ err: error, to: email.to }, "could not queue an auth email"),
      );
    }
  }
}

async function queueEmail(email: OutgoingEmail) {
  const call = authCall.getStore();
  if (call) call.emails.push(email);
  else await sendEmail(email);
}

type EmailUser = { email: string; name?: string | null } & Record<string, unknown>;

function userLanguage(user: EmailUser): Language {
  return isLanguage(user.preferredLanguage) ? user.preferredLanguage : "en";
}

function firstNameOf(user: EmailUser): string {
  const first = typeof user.firstName === "string" ? user.firstName : "";
  return first || user.name || user.email;
}

async function composeEmail(
  user: EmailUser,
  kind: "verify" | "reset" | "existing" | "invite",
  links: Record<string, string>,
) {
  const language = userLanguage(user);
  // Loaded on first use: the translations are bundled by Vite, and command-line scripts that
  // import this module (admin:create, the seed) run without Vite and never send email.
  const { getTranslator } = await import("#app/lib/i18n.server");
  const t = await getTranslator(language);
  const values = { name: firstNameOf(user), siteName: "Playa Hub", ...links };
  return {
    to: user.email,
    subject: t(`accounts:emails.${kind}.subject`, values),
    text: t(`accounts:emails.${kind}.text`, values),
  };
}

function link(path: string, language: Language, query?: Record<string, string>) {
  const search = query ? `?${new URLSearchParams(query).toString()}` : "";
  // From configuration only: a link built from the request's Host would hand the token to whoever
  // forged that header (a reset link on evil.example is an account takeover).
  return `${siteOrigin()}${localizePath(path, language)}${search}`;
}

/** For the user import's invitations: the same emails, and links from configuration only. */
export { composeEmail as composeAccountEmail, link as emailLink };

// ---------------------------------------------------------------------------------------------
// The better-auth instance

async function loadSecret(db: Db): Promise<string> {
  const configured = env().AUTH_SECRET;
  if (configured) return configured;
  // Every instance must sign with the same secret, so a generated one lives in the database.
  await db
    .insert(appSecrets)
    .values({ name: "auth", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, "auth"));
  return row.value;
}

function createAuth(db: Db, secret: string) {
  return betterAuth({
    appName: "Playa Hub",
    baseURL: siteOrigin(),
    basePath: "/api/auth",
    secret,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    // Our own limiter runs first, per IP and per account (rate-limit.server.ts).
    rateLimit: { enabled: false },
    logger: {
      level: "error",
      log: (level, message, ...args) => {
        if (level === "error") logger.error({ args }, `auth: ${message}`);
      },
    },
    user: {
      additionalFields: {
        firstName: { type: "string", required: true, input: true },
        lastName: { type: "string", required: true, input: true },
        preferredLanguage: { type: "string", required: false, defaultValue: "en", input: true },
        disabled: { type: "boolean", required: false, defaultValue: false, input: false },
        isDemo: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    session: {
      expiresIn: sessionMaxAgeSeconds,
      updateAge: 60 * 60 * 24,
      // Every request reads the database, so a revoked session or a disabled account ends at once.
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up never signs in: a new address and a taken one get the same answer (no enumeration).
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }) {
        const language = userLanguage(user as EmailUser);
        await queueEmail(
          await composeEmail(user as EmailUser, "reset", { url: link("/auth/reset-password", language, { token }) }),
        );
      },
      async onExistingUserSignUp({ user }) {
        const language = userLanguage(user as EmailUser);
        await queueEmail(
          await composeEmail(user as EmailUser, "existing", {
            signInUrl: link("/auth", language),
            resetUrl: link("/auth/forgot-password", language),
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // signIn (auth-flows.server.ts) sends a new link itself, at most once per
      // confirmationResendMinutes: better-auth would send one on every attempt.
      sendOnSignIn: false,
      // Confirming signs in only in the browser that signed up (its sign-up cookie names the
      // address), so a forwarded or intercepted link does not hand someone else a session.
      // better-auth reads this option after afterEmailVerification, per call.
      get autoSignInAfterVerification() {
        return authCall.getStore()?.signInAfterVerification === true;
      },
      async afterEmailVerification(user) {
        const call = authCall.getStore();
        if (call) call.signInAfterVerification = call.signedUpHere === user.email.toLowerCase();
      },
      expiresIn: 60 * 60 * confirmationLinkHours,
      async sendVerificationEmail({ user, token }) {
        const language = userLanguage(user as EmailUser);
        const redirectTo = authCall.getStore()?.redirectTo;
        await queueEmail(
          await composeEmail(user as EmailUser, "verify", {
            url: link("/auth/verify", language, redirectTo ? { token, redirectTo } : { token }),
          }),
        );
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A disabled account cannot start a session, whatever path tries to create one.
          async before(session) {
            const [row] = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, session.userId));
            if (!row || row.disabled) return false;
          },
        },
      },
    },
    advanced: {
      cookiePrefix: "playa",
      // We add Secure per request (behind HTTPS) in authResponseHeaders, so the name stays fixed.
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// ---------------------------------------------------------------------------------------------
// "This browser signed up with this address": a cookie holding the address and our HMAC of it.

function signUpSignature(secret: string, email: string) {
  return createHmac("sha256", secret).update(`sign-up:${email}`).digest("base64url");
}

/** The Set-Cookie value a sign-up answers with, lasting as long as the confirmation link. */
export async function signUpCookie(email: string): Promise<string> {
  const secret = await getSigningSecret();
  const value = `${Buffer.from(email.toLowerCase()).toString("base64url")}.${signUpSignature(secret, email.toLowerCase())}`;
  return `${signUpCookieName}=${value}; Path=/; Max-Age=${60 * 60 * confirmationLinkHours}; HttpOnly; SameSite=Lax`;
}

/** The address a request's sign-up cookie vouches for, or null. */
export async function signedUpEmail(cookieHeader: string | null | undefined): Promise<string | null> {
  const raw = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${signUpCookieName}=`))
    ?.slice(signUpCookieName.length + 1);
  if (!raw) return null;
  const [encoded, signature] = raw.split(".");
  if (!encoded || !signature) return null;
  const email = Buffer.from(encoded, "base64url").toString();
  const secret = await getSigningSecret();
  const expected = Buffer.from(signUpSignature(secret, email));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? email : null;
}

let instance: { db: Db; secret: Promise<string>; auth: Promise<Auth> } | null = null;

function current() {
  const db = getDb();
  if (!instance || instance.db !== db) {
    const secret = loadSecret(db);
    const auth = secret.then((value) => createAuth(db, value));
    instance = { db, secret, auth };
    auth.catch(() => {
      if (instance?.auth === auth) instance = null;
    });
  }
  return instance;
}

/** The better-auth instance for the open database (tests open a new one per file). */
export function getAuth(): Promise<Auth> {
  return current().auth;
}

/** The site's signing secret (AUTH_SECRET or the generated one), for other signed cookies to derive keys from. */
export function getSigningSecret(): Promise<string> {
  return current().secret;
}

// ---------------------------------------------------------------------------------------------
// The signed-in user

/** The role from user_roles; a read error is logged and counts as "user". */
export async function readRole(userId: string): Promise<Exclude<Role, "none">> {
  let rows: { role: string }[] | null;
  try {
    rows = await getDb().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  } catch (error) {
    logger.error({ err: error, userId }, "role read failed; falling back to user");
    rows = null;
  }
  return resolveRole(rows);
}

/**
 * The signed-in user behind a request's headers, with their role and grants; null when signed out,
 * disabled, or the session is unknown. Callers look it up once per request (app/web/session.server.ts).
 */
export async function loadSessionUser(headers: Headers): Promise<SessionUser | null> {
  if (!headers.get("cookie")?.includes(sessionCookieName)) return null;
  const auth = await getAuth();
  const quick = await readSessionInOneStatement(auth, headers.get("cookie") ?? "");
  if (quick !== undefined) return quick;
  let found: Awaited<ReturnType<Auth["api"]["getSession"]>>;
  try {
    found = await auth.api.getSession({ headers, query: { disableRefresh: false } });
  } catch (error) {
    logger.warn({ err: error }, "session lookup failed; treating as signed out");
    return null;
  }
  if (!found) return null;
  const user = found.user as typeof found.user & { firstName?: string; lastName?: string; disabled?: boolean };
  if (user.disabled) return null;
  return sessionUser(user, await readAccess(user.id));
}

/** The user as a request sees them, whichever way the session was read. */
function sessionUser(
  user: {
    id: string;
    email: string;
    name: string;
    firstName?: string | null;
    lastName?: string | null;
    emailVerified: boolean;
  },
  access: Access,
): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    emailVerified: user.emailVerified,
    ...access,
  };
}

/**
 * The common case of a session lookup in one statement: a validly signed cookie, a session that
 * is neither expired nor due for its daily extension, and its user, role, grants and suspension
 * together. better-auth's lookup takes three statements and verifies the cookie's signature
 * through WebCrypto's job queue, which made it a quarter of a signed-in page's cost. Anything
 * else (no such session, expired, due for extension, a "don't remember me" or stale cache cookie,
 * a cookie sent twice, a read error) answers undefined, and better-auth handles it as before:
 * deleting an expired session, extending one, clearing cookies.
 */
async function readSessionInOneStatement(auth: Auth, cookieHeader: string): Promise<SessionUser | null | undefined> {
  const context = await auth.$context;
  const cookies = context.authCookies;
  const values = cookieValues(cookieHeader);
  const signed = values.get(cookies.sessionToken.name);
  if (
    signed?.length !== 1 ||
    values.has(cookies.dontRememberToken.name) ||
    [...values.keys()].some((name) => name.startsWith(cookies.sessionData.name))
  )
    return undefined;
  const token = verifiedCookieValue(signed[0], context.secret);
  if (!token) return undefined;
  const now = new Date();
  let row:
    | {
        expiresAt: Date;
        id: string;
        email: string;
        name: string;
        firstName: string | null;
        lastName: string | null;
        emailVerified: boolean;
        disabled: boolean | null;
        roles: string[] | null;
        grants: Grant[] | null;
        suspension: { until: string; reason: string } | null;
      }
    | undefined;
  try {
    [row] = await getDb()
      .select({
        expiresAt: sessions.expiresAt,
        id: users.id,
        email: users.email,
        name: users.name,
        firstName: users.firstName,
        lastName: users.lastName,
        emailVerified: users.emailVerified,
        disabled: users.disabled,
        roles: sql<
          string[] | null
        >`(select json_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id})`,
        grants: sql<
          Grant[] | null
        >`(select json_agg(json_build_object('permission', ${userGrants.permission}, 'scopeType', ${userGrants.scopeType}, 'scopeId', ${userGrants.scopeId}) order by ${userGrants.id}) from ${userGrants} where ${userGrants.userId} = ${users.id})`,
        suspension: activeSuspensionSubquery(users.id, now),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.token, token));
  } catch {
    return undefined;
  }
  if (!row) return undefined;
  const { expiresIn, updateAge } = context.sessionConfig;
  const expiresAt = row.expiresAt.getTime();
  if (expiresAt < now.getTime() || expiresAt - expiresIn * 1000 + updateAge * 1000 <= now.getTime()) return undefined;
  if (row.disabled) return null;
  return sessionUser(row, {
    role: resolveRole((row.roles ?? []).map((role) => ({ role }))),
    grants: row.grants ?? [],
    suspension: toActiveSuspension(row.suspension),
  });
}

/** Each cookie's values by name, decoded as better-auth decodes them (a name may come twice). */
function cookieValues(header: string): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // better-auth keeps a value it cannot decode as it came
    }
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return values;
}

/** The value of a cookie signed as better-auth signs them (`value.base64(HMAC-SHA256)`), or null. */
function verifiedCookieValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const value = signed.slice(0, dot);
  const expected = createHmac("sha256", secret).update(value).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

type Access = Pick<SessionUser, "role" | "grants" | "suspension">;

/**
 * Role, grants and any current suspension in one statement: three separate reads were three of
 * the round trips every signed-in request waits on. A read error is logged and counts as the plain
 * user role, no grants and no suspension, as each read did on its own.
 */
async function readAccess(userId: string): Promise<Access> {
  try {
    // Each subquery names its own table's columns only, so they resolve inside it.
    const [row] = await getDb()
      .select({
        roles: sql<
          string[] | null
        >`(select json_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${userId})`,
        grants: sql<
          Grant[] | null
        >`(select json_agg(json_build_object('permission', ${userGrants.permission}, 'scopeType', ${userGrants.scopeType}, 'scopeId', ${userGrants.scopeId}) order by ${userGrants.id}) from ${userGrants} where ${userGrants.userId} = ${userId})`,
        suspension: activeSuspensionSubquery(userId, new Date()),
      })
      .from(users)
      .where(eq(users.id, userId));
    return {
      role: resolveRole((row?.roles ?? []).map((role) => ({ role }))),
      grants: row?.grants ?? [],
      suspension: toActiveSuspension(row?.suspension ?? null),
    };
  } catch (error) {
    logger.error({ err: error, userId }, "access read failed; continuing as a plain user without grants");
    return { role: "user", grants: [], suspension: null };
  }
}
