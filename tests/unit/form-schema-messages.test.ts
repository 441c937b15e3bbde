import { readFileSync } from "node:fs";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
// The areas' manifests register what some schemas accept (the moderated kinds), as in the server
// and the browser.
import "#app/manifests";
import { parseFormMessage } from "#app/lib/form-message";
import { filesUnder } from "#tests/support/files";

// Every message a form schema can put on a page is a translation key that both languages have.
// A schema library's own message ("Invalid input", "Too small: expected string to have >=1
// characters") is English text, not a key: a page in Spanish would show it as it is. This walks
// every schema the forms and actions use (every Zod schema exported by a forms module) and feeds
// each one bad input the way a browser posts it (through Conform, as the actions parse it): every
// field missing, empty, and filled with hostile or wrong values; every message must be a key
// found in both the English and the Spanish files.

const localeRoot = path.resolve("app/locales");
const resources = new Map<string, Record<string, unknown>>();
function resource(language: string, namespace: string): Record<string, unknown> | null {
  const id = `${language}/${namespace}`;
  if (!resources.has(id)) {
    try {
      resources.set(id, JSON.parse(readFileSync(path.join(localeRoot, language, `${namespace}.json`), "utf8")));
    } catch {
      return null;
    }
  }
  return resources.get(id) ?? null;
}

/** Whether `key` ("namespace:a.b") has a text (itself or its plural forms) in `language`. */
function translated(language: string, key: string) {
  const at = key.indexOf(":");
  if (at < 1) return false;
  const data = resource(language, key.slice(0, at));
  if (!data) return false;
  const parts = key.slice(at + 1).split(".");
  const last = parts.pop() ?? "";
  const parent = parts.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data);
  if (!parent || typeof parent !== "object") return false;
  const node = parent as Record<string, unknown>;
  return [last, `${last}_one`, `${last}_other`].some((name) => typeof node[name] === "string" && node[name] !== "");
}

// biome-ignore lint/suspicious/noExplicitAny: walking any schema's definition
type Def = any;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The shapes (field name → schema) a schema can accept: one per object, per option of a union. */
function shapesOf(schema: z.ZodType): Record<string, z.ZodType>[] {
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      return [def.shape];
    case "pipe":
      return shapesOf(def.in).length ? shapesOf(def.in) : shapesOf(def.out);
    case "union":
      return def.options.flatMap((option: z.ZodType) => shapesOf(option));
    case "intersection":
      return shapesOf(def.left).flatMap((left) => shapesOf(def.right).map((right) => ({ ...left, ...right })));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
      return shapesOf(def.innerType);
    case "lazy":
      return shapesOf(def.getter());
    default:
      return [];
  }
}

/** A field's literal value (an intent, a fixed discriminator), so the rest of its form is checked. */
function literalOf(schema: z.ZodType): string | null {
  const def = defOf(schema);
  if (def.type === "literal") return String(def.values[0]);
  if (["optional", "nullable", "default", "prefault", "readonly"].includes(def.type)) return literalOf(def.innerType);
  if (def.type === "pipe") return literalOf(def.out) ?? literalOf(def.in);
  return null;
}

const badValues: (string | string[])[] = [
  "",
  " ",
  "x",
  "<script>alert(1)</script>",
  "a\u0000b",
  "-1",
  "0",
  "1.5",
  "99999999999999999999",
  "not-a-date",
  "2024-02-31",
  "25:99",
  "on",
  "ZZ",
  "a".repeat(30_000),
  ["a", "b"],
];

