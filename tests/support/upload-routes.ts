// Which route modules render a form that posts files (encType multipart/form-data): the route
// itself, a component it imports and renders, or a function of that component's file that one
// renders. Shared by the test that holds every such route to the upload body limit and the test
// that posts an oversized photo to every one of them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { filesUnder } from "./files";

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

export function rendersMultipartForm(file: string): boolean {
  const source = readFileSync(file, "utf8");
  if (multipart.test(source)) return true;
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    const target = resolveImport(match[2], file);
    if (!target?.includes(`${path.sep}components${path.sep}`)) continue;
    // "Name" or "Name as Local"; type-only imports render nothing.
    const pairs = match[1]
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith("type "))
      .map((name) => name.split(/\s+as\s+/));
    const withForms = multipartFunctions(readFileSync(target, "utf8"));
    if (pairs.some(([name, local = name]) => withForms.has(name) && source.includes(`<${local}`))) return true;
  }
  // A component loaded when it is first rendered: const Local = lazy(() => import("…").then(
  // (module) => ({ default: module.Name }))), or a module's default export.
  for (const match of source.matchAll(
    /const (\w+) = lazy\(\s*\(\) =>\s*import\("([^"]+)"\)(?:\.then\(\s*\(?\w+\)? => \(\{ default: \w+\.(\w+) \}\)\s*\))?/g,
  )) {
    const target = resolveImport(match[2], file);
    if (!target || !source.includes(`<${match[1]}`)) continue;
    const component = readFileSync(target, "utf8");
    const name = match[3] ?? /^export default function (\w+)/m.exec(component)?.[1];
    if (name && multipartFunctions(component).has(name)) return true;
  }
  return false;
}

/** Every route module (path from the repository root) that renders a multipart form. */
export function uploadRoutes(): string[] {
  return filesUnder(path.join(root, "app/routes"), (file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"))
    .filter(rendersMultipartForm)
    .map((file) => path.relative(root, file));
}
