import { createHmac, randomUUID } from "node:crypto";
import { type Cookie, createCookie, redirect } from "react-router";
import { flashCookieName, isHttpsRequest } from "#app/lib/session-cookie.server";
import { type Toast as AnyToast, toastLimits } from "#app/lib/toast";
import { isToastName, type ToastName } from "#app/manifests";
import { getSigningSecret } from "#app/platform/accounts/auth.server";

type Toast = AnyToast<ToastName>;

// A completed action's toast travels to the next page in a short-lived signed cookie (a "flash"):
// the action answers a redirect carrying it, the next page's root loader reads it once and clears
// it. That works the same with JavaScript (the router's revalidation reads it) and without (the
// redirected page renders it). Pages that show a flash are never cached or stored
// (app/lib/cache-control.server.ts, server/response-cache.ts): the toast is this visitor's alone.

let cookie: { secret: string; cookie: Cookie } | null = null;

async function flashCookie(): Promise<Cookie> {
  const secret = await getSigningSecret();
  if (cookie?.secret !== secret) {
    // A key of its own, derived from the site's secret: a flash value can never pass for anything else.
    const key = createHmac("sha256", secret).update("playa-hub flash cookie").digest("base64url");
    cookie = {
      secret,
      cookie: createCookie(flashCookieName, {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        // Long enough to survive a redirect on a slow connection; an unread toast is stale after that.
        maxAge: 120,
        secrets: [key],
      }),
    };
  }
  return cookie.cookie;
}

function parseToasts(value: unknown): Toast[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (item): item is Toast =>
        typeof item === "object" &&
        item !== null &&
        typeof (item as Toast).id === "string" &&
        (item as Toast).id.length <= 64 &&
        isToastName((item as Toast).name),
    )
    .map(({ id, name }) => ({ id, name }));
}

async function pendingToasts(request: Request): Promise<Toast[] | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes(flashCookieName)) return null;
  // A tampered or unsigned value parses as false: it is cleared like a read one.
  const value = await (await flashCookie()).parse(header);
  return parseToasts(value);
}

/**
 * Adds a toast to the flash as a Set-Cookie header on `headers` (new ones by default). Toasts not
 * shown yet stay queued ahead of it, up to a few.
 */
export async function toastHeaders(request: Request, name: ToastName, headers = new Headers()): Promise<Headers> {
  const queued = (await pendingToasts(request)) ?? [];
  const toasts = [...queued, { id: randomUUID(), name }].slice(-toastLimits.queued);
  headers.append(
    "Set-Cookie",
    await (await flashCookie()).serialize(toasts, { secure: isHttpsRequest(request) || undefined }),
  );
  return headers;
}

/** The post/redirect/get answer of a completed action: go to `to` and show the toast there. */
export async function redirectWithToast(
  request: Request,
  to: string,
  name: ToastName,
  init: { headers?: Headers } = {},
) {
  return redirect(to, { headers: await toastHeaders(request, name, init.headers) });
}

/** Post/redirect/get back to the page that posted (its path and query), showing the toast there. */
export async function redirectBackWithToast(request: Request, name: ToastName, init: { headers?: Headers } = {}) {
  const url = new URL(request.url);
  return redirectWithToast(request, url.pathname + url.search, name, init);
}

/**
 * The toasts waiting for this request's page, read once: `headers` clears the flash (null when
 * there was none), so a reload or the next page does not show them again.
 */
export async function readFlash(request: Request): Promise<{ toasts: Toast[]; headers: Headers | null }> {
  const toasts = await pendingToasts(request);
  if (toasts === null) return { toasts: [], headers: null };
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await (await flashCookie()).serialize("", {
      maxAge: 0,
      expires: new Date(0),
      secure: isHttpsRequest(request) || undefined,
    }),
  );
  return { toasts, headers };
}
