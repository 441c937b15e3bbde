import { parseLocaleFile } from "./i18n-resources";

type Dictionary = Record<string, unknown>;

// Server and tests: every namespace of every language, bundled.
const eager = import.meta.glob<Dictionary>("../locales/*/*.json", { eager: true, import: "default" });

export const resources: Record<string, Record<string, Dictionary>> = {};
for (const [key, dictionary] of Object.entries(eager)) {
  const parsed = parseLocaleFile(key);
  if (!parsed) continue;
  resources[parsed.language] ??= {};
  resources[parsed.language][parsed.namespace] = dictionary;
}

export const namespaces = [...new Set(Object.values(resources).flatMap((byNamespace) => Object.keys(byNamespace)))];
