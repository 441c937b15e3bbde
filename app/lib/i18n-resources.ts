import type { Language } from "./i18n";

type Dictionary = Record<string, unknown>;

// Browser: only the visitor's language is fetched, one small chunk per namespace.
const lazy = import.meta.glob<Dictionary>("../locales/*/*.json", { import: "default" });

function parseLocaleFile(key: string) {
  const match = key.match(/locales\/(\w+)\/([\w-]+)\.json$/);
  return match ? { language: match[1], namespace: match[2] } : null;
}

export async function loadLanguage(language: Language): Promise<Record<string, Dictionary>> {
  const entries = await Promise.all(
    Object.entries(lazy)
      .map(([key, load]) => ({ parsed: parseLocaleFile(key), load }))
      .filter(({ parsed }) => parsed?.language === language)
      .map(async ({ parsed, load }) => [parsed?.namespace ?? "common", await load()] as const),
  );
  return Object.fromEntries(entries);
}
