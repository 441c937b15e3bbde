import { z } from "zod";
import { safeRedirectPath } from "./safe-redirect";

// A page's URL state (?page=2&status=pending&q=…) read through Zod schemas, one per parameter.
// Each parameter is the first value the URL gives for its name (what URLSearchParams.get returns)
// or undefined when it is missing; a value its schema refuses counts as missing, so it gets the
// schema's default. A URL therefore never makes a loader throw: a stale or hand-edited link still
// shows the page, with the defaults where its values made no sense.
//
//   const { page, status } = readSearchParams(request, {
//     page: searchParam.page(),
//     status: searchParam.oneOf(claimStatuses, "pending"),
//   });

/** A parameter's schema: it receives the value as sent (a string), or undefined when the URL has none. */
export type SearchParamSchema = z.ZodType;
export type SearchParamShape = Record<string, SearchParamSchema>;

/** Every schema must accept a missing value (a default, `.optional()`, …): that is the fallback. */
type AcceptingMissing<S extends SearchParamShape> = {
  [K in keyof S]: undefined extends z.input<S[K]> ? S[K] : z.ZodType<never, "give this parameter a default">;
};

export type SearchParamValues<S extends SearchParamShape> = { [K in keyof S]: z.output<S[K]> };

export interface ReadSearchParamsOptions {
  /** Read `?name=` (an empty value) as a missing one, as `get(name) || undefined` does. */
  emptyIsMissing?: boolean;
}

function searchParamsOf(from: Request | URL | URLSearchParams): URLSearchParams {
  if (from instanceof URLSearchParams) return from;
  return from instanceof URL ? from.searchParams : new URL(from.url).searchParams;
}

/**
 * The values of a request's (or URL's) search parameters named by `shape`, each through its schema.
 * Never throws on what the URL holds: a refused value is read as a missing one.
 */
export function readSearchParams<S extends SearchParamShape>(
  from: Request | URL | URLSearchParams,
  shape: S & AcceptingMissing<S>,
  options: ReadSearchParamsOptions = {},
): SearchParamValues<S> {
  const params = searchParamsOf(from);
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape as SearchParamShape)) {
    const sent = params.get(name);
    const value = sent === null || (options.emptyIsMissing && sent === "") ? undefined : sent;
    const parsed = schema.safeParse(value);
    values[name] = parsed.success ? parsed.data : schema.parse(undefined);
  }
  return values as SearchParamValues<S>;
}

/**
 * The value read as `Number.parseInt(value, 10)` (NaN when missing or not a number), handed to
 * `map`, which picks what the page uses: `(n) => n || 1` for "1 unless a non-zero number".
 */
function int<T>(map: (parsed: number) => T) {
  return z
    .string()
    .default("")
    .transform((value) => map(Number.parseInt(value, 10)));
}

/** Schemas for the shapes URL state usually takes. */
export const searchParam = {
  /** The value as sent; null when missing (exactly `params.get(name)`). */
  nullable: () => z.string().nullable().default(null),

  /** The value as sent, `fallback` ("") when missing; trimmed when asked, then cut to `max` characters. */
  text: (options: { fallback?: string; trim?: boolean; max?: number } = {}) =>
    z
      .string()
      .default(options.fallback ?? "")
      .transform((value) => {
        const text = options.trim ? value.trim() : value;
        return options.max === undefined ? text : text.slice(0, options.max);
      }),

  /** The value when it is one of `values`; otherwise (missing, empty, anything else) `fallback`. */
  oneOf: <const V extends readonly string[], const F = undefined>(values: V, fallback?: F) =>
    z
      .string()
      .optional()
      .transform((value): V[number] | F =>
        value !== undefined && (values as readonly string[]).includes(value) ? (value as V[number]) : (fallback as F),
      ),

  /** A same-site path to send the visitor to afterwards (safeRedirectPath), "" when missing or unsafe. */
  redirectPath: () =>
    z
      .string()
      .optional()
      .transform((wanted) => safeRedirectPath(wanted, "")),

  /**
   * The value when it matches `pattern` (after being cut to `max` characters, when given);
   * undefined when missing or anything else. For ids and slugs named in the URL.
   */
  matching: (pattern: RegExp, options: { max?: number } = {}) =>
    z
      .string()
      .optional()
      .transform((value) => {
        const cut = value === undefined || options.max === undefined ? value : value.slice(0, options.max);
        return cut !== undefined && pattern.test(cut) ? cut : undefined;
      }),

  /** true when the value is exactly `on` (`?sent=1`), false otherwise. */
  flag: (on = "1") =>
    z
      .string()
      .optional()
      .transform((value) => value === on),

  int,

  /** A listing's ?page=: a whole number from 1 to 10 000, 1 when missing or malformed. */
  page: () => int((page) => (Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1)),
};
