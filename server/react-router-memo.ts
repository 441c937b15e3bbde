import type { Plugin } from "vite";

// React Router redoes, on every server render, work whose answer never changes for a build:
//  - `ServerRouter` rebuilds the whole route tree (createServerRoutes) and the static router
//    converts it again into data routes (convertRoutesToDataRoutes): about 4.5 % of the main
//    thread for a signed-in page;
//  - `matchRoutesImpl` walks every ranked branch of ~260 (both languages) until one matches, three
//    times per document request (server match, static handler, partial manifest): about 6 %.
// The server bundle gets react-router's code with those answers remembered: the route trees per
// build, and for matching only *which* branch matched a path (the match objects are still made
// fresh for each call, so no request shares params with another). Each patch names the exact code
// it replaces; when an upgrade changes that code the build fails here rather than running unpatched.

interface Patch {
  /** Which module of react-router's production build holds the code. */
  holds: string;
  find: string;
  replace: string;
}

const patches: Patch[] = [
  {
    holds: "function matchRoutesImpl(",
    find: `  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;`,
    replace: `  let remembered = precomputedBranches ? __playaRememberedBranches(precomputedBranches, allowPartial) : null;
  let known = remembered?.get(decoded);
  if (known !== undefined) return known < 0 ? null : matchRouteBranch(branches[known], decoded, allowPartial);
  let i = 0;
  for (; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  if (remembered) __playaRemember(remembered, decoded, matches == null ? -1 : i - 1);
  return matches;`,
  },
  {
    holds: "function createStaticRouter(",
    find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: `function createStaticRouter(routes, context, opts = {}) {
  let converted = __playaStaticRoutes.get(routes);
  if (!converted) {
    let manifest2 = {};
    converted = { manifest: manifest2, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest2) };
    __playaStaticRoutes.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;`,
  },
  {
    holds: "function ServerRouter(",
    find: `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    replace: `  let routes = __playaServerRoutes.get(manifest.routes);
  if (!routes) {
    routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
    __playaServerRoutes.set(manifest.routes, routes);
  }`,
  },
];

// Declared at the end of the module: functions are hoisted, and the maps exist before any request.
const helpers = `
var __playaBranchMemo = new WeakMap();
var __playaStaticRoutes = new WeakMap();
var __playaServerRoutes = new WeakMap();
function __playaRememberedBranches(branches, allowPartial) {
  let byMode = __playaBranchMemo.get(branches);
  if (!byMode) {
    byMode = [new Map(), new Map()];
    __playaBranchMemo.set(branches, byMode);
  }
  return byMode[allowPartial ? 1 : 0];
}
function __playaRemember(remembered, path, index) {
  // Bounded: invented URLs must not grow it without limit.
  if (remembered.size >= 2000) remembered.delete(remembered.keys().next().value);
  remembered.set(path, index);
}
`;

const productionBuild = /\/node_modules\/react-router\/dist\/production\/[^/]+\.mjs$/;

/** The module's code with the patches that belong in it applied, or null when none does. */
export function patchReactRouterModule(code: string): { code: string; applied: string[] } | null {
  const applied: string[] = [];
  let patched = code;
  for (const patch of patches) {
    if (!patched.includes(patch.holds)) continue;
    if (!patched.includes(patch.find))
      throw new Error(
        `react-router changed: the code after "${patch.holds}" is not what server/react-router-memo.ts patches`,
      );
    patched = patched.replace(patch.find, patch.replace);
    applied.push(patch.holds);
  }
  return applied.length > 0 ? { code: `${patched}\n${helpers}`, applied } : null;
}

/** The patches' anchors, so a test can check each one lands somewhere in the build. */
export const patchedFunctions = patches.map((patch) => patch.holds);

/** Vite plugin for the server build only (the browser renders one page at a time). */
export function reactRouterServerMemo(): Plugin {
  const applied = new Set<string>();
  return {
    name: "playa:react-router-server-memo",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!productionBuild.test(id) || id.includes("react-server")) return null;
      const result = patchReactRouterModule(code);
      if (!result) return null;
      for (const name of result.applied) applied.add(name);
      return { code: result.code, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missing = patchedFunctions.filter((name) => !applied.has(name));
      if (missing.length > 0) this.error(`react-router changed: ${missing.join(", ")} not found to patch`);
    },
  };
}
