import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { navSections, type ShellSection } from "#app/lib/shell-sections";
import type { SitePage } from "#app/lib/site-routes";
import { registeredSitePages } from "#app/lib/site-routes";
import {
  adminSections,
  dashboardSections,
  isToastName,
  manifests,
  routeDeclarations,
  sitemapPages,
  sitePages,
  toastNames,
} from "#app/manifests";
import routes from "#app/routes";
import adminBefore from "#tests/fixtures/manifests/admin-sections.json";
import dashboardBefore from "#tests/fixtures/manifests/dashboard-sections.json";
import routesBefore from "#tests/fixtures/manifests/routes.json";
import pagesBefore from "#tests/fixtures/manifests/site-pages.json";
import toastsBefore from "#tests/fixtures/manifests/toast-names.json";
import { filesUnder } from "#tests/support/files";

// The site-wide lists are assembled from one manifest per area (app/manifests.ts). The fixtures
// under tests/fixtures/manifests are the lists as they were when each was one central file
// (site-routes.ts, dashboard-sections.ts, admin-sections.ts, toast.ts, routes.ts), dumped before the
// entries moved: these tests hold the assembled lists to them, in every order something renders.

type Flat = { id?: string; path: string; file: string; index: boolean; parent: string | null };

/** The route tree as rows: full path, file, id, and the layout it sits in. */
function flatten(entries: readonly RouteConfigEntry[], parent: { id: string; path: string } | null = null): Flat[] {
  return entries.flatMap((entry) => {
    const full = [parent?.path, entry.path].filter(Boolean).join("/");
    const row: Flat = {
      id: entry.id,
      path: full,
      file: entry.file,
      index: entry.index === true,
      parent: parent?.id ?? null,
    };
    return [row, ...flatten(entry.children ?? [], { id: entry.id ?? entry.file, path: full })];
  });
}

const key = (row: Flat) => `${row.path} ${row.id ?? ""} ${row.file}`;
const sorted = (rows: Flat[]) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
const byId = (sections: readonly ShellSection[]) => [...sections].sort((a, b) => a.id.localeCompare(b.id));
const ids = (sections: readonly ShellSection[]) => sections.map((section) => section.id);

/** Entries that appear more than once, with the manifests that declare them. */
function repeated(entries: [owner: string, value: string][]): string[] {
  const owners = new Map<string, string[]>();
  for (const [owner, value] of entries) owners.set(value, [...(owners.get(value) ?? []), owner]);
  return [...owners].filter(([, list]) => list.length > 1).map(([value, list]) => `${value}: ${list.join(", ")}`);
}

describe("the lists assembled from the manifests are the lists as they were", () => {
  it("public pages: the same pages in the same order (home page, footer, sitemaps render in list order)", () => {
    expect(sitePages).toEqual(pagesBefore as SitePage[]);
  });

  it("what the header, the footer and the home page render is unchanged", () => {
    const mainNav = (pages: SitePage[]) =>
      pages.filter((page) => page.mainNav !== undefined).sort((a, b) => (a.mainNav ?? 0) - (b.mainNav ?? 0));
    const before = pagesBefore as SitePage[];
    expect(mainNav(sitePages).map((page) => page.id)).toEqual(mainNav(before).map((page) => page.id));
    for (const column of ["community", "services", "resources", "areas", "about"])
      expect(sitePages.filter((page) => page.footer === column)).toEqual(
        before.filter((page) => page.footer === column),
      );
    expect(sitePages.filter((page) => page.homeFeature)).toEqual(before.filter((page) => page.homeFeature));
  });

  it.each([
    ["dashboard", dashboardSections, dashboardBefore as ShellSection[]],
    ["admin", adminSections, adminBefore as ShellSection[]],
  ] as const)("%s sections: the same entries, and the side navigation in the same order", (_shell, now, before) => {
    expect(byId(now)).toEqual(byId(before));
    // What the shell renders (app/components/accounts/section-shell.tsx), for every holder of
    // every combination of permissions: the order filtering keeps is the order navSections gives.
    expect(ids(navSections(now))).toEqual(ids(navSections(before)));
  });

  it("toast names: the same names (the central list held photoAdded twice)", () => {
    expect(new Set(toastNames)).toEqual(new Set(toastsBefore));
    expect(toastNames.length).toBe(new Set(toastNames).size);
    for (const name of toastsBefore) expect(isToastName(name)).toBe(true);
    expect(isToastName("notAToast")).toBe(false);
  });

  it("routes: the same routes; pages first in page order, test-only routes and the catch-all last", () => {
    const now = flatten(routes);
    const before = flatten(routesBefore as RouteConfigEntry[]);
    expect(sorted(now)).toEqual(sorted(before));
    // The public pages open the table, in the pages' order, as before.
    expect(now.slice(0, sitePages.length)).toEqual(before.slice(0, sitePages.length));
    // Then the two shells, each with the same sections.
    const top = (rows: Flat[]) => rows.filter((row) => row.parent === null);
    expect(top(now).slice(sitePages.length, sitePages.length + 2)).toEqual(
      top(before).slice(sitePages.length, sitePages.length + 2),
    );
    expect(now.at(-1)).toEqual(before.at(-1));
    expect(now.at(-1)?.id).toBe("not-found");
  });

  it("sitemaps leave utility pages out", () => {
    expect(sitemapPages().some((page) => page.id === "offline")).toBe(false);
    expect(sitemapPages().some((page) => page.id === "home")).toBe(true);
  });

  it("hands the page list down to app/lib for the floors that cannot import app/manifests.ts", () => {
    expect(registeredSitePages()).toEqual(sitePages);
  });
});

