import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import ts from "typescript";

// The schema.org vocabulary, for the structured-data validator's schema.org check, read from
// schema-dts: the validator expects schema.org's own JSON-LD file, which is fetched from
// schema.org in its README, and tests here cannot reach the network. schema-dts is generated
// from that file, one `XBase` interface (X's own properties, extending its parents' bases) and
// one `XLeaf` (`"@type": "X"`) per type, so the same graph can be rebuilt from it: a class per
// leaf with its parents, and a property per member with the class it belongs to.

type Node = Record<string, unknown>;

const require = createRequire(import.meta.url);

function baseName(expression: ts.ExpressionWithTypeArguments): string | null {
  const text = expression.expression.getText();
  return text.endsWith("Base") ? text.slice(0, -"Base".length) : null;
}

export function schemaOrgVocabulary(): { "@graph": Node[] } {
  const file = require.resolve("schema-dts/dist/schema.d.ts");
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const bases = new Map<string, { parents: string[]; properties: string[] }>();
  const leaves = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement)) continue;
    const name = statement.name.text;
    const parents = (statement.heritageClauses ?? [])
      .flatMap((clause) => clause.types.map(baseName))
      .filter((parent): parent is string => parent !== null);
    const members = statement.members
      .filter(ts.isPropertySignature)
      .map((member) => member.name.getText().replace(/^"|"$/g, ""));
    if (name.endsWith("Base")) {
      bases.set(name.slice(0, -"Base".length), { parents, properties: members.filter((m) => !m.startsWith("@")) });
    } else if (name.endsWith("Leaf")) {
      const typeMember = statement.members
        .filter(ts.isPropertySignature)
        .find((member) => member.name.getText() === '"@type"');
      const type = typeMember?.type?.getText().replace(/^"|"$/g, "");
      if (type && parents[0]) leaves.set(type, parents[0]);
    }
  }
  const graph: Node[] = [];
  const classes = new Map<string, string[]>();
  for (const [type, base] of leaves) {
    // A type that adds no property of its own has no base: its leaf extends its parent's.
    classes.set(type, base === type ? (bases.get(type)?.parents ?? []) : [base]);
  }
  // Bases reached only as parents (Thing, and types no leaf names) are classes too.
  for (const [type, base] of bases) if (!classes.has(type)) classes.set(type, base.parents);
  for (const [type, parents] of classes) {
    graph.push({
      "@id": `schema:${type}`,
      "@type": "rdfs:Class",
      "rdfs:subClassOf": parents.map((parent) => ({ "@id": `schema:${parent}` })),
    });
  }
  const domains = new Map<string, string[]>();
  for (const [type, base] of bases) {
    for (const property of base.properties) domains.set(property, [...(domains.get(property) ?? []), type]);
  }
  for (const [property, types] of domains) {
    graph.push({
      "@id": `schema:${property}`,
      "@type": "rdf:Property",
      "schema:domainIncludes": types.map((type) => ({ "@id": `schema:${type}` })),
    });
  }
  return { "@graph": graph };
}
