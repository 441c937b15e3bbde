import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { filesUnder } from "#tests/support/files";

// Every action an area writes to the audit log is shown to admins in words, in both languages.
function lookup(tree: unknown, key: string) {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe("audit log actions", () => {
  const actions = new Set<string>();
  for (const file of filesUnder("app", (file) => file.endsWith(".server.ts"))) {
    const text = readFileSync(file, "utf8");
    // Written directly, or by a defineWrite's `audit`.
    if (!text.includes("writeAuditLog") && !text.includes("defineWrite")) continue;
    for (const match of text.matchAll(/action:\s*"([a-z]+(?:\.[a-zA-Z]+)+)"/g)) actions.add(match[1]);
  }

  it("finds the actions the code writes", () => {
    expect(actions.size).toBeGreaterThan(5);
  });

  for (const language of ["en", "es"]) {
    it(`has a ${language} description for every action`, () => {
      const dictionary = JSON.parse(readFileSync(`app/locales/${language}/accounts.json`, "utf8"));
      const missing = [...actions].filter(
        (action) => typeof lookup(dictionary, `admin.audit.actions.${action}`) !== "string",
      );
      expect(missing).toEqual([]);
    });
  }
});
