import { sessionCookieName } from "./auth.server";

// Anonymous public pages may be served by a CDN for a minute and refreshed in the background
// (DESIGN.md "Scaling out"); anything personal stays private. A response is public only when the
// request carries no session, the route set no caching of its own and nothing sets a cookie.
export const publicPageCacheControl = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

const sessionCookie = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${sessionCookieName.replace(".", "\\.")}=`);

export function applyPageCaching(request: Request, status: number, headers: Headers) {
  headers.append("Vary", "Cookie");
  if (headers.has("Cache-Control")) return;
  const anonymous = !sessionCookie.test(request.headers.get("cookie") ?? "");
  const cacheable = request.method === "GET" && status === 200 && anonymous && !headers.has("Set-Cookie");
  headers.set("Cache-Control", cacheable ? publicPageCacheControl : "private, no-cache");
}
