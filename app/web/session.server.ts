import { replace } from "react-router";
import { can, type Permission } from "#app/lib/authorization";
import { languageOfPath, localizePath } from "#app/lib/i18n";
import { currentRequestScope, type RequestScope } from "#app/lib/request-scope.server";
import { loadSessionUser, type SessionUser } from "#app/platform/accounts/auth.server";

// The web layer's view of who is asking, and the guards at the top of every private loader and
// action. What each permission allows is app/lib/authorization.ts; the domain checks again per
// object, so a guard only decides whether the page is worth showing.

const perRequest = new WeakMap<Request, Promise<SessionUser | null>>();
const perPageView = new WeakMap<RequestScope, { cookie: string; user: Promise<SessionUser | null> }>();

/**
 * The signed-in user, or null. Looked up once per request however many loaders ask. React Router
 * hands each loader of a page its own Request, so a page view (GET or HEAD) also shares the lookup
 * through the HTTP request's scope: the dashboard asked three times. A form post does not: its
 * action may sign in or out, or change a role, before the loaders run again.
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = perRequest.get(request);
  if (pending) return pending;
  const scope = request.method === "GET" || request.method === "HEAD" ? currentRequestScope() : undefined;
  const cookie = request.headers.get("cookie") ?? "";
  const shared = scope ? perPageView.get(scope) : undefined;
  pending = shared?.cookie === cookie ? shared.user : loadSessionUser(request.headers);
  if (scope && !shared) perPageView.set(scope, { cookie, user: pending });
  perRequest.set(request, pending);
  return pending;
}

/** The page a signed-out visitor is sent to: /auth in their language, remembering where they were going. */
export function signInPath(request: Request): string {
  const url = new URL(request.url);
  const language = languageOfPath(url.pathname);
  const back = url.pathname + url.search;
  return `${localizePath("/auth", language)}?${new URLSearchParams({ redirectTo: back }).toString()}`;
}

/** A visitor who is not signed in goes to /auth, replacing history. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw replace(signInPath(request));
  return user;
}

/**
 * Signed out → /auth; signed in without the permission → /dashboard (their language).
 * Only for `:any` permissions a page needs as a whole; `:own` is checked per object by the domain.
 */
export async function requirePermission(request: Request, permission: Permission): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!can(user, permission)) {
    throw replace(localizePath("/dashboard", languageOfPath(new URL(request.url).pathname)));
  }
  return user;
}

/** Signed-in visitors have no business on /auth: send them on. */
export async function redirectIfSignedIn(request: Request, to: string) {
  if (await getSessionUser(request)) throw replace(to);
}
