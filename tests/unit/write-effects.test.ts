import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isPublicTables } from "#app/lib/response-cache/public-tables";
import { filesUnder } from "#tests/support/files";

// A write that changes public content must say so, or cached pages go on showing the old content
// and no other test notices. This reads every area's declaration of its public tables (schema.ts,
// publicTables) and every write function of the platform, the features and the composition layer
// (exported async functions, and defineWrite), and fails where a function writes a public table
// without declaring that table's kind: a bumpContentVersion call with it, or `contentKinds` of its
// defineWrite.

const roots = ["app/platform", "app/features", "app/compose"];

/** Table export name → its content kind, from every schema's publicTables declarations. */
async function publicTableKinds(): Promise<Map<string, string>> {
  const kinds = new Map<string, string>();
  for (const file of roots.flatMap((root) => filesUnder(root, (file) => file.endsWith("/schema.ts")))) {
    const schema: Record<string, unknown> = await import(`#app/${file.slice("app/".length, -".ts".length)}`);
    const nameOf = new Map(Object.entries(schema).map(([name, value]) => [value, name]));
    for (const value of Object.values(schema)) {
      if (!isPublicTables(value)) continue;
      for (const table of value.tables) {
        const name = nameOf.get(table);
        if (name) kinds.set(name, value.kind);
      }
    }
  }
  return kinds;
}

interface WriteFunction {
  /** file#name */
  id: string;
  /** Table identifiers it writes (.insert(x), .update(x), .delete(x)), itself or through what it calls. */
  tables: string[];
  /** Content kinds it declares, itself or through what it calls: bumpContentVersion(…) or defineWrite's contentKinds. */
  kinds: string[];
}

interface Declaration {
  file: string;
  name: string;
  exported: boolean;
  tables: Set<string>;
  kinds: Set<string>;
  /** Functions it calls, as "file#name" once resolved. */
  calls: Set<string>;
}

function resolveModule(from: string, specifier: string): string | null {
  const base = specifier.startsWith("#app/")
    ? `app/${specifier.slice("#app/".length)}`
    : specifier.startsWith(".")
      ? path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
      : null;
  return base ? (base.endsWith(".ts") ? base : `${base}.ts`) : null;
}

/** Every top-level function of one module, with what it writes, bumps and calls (unresolved names). */
function declarationsOf(file: string, text: string): { declarations: Declaration[]; imports: Map<string, string> } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports = new Map<string, string>();
  const declarations: Declaration[] = [];
  const literals = (node: ts.Node): string[] => {
    const out: string[] = [];
    const visit = (child: ts.Node) => {
      if (ts.isStringLiteral(child)) out.push(child.text);
      ts.forEachChild(child, visit);
    };
    visit(node);
    return out;
  };
  const inspect = (name: string, exported: boolean, body: ts.Node, declared: string[]) => {
    const declaration: Declaration = {
      file,
      name,
      exported,
      tables: new Set(),
      kinds: new Set(declared),
      calls: new Set(),
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (
          ts.isPropertyAccessExpression(callee) &&
          ["insert", "update", "delete"].includes(callee.name.text) &&
          node.arguments.length === 1 &&
          ts.isIdentifier(node.arguments[0])
        )
          declaration.tables.add(node.arguments[0].text);
        if (ts.isIdentifier(callee)) {
          if (callee.text === "bumpContentVersion")
            for (const argument of node.arguments.slice(1))
              for (const kind of literals(argument)) declaration.kinds.add(kind);
          else declaration.calls.add(callee.text);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    declarations.push(declaration);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = resolveModule(file, statement.moduleSpecifier.text);
      const bindings = statement.importClause?.namedBindings;
      if (target && bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements)
          imports.set(element.name.text, `${target}#${(element.propertyName ?? element.name).text}`);
      continue;
    }
    const exported = ((ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined) ?? []).some(
      (m) => m.kind === ts.SyntaxKind.ExportKeyword,
    );
    if (ts.isFunctionDeclaration(statement) && statement.body && statement.name) {
      inspect(statement.name.text, exported, statement.body, []);
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (!value || !ts.isIdentifier(declaration.name)) continue;
        if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) {
          inspect(declaration.name.text, exported, value.body, []);
          continue;
        }
        if (
          !ts.isCallExpression(value) ||
          !ts.isIdentifier(value.expression) ||
          value.expression.text !== "defineWrite"
        )
          continue;
        const [effects, run] = value.arguments;
        const declared: string[] = [];
        if (effects && ts.isObjectLiteralExpression(effects)) {
          for (const property of effects.properties)
            if (ts.isPropertyAssignment(property) && property.name.getText(source) === "contentKinds")
              declared.push(...literals(property.initializer));
        }
        if (run) inspect(declaration.name.text, exported, run, declared);
      }
    }
  }
  return { declarations, imports };
}

/**
 * The exported write functions of these modules. A function counts what the functions it calls
 * write and declare (in its own module, or imported by name from another read here), however deep.
 */
