import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RouteHandle } from "#app/lib/route-handle";

/** One route of the app as the server in front of the router sees it. */
export interface RouteEntry {
  id: string;
  /** The full URL pattern, e.g. "/es/business/:slug" (never a raw URL: safe as a metrics label). */
  pattern: string;
  /** Dynamic segments of the pattern, in order ("*" for a splat). */
  params: string[];
  hasAction: boolean;
  hasLoader: boolean;
  acceptsUploads: boolean;
  acceptsJson: boolean;
}

export interface RouteTable {
  entries: RouteEntry[];
  /** The leaf route a path reaches (document or `.data` request), or null. */
  match(pathname: string): RouteEntry | null;
}

type Node = RouteObject & { entry: RouteEntry; spanish?: RouteEntry; children?: Node[] };

/**
 * A page is one route for both languages, its path starting with the optional segment "es?". The
 * server still tells the two apart (metrics, the hostile corpus), so such a route has an English
 * pattern ("/business/:slug") and a Spanish one ("/es/business/:slug").
 */
function languagePatterns(pattern: string): { en: string; es: string } | null {
  if (!/^\/es\?(\/|$)/.test(pattern)) return null;
  const rest = pattern.slice("/es?".length);
  return { en: rest || "/", es: `/es${rest}` };
}

const isSpanishPath = (path: string) => path === "/es" || path.startsWith("/es/");

function joinPattern(parent: string, path: string | undefined) {
  if (!path) return parent || "/";
  return `${parent === "/" ? "" : parent}/${path}`.replace(/\/+/g, "/");
}

const tables = new WeakMap<object, RouteTable>();

// matchRoutes flattens, ranks and compiles the whole route tree on every call: with 130 routes that
// was a third of the CPU of serving a cached page (two calls per request, metrics and input checks).
// Answers are remembered per path; the bound keeps invented URLs from growing it without limit.
const rememberedPaths = 2000;

/** The route tree of a server build, with each route's full pattern and what its module declares. */
export function routeTable(build: Pick<ServerBuild, "routes">): RouteTable {
  const known = tables.get(build.routes);
  if (known) return known;
  const table = buildTable(build);
  tables.set(build.routes, table);
  return table;
}

function buildTable(build: Pick<ServerBuild, "routes">): RouteTable {
  type BuildRoute = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const entries: RouteEntry[] = [];
  const tree = (parentId: string | undefined, parentPattern: string): Node[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const pattern = joinPattern(parentPattern, route.path);
      const handle = (route.module.handle ?? {}) as RouteHandle;
      const entryFor = (concrete: string): RouteEntry => ({
        id: route.id,
        pattern: concrete,
        params: [...concrete.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*"),
        hasAction: typeof route.module.action === "function",
        hasLoader: typeof route.module.loader === "function",
        acceptsUploads: handle.acceptsUploads === true,
        acceptsJson: handle.acceptsJson === true,
      });
      const languages = languagePatterns(pattern);
      const entry = entryFor(languages?.en ?? pattern);
      const spanish = languages ? entryFor(languages.es) : undefined;
      const children = tree(route.id, pattern);
      // Only leaves answer requests: layouts (root, the admin and dashboard shells) wrap them.
      if (children.length === 0) entries.push(entry, ...(spanish ? [spanish] : []));
      return {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        entry,
        spanish,
        ...(children.length > 0 ? { children } : {}),
      } as Node;
    });
  const routes = tree(undefined, "");
  const matched = new Map<string, RouteEntry | null>();
  return {
    entries,
    match(pathname) {
      const known = matched.get(pathname);
      if (known !== undefined) return known;
      // Single-fetch data requests: /business/x.data, and /_root.data for the index.
      let path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
      if (path === "/_root") path = "/";
      const matches = matchRoutes(routes, path);
      const leaf = matches?.[matches.length - 1]?.route as Node | undefined;
      const entry = (isSpanishPath(path) ? leaf?.spanish : undefined) ?? leaf?.entry ?? null;
      if (matched.size >= rememberedPaths) matched.delete(matched.keys().next().value as string);
      matched.set(pathname, entry);
      return entry;
    },
  };
}
