import { parseFormMessage } from "#app/lib/form-message";
import { getTranslator } from "#app/lib/i18n.server";

// Calls route loaders and actions the way React Router does, and flattens what they answer (a
// plain object, data(), a Response, or a thrown redirect/Response) into one shape for assertions.

export interface RouteResult {
  status: number;
  location: string | null;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the route returned
  data: any;
}

function fromValue(value: unknown): RouteResult {
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("Location"), headers: value.headers, data: null };
  }
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const wrapped = value as { data: unknown; init: ResponseInit | null };
    const headers = new Headers(wrapped.init?.headers);
    return { status: wrapped.init?.status ?? 200, location: headers.get("Location"), headers, data: wrapped.data };
  }
  return { status: 200, location: null, headers: new Headers(), data: value };
}

/** A JSON Response (an API's answer, thrown or returned) is read into `data`. */
async function withJson(result: RouteResult, value: unknown): Promise<RouteResult> {
  if (value instanceof Response && value.headers.get("Content-Type")?.includes("application/json")) {
    return { ...result, data: await value.clone().json() };
  }
  return result;
}

export async function run(call: () => Promise<unknown> | unknown): Promise<RouteResult> {
  try {
    const value = await call();
    return withJson(fromValue(value), value);
  } catch (error) {
    if (error instanceof Response) return withJson(fromValue(error), error);
    if (error && typeof error === "object" && (error as { type?: string }).type === "DataWithResponseInit")
      return fromValue(error);
    throw error;
  }
}

let ipCounter = 0;

/** A fresh client IP per test unless given, so rate limits of one test never touch another. */
export function testContext(ip?: string) {
  ipCounter += 1;
  return { cspNonce: "test", clientIp: ip ?? `198.51.100.${ipCounter % 250}` };
}

export function getRequest(path: string, cookie?: string | null) {
  return new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
}

export function postRequest(path: string, fields: Record<string, string>, cookie?: string | null) {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
  });
}

/** The session cookie a response sets, as a browser would send it back ("name=value"). */
export function sessionCookieFrom(headers: Headers): string | null {
  const cookie = headers.getSetCookie().find((value) => value.startsWith("playa.session_token="));
  if (!cookie) return null;
  const pair = cookie.split(";")[0];
  return pair.endsWith("=") ? null : pair;
}

/** What the page shows for a form message (a key with values, app/lib/form-message.ts). */
export async function shown(language: "en" | "es", message: string) {
  const { key, values } = parseFormMessage(message);
  return (await getTranslator(language))(key, values);
}

/** Runs a route module's loader or action as the router would, with the URL's parameters if it has any. */
export function callRoute<T extends { action?: unknown; loader?: unknown }>(
  module: T,
  kind: "action" | "loader",
  request: Request,
  params: Record<string, string> = {},
) {
  const fn = module[kind] as (args: unknown) => Promise<unknown>;
  return run(() => fn({ request, params, context: testContext() }));
}

/** Posts `fields` to a route module's action, as a browser submitting the page's form would. */
export function postForm<T extends { action?: unknown }>(
  module: T,
  path: string,
  fields: Record<string, string>,
  cookie?: string | null,
  params: Record<string, string> = {},
) {
  return callRoute(module, "action", postRequest(path, fields, cookie), params);
}

/** Runs a route module's loader for `path`, as a browser opening the page would. */
export function loadPage<T extends { loader?: unknown }>(
  module: T,
  path: string,
  cookie?: string | null,
  params: Record<string, string> = {},
) {
  return callRoute(module, "loader", getRequest(path, cookie), params);
}
