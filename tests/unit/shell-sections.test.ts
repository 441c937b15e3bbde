import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ShellSection } from "#app/lib/shell-sections";
import { adminSections, dashboardSections } from "#app/manifests";

function label(language: string, key: string): string {
  const [namespace, path] = key.split(":");
  let node: unknown = JSON.parse(
    readFileSync(new URL(`../../app/locales/${language}/${namespace}.json`, import.meta.url), "utf8"),
  );
  for (const part of path.split(".")) node = (node as Record<string, unknown>)[part];
  return node as string;
}

describe.each([
  ["dashboard", dashboardSections],
  ["admin", adminSections],
] as [string, ShellSection[]][])("the %s side navigation", (_shell, sections) => {
  it.each(["en", "es"])("names every link differently (%s)", (language) => {
    const links = sections.filter((section) => section.nav !== false && !section.path.includes(":"));
    const names = links.map((section) => label(language, section.labelKey));
    for (const name of names) expect(typeof name).toBe("string");
    const repeated = names.filter((name, index) => names.indexOf(name) !== index);
    expect(repeated).toEqual([]);
  });
});
