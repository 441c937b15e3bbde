import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layers point one way (docs/architecture.md): routes → web → domain → lib. This reads every
// source file's imports and fails on an import that points the wrong way, and on a role check
// written by hand instead of asking the permission module.

type SourceFile = { file: string; text: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "node_modules" || name === "+types" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full.split(path.sep).join("/")] : [];
  });
}

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

const domainOf = (target: string) => /^app\/domain\/([^/]+)\//.exec(target)?.[1] ?? null;
const isSchema = (target: string) => /\/schema(\.ts)?$/.test(target);

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
      if (target.startsWith("app/domain/") || target.startsWith("app/web/") || target.startsWith("app/routes/"))
        problems.push(`${file}: app/lib imports ${target} (lib is the ground floor)`);
    }
  }
  const own = domainOf(file);
  if (own) {
    for (const target of imports) {
      if (target.startsWith("app/web/") || target.startsWith("app/routes/"))
        problems.push(`${file}: a domain imports the web layer ${target}`);
      const other = domainOf(target);
      // schema.ts files may reference another domain's table for a foreign key; nothing else may
      // read another domain's tables: ask that domain's exported read functions instead.
      if (other && other !== own && isSchema(target) && !file.endsWith("/schema.ts"))
        problems.push(`${file}: domain "${own}" reads the tables of domain "${other}" (${target})`);
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

describe("layers", () => {
  const files = ["app", "server"]
    .flatMap((dir) => sourceFiles(dir))
    .map((file) => ({ file, text: readFileSync(file, "utf8") }));

  it("reads the whole app", () => {
    expect(files.filter((f) => f.file.startsWith("app/routes/")).length).toBeGreaterThan(20);
    expect(files.filter((f) => f.file.startsWith("app/domain/")).length).toBeGreaterThan(20);
  });

  it("every import points down and no role check is written by hand", () => {
    expect(files.flatMap(violations)).toEqual([]);
  });

  it("catches each kind of wrong import and hand-written role check", () => {
    const check = (file: string, text: string) => violations({ file, text });
    expect(check("app/routes/x.tsx", `import { eq } from "drizzle-orm";`)).toHaveLength(1);
    expect(check("app/routes/x.tsx", `import { users } from "#app/domain/accounts/schema";`)).toHaveLength(1);
    expect(check("app/lib/x.server.ts", `import { users } from "#app/domain/accounts/schema";`)).toHaveLength(1);
    expect(check("app/lib/x.server.ts", `export * from "../domain/accounts/users.server";`)).toHaveLength(1);
    expect(check("app/domain/beach/x.server.ts", `import { users } from "#app/domain/accounts/schema";`)).toHaveLength(
      1,
    );
    expect(check("app/domain/beach/x.server.ts", `import { users } from "../accounts/schema";`)).toHaveLength(1);
    expect(
      check("app/domain/beach/x.server.ts", `import { getSessionUser } from "#app/web/session.server";`),
    ).toHaveLength(1);
    expect(check("app/domain/beach/schema.ts", `import { users } from "../accounts/schema";`)).toEqual([]);
    expect(check("app/domain/beach/x.server.ts", `import { reports } from "./schema";`)).toEqual([]);
    expect(
      check("app/domain/beach/x.server.ts", `import { userSummaries } from "#app/domain/accounts/people.server";`),
    ).toEqual([]);
    expect(check("app/domain/x/y.server.ts", `function assertAdmin(actor) {}`)).toHaveLength(1);
    expect(check("app/domain/x/y.server.ts", `if (actor.role === "admin") return;`)).toHaveLength(1);
    expect(check("app/components/x.tsx", `{hasRole(user.role, "admin") ? 1 : 2}`)).toHaveLength(1);
    expect(check("app/routes/x.tsx", `await requireAdmin(request);`)).toHaveLength(1);
    expect(check("app/domain/x/y.server.ts", `export interface Actor { id: string }`)).toHaveLength(1);
    expect(check("app/domain/accounts/users.server.ts", `if (options.role === "admin") count();`)).toEqual([]);
  });
});
