import { flashCookieName, sessionCookieName } from "#app/lib/session-cookie.server";

// Anonymous public pages may be served by a CDN for a minute and refreshed in the background
// (docs/operations.md, "CDN settings"); anything personal stays private. A response is public only when the
// request carries no session, the route set no caching of its own and nothing sets a cookie.
//
// The background refresh is for the edge only. A browser honours `stale-while-revalidate` too,
// and its cache does not tell a signed-out copy from a signed-in one (anonymous pages have no
// `Vary: Cookie`): someone who signs in would be shown the signed-out page they saw a minute ago.
// So browsers revalidate every time (an unchanged page costs a 304) and the edge reads its longer
// rule from `CDN-Cache-Control` (RFC 9213), falling back to `s-maxage` where that is unknown.
export const publicPageCacheControl = "public, max-age=0, s-maxage=60";
export const publicPageCdnCacheControl = "public, max-age=60, stale-while-revalidate=300";

const sessionCookie = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${sessionCookieName.replace(".", "\\.")}=`);

export function hasSessionCookie(cookieHeader: string | null | undefined) {
  return sessionCookie.test(cookieHeader ?? "");
}

const flashCookie = new RegExp(`(?:^|;\\s*)${flashCookieName.replace(".", "\\.")}=`);

/** A request carrying a toast for this visitor: its page is theirs alone, never cached or stored. */
export function hasFlashCookie(cookieHeader: string | null | undefined) {
  return flashCookie.test(cookieHeader ?? "");
}

/** What a page showing one visitor's toast carries: no shared cache, and no copy kept anywhere. */
export const flashPageCacheControl = "private, no-store";

/**
 * Anonymous responses carry no `Vary: Cookie`: a CDN would then key on every visitor's cookies and
 * cache nothing. Instead the edge must bypass its cache for requests with the session cookie
 * (docs/operations.md), and signed-in responses are `private` so no shared cache keeps them.
 */
export function applyPageCaching(request: Request, status: number, headers: Headers) {
  const cookie = request.headers.get("cookie");
  const anonymous = !hasSessionCookie(cookie);
  if (!anonymous) headers.append("Vary", "Cookie");
  // The page shows (and clears) a toast meant for this visitor only: whatever the route said, no
  // shared cache or back-forward copy may keep it.
  if (hasFlashCookie(cookie)) {
    headers.set("Cache-Control", flashPageCacheControl);
    return;
  }
  if (headers.has("Cache-Control")) return;
  // HEAD is answered like GET, so a CDN or a link checker sees the same caching as a browser.
  const cacheable =
    (request.method === "GET" || request.method === "HEAD") &&
    status === 200 &&
    anonymous &&
    !headers.has("Set-Cookie");
  headers.set("Cache-Control", cacheable ? publicPageCacheControl : "private, no-cache");
  if (cacheable) headers.set("CDN-Cache-Control", publicPageCdnCacheControl);
}
