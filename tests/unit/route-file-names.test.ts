// URL to file in one hop: a route module's path under app/routes repeats its URL path, so nobody
// has to open routes.ts to find the file behind a page. The rule, checked over the real route table:
//   - each URL segment is a folder or the file name; ":param" is written "$param", "*" is "$";
//   - a path's own page is "<path>.tsx" or "<path>/index.tsx" ("/" is "index.tsx");
//   - "_public" (pages), "community" (the community pages) and "resources" (non-HTML files and
//     redirects) are folders outside the URL (docs/architecture.md, "Where things go");
//   - a static path may be served by the dynamic module of the same shape (/areas/surfside → areas/$area);
//   - shell layouts (the file that holds a shell's sections) are exempt.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "#app/routes";

interface Flat {
  path: string;
  file: string;
  layout: boolean;
}

function flatten(entries: RouteConfigEntry[], parent = ""): Flat[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = { path, file: entry.file, layout: Boolean(entry.children?.length) };
    return [own, ...flatten(entry.children ?? [], path)];
  });
}

const groupFolders = new Set(["_public", "community", "resources"]);

function matches(urlPath: string, file: string): boolean {
  const url = urlPath
    .replace(/^es\??(\/|$)/, "")
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment === "*" ? "$" : segment.replace(/^:/, "$")));
  const parts = file
    .replace(/^routes\//, "")
    .replace(/\.tsx?$/, "")
    .split("/")
    .filter((part, i) => !(i === 0 && groupFolders.has(part)));
  if (parts.at(-1) === "index") parts.pop();
  return (
    parts.length === url.length &&
    parts.every((part, i) => part === url[i] || (part.startsWith("$") && part.length > 1))
  );
}

describe("route module file names", () => {
  const flat = flatten(routes);

  it("reads the whole route table", () => {
    expect(flat.length).toBeGreaterThan(40);
  });

  it.each(flat.filter((route) => !route.layout && !route.path.startsWith("_e2e")).map((r) => [r.path || "/", r.file]))(
    "%s is served by a file named after it (%s)",
    (path, file) => {
      expect(matches(path === "/" ? "" : path, file)).toBe(true);
    },
  );

  it("rejects a file named after something else", () => {
    expect(matches("guide", "routes/_public/newcomer-guide.tsx")).toBe(false);
    expect(matches("admin/users/:userId", "routes/admin/user.tsx")).toBe(false);
    expect(matches("admin/businesses", "routes/admin/directory/businesses.tsx")).toBe(false);
  });
});
