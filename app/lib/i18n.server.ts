import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { fallbackLng, type Language, languageOfPath, languages } from "./i18n";
import { namespaces, resources } from "./i18n-bundle.server";
import { Catalog } from "./translations";

const instances = new Map<Language, Promise<I18n>>();

/**
 * One initialised instance per language, shared by every request: the language of an instance never
 * changes (it comes from the URL), and building one per request was a third of the render time.
 */
export function createServerI18n(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    instance = buildInstance(language);
    instances.set(language, instance);
  }
  return instance;
}

async function buildInstance(language: Language): Promise<I18n> {
  const instance = createInstance();
  await instance.init({
    lng: language,
    supportedLngs: [...languages],
    fallbackLng,
    ns: namespaces,
    defaultNS: "common",
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** A translator for loaders, actions and meta: the language comes from the URL. */
export async function getTranslator(language: Language): Promise<TFunction> {
  return (await createServerI18n(language)).t;
}

export function requestLanguage(request: Request): Language {
  return languageOfPath(new URL(request.url).pathname);
}

export async function getRequestTranslator(request: Request) {
  const language = requestLanguage(request);
  return { language, t: await getTranslator(language) };
}

const catalogs = new Map<Language, Catalog>();

/** The components' translation catalog for a language: every namespace, shared by every request. */
export function serverCatalog(language: Language): Catalog {
  let catalog = catalogs.get(language);
  if (!catalog) {
    catalog = new Catalog(language, resources[language] ?? {});
    catalogs.set(language, catalog);
  }
  return catalog;
}
