// A form that posts files (encType multipart/form-data) needs its route to declare
// `handle.acceptsUploads`: without it the body limit for everything else (BODY_LIMIT, 1 MB) applies
// and a phone photo gets a bare 413 before the route can say anything (server/input.ts). This reads
// every route module, the components it renders and, within each component file, the functions
// those render, and fails for a route that can render a multipart form without declaring it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "#tests/support/files";

const root = path.resolve(import.meta.dirname, "../..");
const multipart = /multipart\/form-data/;

/** Top-level functions of a module and whether each renders a multipart form, itself or through another. */
function multipartFunctions(source: string): Set<string> {
  const bodies = new Map<string, string>();
  const starts = [...source.matchAll(/^(?:export )?(?:default )?(?:async )?function (\w+)/gm)];
  starts.forEach((match, i) => {
    bodies.set(match[1], source.slice(match.index, starts[i + 1]?.index ?? source.length));
  });
  const found = new Set([...bodies].filter(([, body]) => multipart.test(body)).map(([name]) => name));
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, body] of bodies) {
      if (found.has(name)) continue;
      if ([...found].some((other) => body.includes(`<${other}`))) {
        found.add(name);
        grew = true;
      }
    }
  }
  return found;
}

function resolveImport(specifier: string, from: string): string | null {
  const base = specifier.startsWith("#app/")
    ? path.join(root, "app", specifier.slice("#app/".length))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [`${base}.tsx`, `${base}.ts`, path.join(base, "index.tsx")]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {}
  }
  return null;
}

function rendersMultipartForm(file: string): boolean {
  const source = readFileSync(file, "utf8");
  if (multipart.test(source)) return true;
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    const target = resolveImport(match[2], file);
    if (!target || !target.includes(`${path.sep}components${path.sep}`)) continue;
    // "Name" or "Name as Local"; type-only imports render nothing.
    const pairs = match[1]
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith("type "))
      .map((name) => name.split(/\s+as\s+/));
    const withForms = multipartFunctions(readFileSync(target, "utf8"));
    if (pairs.some(([name, local = name]) => withForms.has(name) && source.includes(`<${local}`))) return true;
  }
  return false;
}

describe("routes that render a file upload form accept uploads", () => {
  const routes = filesUnder(
    path.join(root, "app/routes"),
    (file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"),
  );

  it("finds the forms it is meant to find", () => {
    const uploading = routes.filter(rendersMultipartForm).map((file) => path.relative(root, file));
    expect(uploading).toContain("app/routes/dashboard/business/$businessId/photos.tsx");
    expect(uploading).toContain("app/routes/_public/classifieds/new.tsx");
    expect(uploading).not.toContain("app/routes/dashboard/business/$businessId/hours.tsx");
  });

  it.each(routes.filter(rendersMultipartForm).map((file) => [path.relative(root, file), file]))(
    "%s declares handle.acceptsUploads",
    (_name, file) => {
      expect(readFileSync(file, "utf8")).toMatch(/acceptsUploads:\s*true/);
    },
  );
});
