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

/** The device id this browser holds for `email`, or null when it has not signed in to it before. */
export async function knownDeviceFor(cookieHeader: string | null | undefined, email: string): Promise<string | null> {
  const secret = await getSigningSecret();
  for (const entry of entriesOf(cookieHeader)) {
    const [issued, id, given] = entry.split(".");
    if (!issued || !id || !given || !isCurrent(issued)) continue;
    const expected = Buffer.from(signature(secret, email, issued, id));
    const actual = Buffer.from(given);
    if (actual.length === expected.length && timingSafeEqual(actual, expected)) return id;
  }
  return null;
}

/** The Set-Cookie that adds `email` to this browser's known accounts (keeping the others). */
export async function rememberDevice(cookieHeader: string | null | undefined, email: string): Promise<string> {
  const secret = await getSigningSecret();
  const issued = Date.now().toString(36);
  const id = randomBytes(12).toString("base64url");
  const own = `${issued}.${id}.${signature(secret, email, issued, id)}`;
  const others: string[] = [];
  for (const entry of entriesOf(cookieHeader)) {
    const [previous] = entry.split(".");
    // The entry for this account is replaced; we cannot tell which is whose without the address,
    // so an entry that verifies for it is dropped and the rest kept.
    if (previous && isCurrent(previous) && !(await verifiesFor(secret, entry, email))) others.push(entry);
  }
  const value = [own, ...others].slice(0, maxEntries).join("~");
  return `${knownDeviceCookieName}=${value}; Path=/; Max-Age=${maxAgeDays * 86_400}; HttpOnly; SameSite=Lax`;
}

async function verifiesFor(secret: string, entry: string, email: string) {
  const [issued, id, given] = entry.split(".");
  if (!issued || !id || !given) return false;
  return given === signature(secret, email, issued, id);
}
