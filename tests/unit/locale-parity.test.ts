import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve("app/locales");

function flatten(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function load(language: string) {
  const files = readdirSync(path.join(root, language)).filter((file) => file.endsWith(".json"));
  return Object.fromEntries(
    files.map((file) => [file, flatten(JSON.parse(readFileSync(path.join(root, language, file), "utf8"))).sort()]),
  );
}

describe("locales", () => {
  const en = load("en");
  const es = load("es");

  it("has the same namespace files in English and Spanish", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  for (const file of Object.keys(en)) {
    it(`${file}: English and Spanish have exactly the same keys`, () => {
      expect(es[file]).toEqual(en[file]);
    });
  }

  it("has no empty translations", () => {
    for (const language of ["en", "es"]) {
      for (const file of Object.keys(en)) {
        const data = JSON.parse(readFileSync(path.join(root, language, file), "utf8"));
        const empty = flatten(data).filter((key) => {
          const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], data);
          return typeof value !== "string" || value.trim() === "";
        });
        expect(empty, `${language}/${file}`).toEqual([]);
      }
    }
  });
});