/** The posted forms to try on a schema: nothing at all, then each bad value in every field. */
function badForms(schema: z.ZodType): FormData[] {
  const forms = [new FormData()];
  for (const shape of shapesOf(schema)) {
    for (const value of badValues) {
      const form = new FormData();
      for (const [name, field] of Object.entries(shape)) {
        const literal = literalOf(field);
        for (const part of literal !== null ? [literal] : Array.isArray(value) ? value : [value])
          form.append(name, part);
      }
      forms.push(form);
      // A bad value in one field at a time too, with the literals kept, so refinements that run
      // only when the other fields pass are reached.
      for (const name of Object.keys(shape)) {
        const single = new FormData();
        for (const [other, field] of Object.entries(shape)) {
          const literal = literalOf(field);
          if (literal !== null) single.append(other, literal);
        }
        if (literalOf(shape[name]) === null)
          for (const part of Array.isArray(value) ? value : [value]) single.append(name, part);
        forms.push(single);
      }
    }
  }
  return forms;
}

function messagesOf(schema: z.ZodType): Set<string> {
  const messages = new Set<string>();
  for (const formData of badForms(schema)) {
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "error") continue;
    for (const list of Object.values(submission.error ?? {})) for (const message of list ?? []) messages.add(message);
  }
  return messages;
}

const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

// Schemas built per request (their limits depend on the page): one call each, with a real argument.
// biome-ignore lint/suspicious/noExplicitAny: each factory has its own parameters
const factories: Record<string, (make: (...args: any[]) => unknown) => unknown[]> = {
  conditionReportSchema: (make) => [make("C"), make("F")],
  createSignUpSchema: (make) => [make()],
  createResetPasswordSchema: (make) => [make()],
  createChangePasswordSchema: (make) => [make({ email: "someone@example.test" })],
  createDeleteAccountSchema: (make) => [make("someone@example.test")],
};

const formModules = filesUnder("app", (file) => /(^|\/)(forms|edit-forms\.server)\.ts$/.test(file));

async function schemasOf(file: string) {
  const module = (await import(path.resolve(file))) as Record<string, unknown>;
  const found: [string, z.ZodType][] = [];
  for (const [name, value] of Object.entries(module)) {
    if (isSchema(value)) found.push([name, value]);
    else if (typeof value === "function" && /Schema$/.test(name)) {
      const make = factories[name];
      expect(make, `${file}: ${name} builds a schema; say how to call it in this test's factories`).toBeDefined();
      for (const [index, built] of (make?.(value as (...args: unknown[]) => unknown) ?? []).entries())
        if (isSchema(built)) found.push([`${name}#${index}`, built]);
    }
  }
  return found;
}

// A schema written in a route module is out of this walk's reach, and takes z from "zod" without
// the error map: every form and action schema lives in its area's forms module. The routes under
// _e2e exist only for the browser tests (app/routes.ts adds them there) and parse test fixtures.
const routeModules = filesUnder(
  "app/routes",
  (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith("app/routes/_e2e/"),
);
const valueImportOfZ = /^import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*"(?:zod|#app\/lib\/form-schema)"/m;

describe("form schema messages", () => {
  it("finds the forms modules", () => {
    expect(formModules.length).toBeGreaterThan(10);
  });

  it("finds no schema written in a route module: each is in a forms module this test walks", () => {
    expect(routeModules.length).toBeGreaterThan(100);
    const inline = routeModules.filter((file) => {
      const source = readFileSync(file, "utf8");
      return (
        valueImportOfZ.test(source) || /\bz\.(?:object|strictObject|looseObject|discriminatedUnion)\(/.test(source)
      );
    });
    expect(inline).toEqual([]);
  });

  for (const file of formModules) {
    it(`${file}: every message for bad input is a key with an English and a Spanish text`, async () => {
      const schemas = await schemasOf(file);
      const wrong: string[] = [];
      for (const [name, schema] of schemas) {
        for (const message of messagesOf(schema)) {
          const { key } = parseFormMessage(message);
          for (const language of ["en", "es"])
            if (!translated(language, key)) wrong.push(`${name}: ${JSON.stringify(message)} (${language})`);
        }
      }
      expect([...new Set(wrong)]).toEqual([]);
    }, 60_000);
  }
});
