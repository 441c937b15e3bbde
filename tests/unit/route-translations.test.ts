import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A page embeds only the translation namespaces its routes declare in `handle.i18n`; one it uses
// but does not declare is fetched after load, a request and a re-render the page should not need.
// This follows each route module's imports (not server-only ones) and collects the namespaces the
// code names: useTranslation("ns") and t("ns:…").

const appDir = path.resolve("app");

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("#app/")) base = path.join(appDir, specifier.slice("#app/".length));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.tsx`,
    `${base}.ts`,
    path.join(base, "index.tsx"),
    path.join(base, "index.ts"),
  ]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function moduleGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || file.includes(".server.") || file.endsWith("lib/translations.tsx")) return seen;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const match of source.matchAll(/(?:import|export)\s+(?!type\b)[^;]*?from\s+"([^"]+)"/g)) {
    const target = resolveImport(file, match[1]);
    if (target) moduleGraph(target, seen);
  }
  return seen;
}

function namespacesUsed(files: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/useTranslation\((?:"(\w+)")?\)/g)) used.add(match[1] ?? "common");
    for (const match of source.matchAll(/\bt\(\s*[`"](\w+):/g)) used.add(match[1]);
  }
  return used;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry.endsWith(".tsx") && !entry.includes(".test.") ? [full] : [];
  });
}

describe("route translation declarations", () => {
  const shell = namespacesUsed(moduleGraph(path.join(appDir, "root.tsx")));

  it("the site shell needs only the common namespace (other namespaces' nav labels are always embedded)", () => {
    expect([...shell]).toEqual(["common"]);
  });

  it("every route declares in handle.i18n each namespace its page's code uses", () => {
    const files = routeFiles(path.join(appDir, "routes"));
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      const declared = new Set(
        [
          ...(source.match(/export const handle = \{\s*i18n: \[([^\]]*)\]/)?.[1] ?? "").matchAll(
            /"(\w+)(?::[\w.-]+)?"/g,
          ),
        ].map((match) => match[1]),
      );
      const missing = [...namespacesUsed(moduleGraph(file))].filter(
        (namespace) => !shell.has(namespace) && !declared.has(namespace),
      );
      expect(missing, `${path.relative(appDir, file)} uses these namespaces without declaring them`).toEqual([]);
    }
  });
});
