import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "#tests/support/files";

// The layers point one way (docs/architecture.md): routes and components → web → compose →
// features → platform → lib, with the list of manifests (app/manifests.ts) above the areas. This
// reads every source file's imports and fails on an import that points the wrong way, on a feature
// that imports another feature, on any circle of imports between folders, and on a role check
// written by hand instead of asking the permission module.

type SourceFile = { file: string; text: string };

/** Every module a file imports (static, dynamic and re-exports), as a path from the repository root. */
function importsOf(file: string, text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
  for (const match of text.matchAll(pattern)) {
    const spec = match[1];
    if (spec.startsWith("#app/")) found.push(`app/${spec.slice("#app/".length)}`);
    else if (spec.startsWith(".")) found.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
    else found.push(spec);
  }
  return found;
}

/**
 * Platform tables a feature writes as their editor: a listing and a plan are platform tables because
 * many areas point at them (bookings, messages, events, ads, billing), but the directory is where a
 * listing is edited and billing is where plans are sold and granted.
 */
const tablesEditedBy: Record<string, string> = {
  "platform/listings": "features/directory",
  "platform/plans": "features/billing",
};

/** platform, features or compose, and the area's folder in it ("features/directory"); null elsewhere. */
const areaOf = (target: string) => /^app\/((platform|features|compose)\/[^/.]+)(\/|\.|$)/.exec(target)?.[1] ?? null;
const floorOf = (target: string) => /^app\/(platform|features|compose)\//.exec(target)?.[1] ?? null;

/**
 * The folder a file counts in for circles: an area of the platform, the features or the
 * composition layer, a folder of the components, or one of app's own folders (lib, web, routes).
 */
function folderOf(file: string): string | null {
  const area = areaOf(file);
  if (area) return area;
  const components = /^app\/components\/([^/]+)\//.exec(file);
  if (components) return `components/${components[1]}`;
  const top = /^app\/([^/]+)\//.exec(file);
  return top ? top[1] : null;
}
// An area's tables: its schema.ts, or a part of them in <part>-schema.ts beside it (alerts'
// subscriptions). app/lib/form-schema is the forms' Zod, not tables.
const isSchema = (target: string) =>
  /\/schema(\.ts)?$/.test(target) || (/\/[\w-]+-schema(\.ts)?$/.test(target) && !/lib\/form-schema/.test(target));