describe("manifests", () => {
  const routeIds = manifests.flatMap((m): [string, string][] => [
    ...m.pages.map((page): [string, string] => [m.id, page.id]),
    ...[...m.dashboardSections, ...m.adminSections].map((section): [string, string] => [m.id, section.id]),
    ...m.routes.map((route): [string, string] => [m.id, route.id ?? route.file.replace(/\.tsx?$/, "")]),
  ]);
  const routePaths = manifests.flatMap((m): [string, string][] =>
    [...m.pages, ...m.dashboardSections, ...m.adminSections, ...m.routes].map((entry) => [m.id, entry.path]),
  );

  it("no two entries declare the same route id or path", () => {
    expect(repeated(routeIds)).toEqual([]);
    expect(repeated(routePaths)).toEqual([]);
    expect(repeated([...routeIds, ["shells", "dashboard"], ["shells", "admin"]])).toEqual([]);
  });

  it("no two manifests declare the same toast name, namespace or id", () => {
    expect(repeated(manifests.flatMap((m) => m.toasts.map((name): [string, string] => [m.id, name])))).toEqual([]);
    expect(repeated(manifests.flatMap((m) => m.namespaces.map((ns): [string, string] => [m.id, ns])))).toEqual([]);
    expect(repeated(manifests.map((m): [string, string] => ["app/manifests.ts", m.id]))).toEqual([]);
  });

  it("every toast has its text in both languages", () => {
    for (const language of ["en", "es"]) {
      const common = JSON.parse(readFileSync(`app/locales/${language}/common.json`, "utf8"));
      expect(
        toastNames.filter((name) => typeof common.toast?.messages?.[name] !== "string"),
        language,
      ).toEqual([]);
    }
  });

  it("every declared namespace has its locale files, and every locale file is declared by exactly one manifest", () => {
    const declared = manifests.flatMap((m) => m.namespaces);
    for (const namespace of declared)
      for (const language of ["en", "es"])
        expect(existsSync(`app/locales/${language}/${namespace}.json`), `${language}/${namespace}.json`).toBe(true);
    for (const language of ["en", "es"]) {
      const onDisk = readdirSync(`app/locales/${language}`)
        .filter((name) => name.endsWith(".json"))
        .map((name) => name.replace(/\.json$/, ""));
      for (const namespace of onDisk)
        expect(
          declared.filter((ns) => ns === namespace),
          `${language}/${namespace}.json`,
        ).toHaveLength(1);
    }
  });

  it("sections sit under their shell, and every route's module exists", () => {
    for (const section of dashboardSections) expect(section.path).toMatch(/^\/dashboard(\/|$)/);
    for (const section of adminSections) expect(section.path).toMatch(/^\/admin(\/|$)/);
    for (const entry of [...routeDeclarations, ...dashboardSections, ...adminSections])
      expect(existsSync(`app/${entry.file}`), entry.file).toBe(true);
    for (const entry of routeDeclarations) expect(entry.path).toMatch(/^\//);
  });

  it("every manifest.ts under app is listed in app/manifests.ts, with its folder's name as id", () => {
    const onDisk = filesUnder("app", (file) => file.endsWith("/manifest.ts")).sort();
    expect(onDisk).toHaveLength(manifests.length);
    const listing = readFileSync("app/manifests.ts", "utf8");
    for (const file of onDisk) {
      const folder = path.posix.dirname(file);
      expect(listing, file).toContain(`"./${folder.slice("app/".length)}/manifest"`);
      expect(
        manifests.some((m) => m.id === path.posix.basename(folder)),
        file,
      ).toBe(true);
    }
  });

  it("manifest.ts files import only the manifest helpers and types (routes.ts and the browser read them)", () => {
    for (const file of filesUnder("app", (file) => file.endsWith("/manifest.ts"))) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']/gm)) {
        const [, typeOnly, source] = match;
        expect(source, file).not.toMatch(/\.server/);
        if (!typeOnly) expect(source, file).toBe("../../lib/feature-manifest");
      }
    }
  });

  it("every manifest.server.ts is listed in app/compose/features.server.ts, for an area with a manifest", () => {
    const listing = readFileSync("app/compose/features.server.ts", "utf8");
    for (const file of filesUnder("app", (file) => file.endsWith("/manifest.server.ts"))) {
      const folder = path.posix.dirname(file);
      expect(listing, file).toContain(`"#${folder}/manifest.server"`);
      expect(
        manifests.some((m) => m.id === path.posix.basename(folder)),
        file,
      ).toBe(true);
    }
  });
});

