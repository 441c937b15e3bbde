import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The repository explains itself: code, tests and docs say why in their own words, and never send
// a maintainer to a document they do not have (a numbered issue, a section of a specification, a
// design file that lives elsewhere). A rule worth pointing at lives in docs/; point there.
//
// The patterns are built from pieces so that this file does not trip its own check.

const roots = ["app", "server", "tests", "db", "bench", "scripts", "docs", "README.md"];
const skippedFolders = new Set(["node_modules", "build", "+types", "test-results"]);
const readable = /\.(ts|tsx|mjs|js|md|sql|json|css)$/;

const issueWord = ["iss", "ue"].join("");
const section = "\u00a7";
const citations: [RegExp, string][] = [
  [new RegExp(String.raw`\b${issueWord}s? #?\d+\b`, "i"), "a numbered issue"],
  [new RegExp(String.raw`${section}\s?\d`), "a numbered section of a document"],
  [new RegExp(String.raw`\b${["DES", "IGN"].join("")}\.md\b`), "a design file that is not in the repository"],
  [new RegExp(["product", "spec"].join("-")), "a product specification that is not in the repository"],
];

function textFiles(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return readable.test(entry) ? [entry.split(path.sep).join("/")] : [];
  return readdirSync(entry).flatMap((name) => (skippedFolders.has(name) ? [] : textFiles(path.join(entry, name))));
}

/** Every line of `text` that cites an outside document, as "file:line: what (the line)". */
function outsideCitations(file: string, text: string): string[] {
  if (text.includes("\u0000")) return [];
  return text
    .split("\n")
    .flatMap((line, index) =>
      citations
        .filter(([pattern]) => pattern.test(line))
        .map(([, what]) => `${file}:${index + 1}: ${what} (${line.trim()})`),
    );
}

describe("the repository explains itself", () => {
  it("cites no issue, specification section or design file that a maintainer does not have", () => {
    const files = roots.flatMap(textFiles);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => outsideCitations(file, readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });

  it("catches each kind of citation and lets ordinary words through", () => {
    const cited = [
      `see ${issueWord} 12`,
      `(${issueWord} #7)`,
      `${issueWord.toUpperCase()} 3: the first pages`,
      `fixed in ${issueWord}s 4 and 5`,
      `spec ${section}4: admin beats business_owner`,
      `${section} 5.2 of the brief`,
      `${["DES", "IGN"].join("")}.md "Scaling out"`,
      `the ${["product", "spec"].join("-")} says so`,
    ];
    for (const line of cited) expect(outsideCitations("sample.ts", line), line).toHaveLength(1);

    const clean = [
      `${issueWord} a refund to the guest`,
      `an ${issueWord} with the mail relay`,
      `each an ${issueWord} date and a random device id`,
      `result.error.${issueWord}s.map((${issueWord}) => ${issueWord}.message)`,
      "TEXT value escaping (RFC 5545, section 3.3.11)",
      "admin beats business_owner beats user (docs/decisions/005-permission-model.md)",
      "the product specification of a JSON-LD offer",
    ];
    for (const line of clean) expect(outsideCitations("sample.ts", line), line).toEqual([]);
  });
});
