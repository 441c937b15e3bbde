import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getSigningSecret } from "./auth.server";

// "This browser has signed in to this account before": a cookie of signed entries, one per account
// (at most a few), each an issue date, a random device id and our HMAC over the account's address,
// the date and the id. Password guesses from devices an account has never used share one limit per
// account; a known device has a limit of its own, so the owner still gets in while strangers are
// held back (docs/accounts.md). Proving the address by email (a password reset) makes a device known.

export const knownDeviceCookieName = "playa.device";
const maxAgeDays = 180;
const maxEntries = 5;

function signature(secret: string, email: string, issued: string, id: string) {
  return createHmac("sha256", secret).update(`device:${email}:${issued}:${id}`).digest("base64url").slice(0, 32);
}

function entriesOf(cookieHeader: string | null | undefined): string[] {
  const raw = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${knownDeviceCookieName}=`))
    ?.slice(knownDeviceCookieName.length + 1);
  return raw ? raw.split("~").slice(0, maxEntries) : [];
}

function isCurrent(issued: string) {
  const days = (Date.now() - Number.parseInt(issued, 36)) / 86_400_000;
  return Number.isFinite(days) && days >= 0 && days < maxAgeDays;
}

/** The device id of `entry` when it is a current entry for `email`, else null. */
function deviceIdOf(secret: string, entry: string, email: string): string | null {
  const [issued, id, given] = entry.split(".");
  if (!issued || !id || !given || !isCurrent(issued)) return null;
  const expected = Buffer.from(signature(secret, email, issued, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
}

/** The device id this browser holds for `email`, or null when it has not signed in to it before. */
export async function knownDeviceFor(cookieHeader: string | null | undefined, email: string): Promise<string | null> {
  const secret = await getSigningSecret();
  for (const entry of entriesOf(cookieHeader)) {
    const id = deviceIdOf(secret, entry, email);
    if (id) return id;
  }
  return null;
}

/** The Set-Cookie that adds `email` to this browser's known accounts (keeping the others). */
export async function rememberDevice(cookieHeader: string | null | undefined, email: string): Promise<string> {
  const secret = await getSigningSecret();
  const issued = Date.now().toString(36);
  const id = randomBytes(12).toString("base64url");
  const own = `${issued}.${id}.${signature(secret, email, issued, id)}`;
  // This account's old entry is replaced; the other accounts' current entries are kept (which
  // account an entry is for cannot be read from it: only that it verifies for this address).
  const others = entriesOf(cookieHeader).filter(
    (entry) => isCurrent(entry.split(".")[0] ?? "") && deviceIdOf(secret, entry, email) === null,
  );
  const value = [own, ...others].slice(0, maxEntries).join("~");
  return `${knownDeviceCookieName}=${value}; Path=/; Max-Age=${maxAgeDays * 86_400}; HttpOnly; SameSite=Lax`;
}