describe("server manifests", () => {
  // Importing every area's server code (and PGlite with it) takes more than the default 5 s when the
  // unit project runs beside the others in CI; the test checks order, not speed.
  it("register the moderated kinds, and start, stop and flush the jobs, in the order server/app.ts had them", async () => {
    const { serverManifests } = await import("#app/compose/features.server");
    const { knownModeratedKinds } = await import("#app/platform/moderation/kinds");
    const adapterKinds = serverManifests.flatMap((m) => m.moderationAdapters ?? []).map((adapter) => adapter.kind);
    expect(adapterKinds).toEqual(["review", "forum_post", "forum_reply", "group", "classified", "event", "property"]);
    // One adapter for every kind a manifest declares, and none for a kind nobody declares.
    expect([...adapterKinds].sort()).toEqual([...knownModeratedKinds()].sort());
    const jobs = serverManifests.flatMap((m) => (m.jobs ?? []).map((job) => ({ area: m.id, ...job })));
    expect(jobs.filter((job) => job.start).map((job) => job.area)).toEqual([
      "outbox",
      "groups",
      "classifieds",
      "billing",
      "billing",
      "realestate",
      "alerts",
      "alerts",
    ]);
    expect(jobs.filter((job) => job.stop).map((job) => job.area)).toEqual([
      "outbox",
      "groups",
      "classifieds",
      "billing",
      "billing",
      "realestate",
      "alerts",
      "alerts",
    ]);
    expect(jobs.filter((job) => job.flush).map((job) => job.area)).toEqual(["directory", "ads"]);
    for (const manifest of serverManifests)
      expect(
        manifests.some((m) => m.id === manifest.id),
        manifest.id,
      ).toBe(true);
  }, 60_000);

  it("seed the demo content in the order the steps build on each other, each step once", async () => {
    const { seedSteps } = await import("#app/compose/features.server");
    // Accounts before the listings they own, the listings before their covers and their owners'
    // roles, then every area that points at listings or people.
    expect(seedSteps.map((step) => step.name)).toEqual([
      "site",
      "accounts",
      "directory",
      "demo covers",
      "demo ownership",
      "demo listing activity",
      "demo bookings",
      "demo SINPE transfer",
      "demo messages",
      "guides",
      "beach",
      "alerts",
      "community",
      "groups",
      "classifieds",
      "classified drawings",
      "events",
      "event drawings",
      "real estate",
      "property drawings",
    ]);
    expect(new Set(seedSteps.map((step) => step.order)).size).toBe(seedSteps.length);
  }, 60_000);
});
