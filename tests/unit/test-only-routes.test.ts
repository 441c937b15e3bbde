import { afterEach, describe, expect, it, vi } from "vitest";

// The route table is read at build time: these build it the way `react-router build` does, with
// and without E2E_ROUTES, and look for the test-only routes (/_e2e/...).
type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

function flatten(routes: RouteEntry[]): RouteEntry[] {
  return routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);
}

async function routeTable(e2eRoutes: string | undefined) {
  vi.resetModules();
  if (e2eRoutes === undefined) vi.stubEnv("E2E_ROUTES", undefined as unknown as string);
  else vi.stubEnv("E2E_ROUTES", e2eRoutes);
  const { default: routes } = await import("#app/routes");
  return flatten(routes as RouteEntry[]);
}

const isTestOnly = (route: RouteEntry) => Boolean(route.path?.startsWith("_e2e") || route.file.includes("_e2e/"));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("test-only routes", () => {
  it("are not in the production route table", async () => {
    for (const value of [undefined, "0", ""]) {
      const routes = await routeTable(value);
      expect(routes.length).toBeGreaterThan(20);
      expect(routes.filter(isTestOnly), `E2E_ROUTES=${value}`).toEqual([]);
    }
  });

  it("are in the browser tests' build (E2E_ROUTES=1), before the catch-all", async () => {
    const routes = await routeTable("1");
    expect(routes.filter(isTestOnly).map((route) => route.path)).toEqual([
      "_e2e/flaky",
      "_e2e/slow",
      "_e2e/users",
      "_e2e/outbox",
      "_e2e/property-alerts",
      "_e2e/businesses",
    ]);
    const paths = routes.map((route) => route.path);
    expect(paths.indexOf("_e2e/outbox")).toBeLessThan(paths.indexOf("es?/*"));
    expect(paths.indexOf("es?/*")).toBeGreaterThan(0);
  });
});
