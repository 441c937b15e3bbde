import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

type Dictionary = Record<string, unknown>;

// Server, scripts and tests: every namespace of every language, read once from app/locales at
// start. Read from disk rather than bundled by Vite so the same module works under tsx (seed,
// admin:create) as in the built server; the server always runs from the project root, as the
// migrations folder already assumes.
const localesDir = path.resolve(process.env.LOCALES_DIR ?? "app/locales");

export const resources: Record<string, Record<string, Dictionary>> = {};
for (const language of readdirSync(localesDir)) {
  for (const file of readdirSync(path.join(localesDir, language))) {
    if (!file.endsWith(".json")) continue;
    resources[language] ??= {};
    resources[language][file.slice(0, -".json".length)] = JSON.parse(
      readFileSync(path.join(localesDir, language, file), "utf8"),
    ) as Dictionary;
  }
}

export const namespaces = [...new Set(Object.values(resources).flatMap((byNamespace) => Object.keys(byNamespace)))];
