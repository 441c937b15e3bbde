import { sessionCookieName } from "#app/lib/session-cookie.server";

// Anonymous public pages may be served by a CDN for a minute and refreshed in the background
// (DESIGN.md "Scaling out"); anything personal stays private. A response is public only when the
// request carries no session, the route set no caching of its own and nothing sets a cookie.
export const publicPageCacheControl = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

const sessionCookie = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${sessionCookieName.replace(".", "\\.")}=`);

export function hasSessionCookie(cookieHeader: string | null | undefined) {
  return sessionCookie.test(cookieHeader ?? "");
}

/**
 * Anonymous responses carry no `Vary: Cookie`: a CDN would then key on every visitor's cookies and
 * cache nothing. Instead the edge must bypass its cache for requests with the session cookie
 * (docs/operations.md), and signed-in responses are `private` so no shared cache keeps them.
 */
export function applyPageCaching(request: Request, status: number, headers: Headers) {
  const anonymous = !hasSessionCookie(request.headers.get("cookie"));
  if (!anonymous) headers.append("Vary", "Cookie");
  if (headers.has("Cache-Control")) return;
  // HEAD is answered like GET, so a CDN or a link checker sees the same caching as a browser.
  const cacheable =
    (request.method === "GET" || request.method === "HEAD") &&
    status === 200 &&
    anonymous &&
    !headers.has("Set-Cookie");
  headers.set("Cache-Control", cacheable ? publicPageCacheControl : "private, no-cache");
}