/** What is wrong with one file's imports and code; empty when it keeps to its layer. */
function violations({ file, text }: SourceFile): string[] {
  const problems: string[] = [];
  const imports = importsOf(file, text);
  if (file.startsWith("app/routes/")) {
    for (const target of imports) {
      if (target === "drizzle-orm" || target.startsWith("drizzle-orm/"))
        problems.push(`${file}: a route imports ${target} (query through a domain function)`);
      else if (target.startsWith("app/") && isSchema(target))
        problems.push(`${file}: a route imports tables from ${target}`);
    }
  }
  if (file.startsWith("app/lib/")) {
    for (const target of imports) {
      if (
        ["app/platform/", "app/features/", "app/compose/", "app/web/", "app/routes/", "app/components/"].some((above) =>
          target.startsWith(above),
        )
      )
        problems.push(`${file}: app/lib imports ${target} (lib is the ground floor)`);
    }
  }
  // The list of manifests (app/manifests.ts) imports every area's manifest: below it, lib and the
  // areas get what they need of it handed down (registerSitePages) instead.
  if (/^app\/(lib|platform|features)\//.test(file)) {
    for (const target of imports)
      if (/^app\/manifests(\.ts)?$/.test(target))
        problems.push(
          `${file}: imports the list of every area's manifest (${target}); hand what it needs down instead`,
        );
  }
  const own = areaOf(file);
  const ownFloor = floorOf(file);
  if (own) {
    for (const target of imports) {
      if (target.startsWith("app/web/") || target.startsWith("app/routes/") || target.startsWith("app/components/"))
        problems.push(`${file}: ${ownFloor} imports the web layer ${target}`);
      const other = areaOf(target);
      const otherFloor = floorOf(target);
      if (!other || other === own) continue;
      if (ownFloor === "platform" && otherFloor !== "platform")
        problems.push(`${file}: the platform imports ${otherFloor} (${target}); hand it in from above instead`);
      if (ownFloor === "features" && otherFloor === "features")
        problems.push(`${file}: feature "${own}" imports feature "${other}" (${target}); compose them in app/compose`);
      if (ownFloor === "features" && otherFloor === "compose")
        problems.push(`${file}: a feature imports the composition layer (${target})`);
      // schema.ts files may reference a table below them for a foreign key; nothing else in a
      // feature or the composition layer may read another area's tables: ask that area's exported
      // read functions instead. The platform is one floor: its areas build on each other's tables
      // (accounts writes the people tables, plans mark listings premium).
      const platformOnPlatform = ownFloor === "platform" && otherFloor === "platform";
      const editor = tablesEditedBy[other] === own;
      if (
        isSchema(target) &&
        !platformOnPlatform &&
        !editor &&
        !isSchema(file) &&
        file !== "app/compose/schema.ts"
      )
        problems.push(`${file}: "${own}" reads the tables of "${other}" (${target})`);
    }
  }
  const authorizationHome = file === "app/lib/authorization.ts" || file === "app/web/session.server.ts";
  if (!authorizationHome && !file.endsWith(".test.ts")) {
    const adHoc: [RegExp, string][] = [
      [/\bassertAdmin\b/, "assertAdmin"],
      [/\brequireAdmin\b|\brequireRole\b/, "a role guard (use requirePermission)"],
      [/\b(hasRole|isAdmin|isBusinessOwner|isSignedIn)\s*\(/, "a role helper (use can/assertCan)"],
      [/(?<!options\.)\brole\s*[!=]==?\s*["'](admin|business_owner|user)["']/, "a role comparison (use can/assertCan)"],
      [/\binterface\s+Actor\b/, "a second Actor type (import it from app/lib/authorization)"],
    ];
    for (const [pattern, what] of adHoc) if (pattern.test(text)) problems.push(`${file}: ${what}`);
  }
  return problems;
}

/** Every circle of imports between folders (strongly connected groups of two or more), with one import of each step. */
function folderCircles(files: SourceFile[]): string[][] {
  const edges = new Map<string, Map<string, string>>();
  for (const { file, text } of files) {
    const from = folderOf(file);
    if (!from) continue;
    for (const target of importsOf(file, text)) {
      const to = folderOf(target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      edges.get(from)?.set(to, `${file} → ${target}`);
    }
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member) {
        onStack.delete(member);
        group.push(member);
      }
    } while (member && member !== node);
    if (group.length > 1) {
      const members = new Set(group);
      circles.push(
        group
          .sort()
          .flatMap((from) =>
            [...(edges.get(from) ?? [])].filter(([to]) => members.has(to)).map(([, example]) => example),
          ),
      );
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe("layers", () => {
  const files = ["app", "server"]
    .flatMap((dir) => filesUnder(dir, (file) => /\.(ts|tsx)$/.test(file)))
    .map((file) => ({ file, text: readFileSync(file, "utf8") }));

  it("reads the whole app", () => {
    expect(files.filter((f) => f.file.startsWith("app/routes/")).length).toBeGreaterThan(20);
    expect(files.filter((f) => f.file.startsWith("app/features/")).length).toBeGreaterThan(20);
    expect(files.filter((f) => f.file.startsWith("app/platform/")).length).toBeGreaterThan(10);
  });

  it("no folders import each other in a circle", () => {
    expect(folderCircles(files)).toEqual([]);
  });

  it("finds a circle between folders, and none where imports point one way", () => {
    const a = { file: "app/features/a/x.server.ts", text: `import { y } from "#app/platform/b/y.server";` };
    const b = { file: "app/platform/b/y.server.ts", text: `import { z } from "../c/z.server";` };
    const c = { file: "app/platform/c/z.server.ts", text: `import { x } from "#app/features/a/x.server";` };
    expect(folderCircles([a, b])).toEqual([]);
    expect(folderCircles([a, b, c])).toHaveLength(1);
    expect(folderCircles([a, b, c])[0]).toHaveLength(3);
  });

  it("every import points down and no role check is written by hand", () => {
    expect(files.flatMap(violations)).toEqual([]);
  });

  it("catches each kind of wrong import and hand-written role check", () => {
    const check = (file: string, text: string) => violations({ file, text });
    expect(check("app/routes/x.tsx", `import { eq } from "drizzle-orm";`)).toHaveLength(1);
    expect(check("app/routes/x.tsx", `import { users } from "#app/platform/people/schema";`)).toHaveLength(1);
    expect(check("app/lib/x.server.ts", `import { users } from "#app/platform/people/schema";`)).toHaveLength(1);
    expect(check("app/lib/x.server.ts", `export * from "../features/beach/report.server";`)).toHaveLength(1);
    expect(
      check("app/features/beach/x.server.ts", `import { users } from "#app/platform/people/schema";`),
    ).toHaveLength(1);
    expect(
      check("app/features/beach/x.server.ts", `import { users } from "../../platform/people/schema";`),
    ).toHaveLength(1);
    expect(
      check("app/features/beach/x.server.ts", `import { getSessionUser } from "#app/web/session.server";`),
    ).toHaveLength(1);
    expect(check("app/features/beach/schema.ts", `import { users } from "../../platform/people/schema";`)).toEqual([]);
    expect(check("app/features/beach/x.server.ts", `import { reports } from "./schema";`)).toEqual([]);
    expect(
      check("app/features/beach/x.server.ts", `import { userSummaries } from "#app/platform/people/people.server";`),
    ).toEqual([]);
    // A feature never imports another feature, nor the layer that composes them.
    expect(
      check("app/features/events/x.server.ts", `import { a } from "#app/features/directory/business.server";`),
    ).toHaveLength(1);
    expect(check("app/features/events/x.server.ts", `import { a } from "../directory/constants";`)).toHaveLength(1);
    expect(
      check("app/features/events/x.server.ts", `import { a } from "#app/compose/owner-analytics.server";`),
    ).toHaveLength(1);
    // The platform imports only the platform (and lib).
    expect(
      check("app/platform/moderation/x.server.ts", `import { a } from "#app/features/groups/groups.server";`),
    ).toHaveLength(1);
    expect(
      check("app/platform/moderation/x.server.ts", `import { a } from "#app/compose/moderated-kinds.server";`),
    ).toHaveLength(1);
    expect(
      check("app/platform/moderation/x.server.ts", `import { a } from "#app/platform/audit/audit.server";`),
    ).toEqual([]);
    expect(
      check("app/features/directory/x.server.ts", `import { businesses } from "#app/platform/listings/schema";`),
    ).toEqual([]);
    expect(
      check("app/features/events/x.server.ts", `import { businesses } from "#app/platform/listings/schema";`),
    ).toHaveLength(1);
    // The composition layer may read features through their functions.
    expect(check("app/compose/x.server.ts", `import { a } from "#app/features/directory/business.server";`)).toEqual(
      [],
    );
    // Nothing below the list of manifests imports it.
    expect(check("app/lib/x.ts", `import { sitePages } from "#app/manifests";`)).toHaveLength(1);
    expect(check("app/features/guides/x.server.ts", `import { sitePages } from "../../manifests";`)).toHaveLength(1);
    expect(check("app/platform/site/x.ts", `import { sitePages } from "#app/manifests";`)).toHaveLength(1);
    expect(check("app/components/layout/x.tsx", `import { sitePages } from "#app/manifests";`)).toEqual([]);
    expect(check("app/web/x.server.ts", `import { isToastName } from "#app/manifests";`)).toEqual([]);
    expect(check("app/features/x/y.server.ts", `function assertAdmin(actor) {}`)).toHaveLength(1);
    expect(check("app/features/x/y.server.ts", `if (actor.role === "admin") return;`)).toHaveLength(1);
    expect(check("app/components/x.tsx", `{hasRole(user.role, "admin") ? 1 : 2}`)).toHaveLength(1);
    expect(check("app/routes/x.tsx", `await requireAdmin(request);`)).toHaveLength(1);
    expect(check("app/features/x/y.server.ts", `export interface Actor { id: string }`)).toHaveLength(1);
    expect(check("app/platform/accounts/users.server.ts", `if (options.role === "admin") count();`)).toEqual([]);
  });
});
