import { data } from "react-router";

// React Router refuses a cross-origin POST to a page's action (its CSRF check compares the Origin
// header with the request's own origin), but not to a resource route's (a module without a page):
// those call this first. Same rule as the router's: no Origin header (older clients, curl) passes;
// an Origin that is not ours, or "null" (sandboxed frames, privacy redirects), is refused.

export function isSameOriginRequest(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return request.headers.get("sec-fetch-site") !== "cross-site";
  try {
    return new URL(origin).origin === new URL(request.url).origin;
  } catch {
    return false;
  }
}

/** Throws a 403 when a state-changing request comes from another site. */
export function assertSameOrigin(request: Request) {
  if (!isSameOriginRequest(request)) {
    throw data("Forbidden: cross-origin request", { status: 403, headers: { "Cache-Control": "no-store" } });
  }
}
