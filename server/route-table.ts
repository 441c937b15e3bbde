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

type Node = RouteObject & { entry: RouteEntry; children?: Node[] };

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
      const entry: RouteEntry = {
        id: route.id,
        pattern,
        params: [...pattern.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*"),
        hasAction: typeof route.module.action === "function",
        hasLoader: typeof route.module.loader === "function",
        acceptsUploads: handle.acceptsUploads === true,
        acceptsJson: handle.acceptsJson === true,
      };
      const children = tree(route.id, pattern);
      // Only leaves answer requests: layouts (root, the admin and dashboard shells) wrap them.
      if (children.length === 0) entries.push(entry);
      return {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        entry,
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
      const entry = leaf?.entry ?? null;
      if (matched.size >= rememberedPaths) matched.delete(matched.keys().next().value as string);
      matched.set(pathname, entry);
      return entry;
    },
  };
}
