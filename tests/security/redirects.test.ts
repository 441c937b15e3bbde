import * as build from "virtual:react-router/server-build";
import { describe, expect, it } from "vitest";
import { routeTable } from "#root/server/route-table";
import { hostileRequestPaths, staysOnSite } from "./support/redirect-payloads";
import { startTestServer } from "./support/server";

// Every redirect the app can answer to a GET, fed the known open-redirect payloads where it takes
// its target from: the path (the language switcher's ?lng=, the Accept-Language and cookie
// redirects, legacy paths), a route parameter, or a redirectTo query. Whatever the status, a
// Location must keep the visitor on this site, also after one decoding, and nothing answers 5xx.

const server = startTestServer();
const table = routeTable(build);

async function expectSafe(path: string, headers: Record<string, string> = {}) {
  const response = await server.raw({ path, headers: { accept: "text/html", ...headers } });
  const location = response.headers.location as string | undefined;
  expect(response.status, path).toBeLessThan(500);
  expect(staysOnSite(location, server.origin), `${path} → ${location}`).toBe(true);
}

describe("no redirect leaves the site", () => {
  it("the language switcher and language detection, on every hostile path", async () => {
    for (const path of hostileRequestPaths) {
      for (const query of ["?lng=es", "?lng=en", "?lng=xx", "?a=1&lng=es", ""]) await expectSafe(`${path}${query}`);
      await expectSafe(path, { "accept-language": "es-CR,es;q=0.9" });
      await expectSafe(path, { cookie: "i18nextLng=es" });
      await expectSafe(`/es${path}?lng=en`);
    }
  });

  it("the switcher's own example, /%2e//evil.example?lng=en, lands on the home page", async () => {
    for (const query of ["?lng=en", "?lng=xx"]) {
      const response = await server.raw({ path: `/%2e//evil.example${query}`, headers: { accept: "text/html" } });
      expect(response.status).toBe(302);
      expect(response.headers.location, query).toBe("/");
    }
  });

  it("every route, with a hostile value in each parameter and in redirectTo", async () => {
    // A few of each kind keep this to seconds per route; the helper's own test takes every payload.
    const inParams = ["%2F%2Fevil.example", "..%2F..%2F%2Fevil.example"];
    const inQuery = ["//evil.example", "/%2e//evil.example", "/\\evil.example", "https://evil.example"].map(
      encodeURIComponent,
    );
    for (const entry of table.entries) {
      if (entry.pattern.includes("_e2e")) continue;
      const paths =
        entry.params.length === 0
          ? [entry.pattern]
          : inParams.map((value) => entry.pattern.replace(/:\w+\??|\*/g, value));
      for (const path of paths) await expectSafe(path);
      await expectSafe(`${paths[0]}?lng=en`);
      if (entry.params.length === 0)
        for (const target of inQuery) await expectSafe(`${entry.pattern}?redirectTo=${target}&next=${target}`);
    }
  });
});
