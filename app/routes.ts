import { index, type RouteConfig, route } from "@react-router/dev/routes";
import type { RouteDeclaration } from "./lib/feature-manifest";
import type { ShellSection } from "./lib/shell-sections";
import { routeFileOf } from "./lib/site-routes";
import { adminSections, dashboardSections, routeDeclarations, sitePages } from "./manifests";

// The router, built from the areas' manifests (app/manifests.ts): their public pages, the dashboard
// and admin shells with their sections, and their other routes. A route is added in its area's
// manifest.ts, not here.

/**
 * One route for a page in both languages: English at its path, Spanish under /es/… (an optional
 * static segment, so the router matches both and the page reads its language from the URL).
 */
function localized(path: string, file: string, id: string) {
  return [route(path === "" ? "es?" : `es?/${path}`, file, { id })];
}

const pages = sitePages.flatMap((page) => localized(page.path.slice(1), routeFileOf(page), page.id));

/** A shell (layout with side navigation) at `base` and its sections, one route each for both languages. */
function localizedShell(base: string, layoutFile: string, id: string, sections: ShellSection[]) {
  const children = sections.map((section) => {
    const rest = section.path.slice(base.length).replace(/^\//, "");
    return rest === "" ? index(section.file, { id: section.id }) : route(rest, section.file, { id: section.id });
  });
  return [route(`es?/${base.slice(1)}`, layoutFile, { id }, children)];
}

/** A route an area declares: in both languages, or at its one path (an API, a file). */
function declared(declaration: RouteDeclaration) {
  const path = declaration.path.slice(1);
  if (declaration.localized) return localized(path, declaration.file, declaration.id);
  return [declaration.id ? route(path, declaration.file, { id: declaration.id }) : route(path, declaration.file)];
}

/** The page for any other URL ("/*"): last in the file, as the router ranks it anyway. */
const isCatchAll = (declaration: RouteDeclaration) => declaration.path === "/*";

/**
 * Routes for the browser tests' server only: built in when E2E_ROUTES=1 at build time, which
 * scripts/e2e-server.mjs does into its own BUILD_DIR. The production route table has none of them.
 */
function testOnlyRoutes() {
  if (process.env.E2E_ROUTES !== "1") return [];
  return [
    route("_e2e/flaky", "routes/_e2e/flaky.tsx"),
    route("_e2e/slow", "routes/_e2e/slow.ts"),
    route("_e2e/users", "routes/_e2e/users.ts"),
    route("_e2e/outbox", "routes/_e2e/outbox.ts"),
    route("_e2e/property-alerts", "routes/_e2e/property-alerts.ts"),
    route("_e2e/businesses", "routes/_e2e/businesses.ts"),
  ];
}

export default [
  ...pages,
  ...localizedShell("/dashboard", "routes/dashboard/layout.tsx", "dashboard", dashboardSections),
  ...localizedShell("/admin", "routes/admin/layout.tsx", "admin", adminSections),
  ...routeDeclarations.filter((declaration) => !isCatchAll(declaration)).flatMap(declared),
  ...testOnlyRoutes(),
  ...routeDeclarations.filter(isCatchAll).flatMap(declared),
] satisfies RouteConfig;