function writeFunctions(modules: { file: string; text: string }[]): WriteFunction[] {
  const byId = new Map<string, Declaration>();
  for (const { file, text } of modules) {
    const { declarations, imports } = declarationsOf(file, text);
    const local = new Set(declarations.map((declaration) => declaration.name));
    for (const declaration of declarations) {
      declaration.calls = new Set(
        [...declaration.calls]
          .map((name) => (local.has(name) ? `${file}#${name}` : imports.get(name)))
          .filter((id): id is string => Boolean(id)),
      );
      byId.set(`${file}#${declaration.name}`, declaration);
    }
  }
  const closure = (start: Declaration) => {
    const tables = new Set<string>();
    const kinds = new Set<string>();
    const seen = new Set<Declaration>();
    const walk = (declaration: Declaration) => {
      if (seen.has(declaration)) return;
      seen.add(declaration);
      for (const table of declaration.tables) tables.add(table);
      for (const kind of declaration.kinds) kinds.add(kind);
      for (const id of declaration.calls) {
        const next = byId.get(id);
        if (next) walk(next);
      }
    };
    walk(start);
    return { tables: [...tables], kinds: [...kinds] };
  };
  return [...byId.entries()]
    .filter(([, declaration]) => declaration.exported)
    .map(([id, declaration]) => ({ id, ...closure(declaration) }))
    .filter((write) => write.tables.length > 0);
}

/** What is wrong: a write of a public table whose kind it does not declare. */
function undeclared(writes: WriteFunction[], tableKinds: Map<string, string>): string[] {
  return writes.flatMap((write) =>
    write.tables
      .filter((table) => tableKinds.has(table) && !write.kinds.includes(tableKinds.get(table) ?? ""))
      .map((table) => `${write.id} writes ${table} but declares no "${tableKinds.get(table)}" content kind`),
  );
}

/**
 * Writes of public tables that rightly change no cached page, with the reason. Keep it short: each
 * line is a place where a stale page is the intended result.
 */
const intended: Record<string, string> = {
  "app/features/classifieds/indexing.server.ts#indexAd":
    "sets the ad's own 'indexed' bookkeeping flag; the write that changed the ad declares the kind",
  "app/features/community/forums.server.ts#recountDiscussion":
    "a step of the writes that call it (a reply, its removal, moderation), which declare forums themselves",
  "app/features/directory/manage.server.ts#createDraftBusiness": "a draft is seen by its creator only, never cached",
  "app/features/groups/groups.server.ts#suggestGroup":
    "a suggestion is pending until an admin verifies it (that write declares groups)",
};

describe("writes declare the public content they change", () => {
  const writes = writeFunctions(
    roots
      .flatMap((root) => filesUnder(root, (file) => file.endsWith(".server.ts")))
      .map((file) => ({ file, text: readFileSync(file, "utf8") })),
  );

  it("finds the public tables and the write functions", async () => {
    const kinds = await publicTableKinds();
    expect(kinds.get("businesses")).toBe("businesses");
    expect(kinds.get("forumReplies")).toBe("forums");
    expect(new Set(kinds.values()).size).toBeGreaterThanOrEqual(10);
    expect(writes.length).toBeGreaterThan(80);
  });

  it("every write of a public table declares its kind", async () => {
    const problems = undeclared(writes, await publicTableKinds()).filter(
      (problem) => !(problem.split(" ")[0] in intended),
    );
    expect(problems).toEqual([]);
  });

  it("every intended exception still names a real write", () => {
    const ids = new Set(writes.map((write) => write.id));
    expect(Object.keys(intended).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("tells a write that bumps its kind from one that forgets", () => {
    const kinds = new Map([["communityGroups", "groups"]]);
    const check = (text: string, more: { file: string; text: string }[] = []) =>
      undeclared(writeFunctions([{ file: "app/x.server.ts", text }, ...more]), kinds);
    expect(
      check(`export async function hide(tx) { await tx.update(communityGroups).set({ status: "hidden" }); }`),
    ).toHaveLength(1);
    expect(
      check(
        `export async function hide(tx) { await tx.update(communityGroups).set({}); await bumpContentVersion(tx, "groups"); }`,
      ),
    ).toEqual([]);
    expect(
      check(
        `export const hide = defineWrite({ contentKinds: ["groups"] }, async (options, tx) => { await tx.update(communityGroups).set({}); });`,
      ),
    ).toEqual([]);
    expect(
      check(
        `export const hide = defineWrite({ contentKinds: [] }, async (options, tx) => { await tx.delete(communityGroups); });`,
      ),
    ).toHaveLength(1);
    // A helper's write counts for whoever calls it, in the same module or imported from another.
    expect(
      check(
        `async function write(tx) { await tx.delete(communityGroups); }\nexport async function hide(tx) { await write(tx); }`,
      ),
    ).toHaveLength(1);
    const bumper = {
      file: "app/y.server.ts",
      text: `export async function touch(tx) { await bumpContentVersion(tx, "groups"); }`,
    };
    expect(
      check(
        `import { touch } from "./y.server";\nexport async function hide(tx) { await tx.delete(communityGroups); await touch(tx); }`,
        [bumper],
      ),
    ).toEqual([]);
  });
});
