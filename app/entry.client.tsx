import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLanguage } from "#app/lib/i18n";
import {
  Catalog,
  type Dictionaries,
  type Dictionary,
  TranslationsProvider,
  translationsElementId,
} from "#app/lib/translations";

// Each language's namespaces are separate chunks, fetched only when a client-side navigation
// reaches a page needing one the server did not embed.
const locales = import.meta.glob<Dictionary>("./locales/*/*.json", { import: "default" });

function readCatalog(): Catalog {
  const text = document.getElementById(translationsElementId)?.textContent ?? "";
  const served = text
    ? (JSON.parse(text) as { language: string; complete: string[]; dictionaries: Dictionaries })
    : null;
  const htmlLang = document.documentElement.lang;
  const language = isLanguage(served?.language) ? served.language : isLanguage(htmlLang) ? htmlLang : "en";
  const load = (namespace: string) => {
    const file = locales[`./locales/${language}/${namespace}.json`];
    if (!file) return Promise.reject(new Error(`no translations for ${language}/${namespace}`));
    return file();
  };
  return new Catalog(language, { ...served?.dictionaries }, load, text, served?.complete ?? []);
}

startTransition(() => {
  hydrateRoot(
    document,
    <TranslationsProvider value={readCatalog()}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </TranslationsProvider>,
  );
});
