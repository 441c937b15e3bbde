import { env } from "./env.server";

// The session cookie as HTTP sees it: its name, its Secure flag behind HTTPS, and reading the
// token back. Sessions themselves live in the accounts domain (app/platform/accounts/auth.server.ts).

export const sessionCookieName = "playa.session_token";
/** Set by a sign-up: lets the confirmation link sign in, in this browser only. */
export const signUpCookieName = "playa.sign_up";

/** Carries a completed action's toast to the next page (app/web/flash.server.ts). */
export const flashCookieName = "playa.flash";

export function isHttpsRequest(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  if (env().SITE_URL?.startsWith("https:")) return true;
  return request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

/** better-auth's Set-Cookie headers, with Secure added when the visitor came over HTTPS. */
export function authResponseHeaders(request: Request, source: Headers | null | undefined): Headers {
  const headers = new Headers();
  const secure = isHttpsRequest(request);
  for (const cookie of source?.getSetCookie() ?? []) {
    headers.append("Set-Cookie", secure && !/;\s*secure/i.test(cookie) ? `${cookie}; Secure` : cookie);
  }
  return headers;
}

/** The session token in a Cookie header (unsigned part), or null. */
export function sessionTokenFromCookie(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === sessionCookieName) {
      try {
        return decodeURIComponent(rest.join("=")).split(".")[0] || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}
