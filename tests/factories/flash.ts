import { expect } from "vitest";
import { loader as rootLoader } from "#app/root";
import { getRequest, type RouteResult, testContext } from "./route-calls";

// A completed action answers a redirect whose signed flash cookie carries its toast
// (app/web/flash.server.ts); the next page's root loader reads it. These follow that path.

/** The flash cookie a response sets, as the browser sends it back ("playa.flash=…"). */
export function flashCookieFrom(headers: Headers): string {
  const flash = headers.getSetCookie().find((cookie) => cookie.startsWith("playa.flash="));
  if (!flash) throw new Error("no flash cookie was set");
  return flash.split(";")[0];
}

/** The toast names the next page (`path`, in the browser that got `headers`) shows. */
export async function toastsOnNextPage(headers: Headers, path = "/"): Promise<string[]> {
  const result = (await rootLoader({
    request: getRequest(path, flashCookieFrom(headers)),
    params: {},
    context: testContext(),
  } as never)) as unknown as { data: { toasts: { name: string }[] } };
  return result.data.toasts.map((toast) => toast.name);
}

/** Asserts post/redirect/get to `location` whose next page shows exactly the toast `name`. */
export async function expectRedirectWithToast(result: RouteResult, location: string, name: string) {
  expect(result.status).toBe(302);
  expect(result.location).toBe(location);
  expect(await toastsOnNextPage(result.headers, location)).toEqual([name]);
}
