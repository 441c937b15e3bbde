import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { fallbackLng, type Language, languageOfPath, languages } from "./i18n";
import { namespaces, resources } from "./i18n-bundle.server";

export async function createServerI18n(language: Language): Promise<I18n> {
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

const cache = new Map<Language, TFunction>();

/** A translator for loaders, actions and meta: the language comes from the URL. */
export async function getTranslator(language: Language): Promise<TFunction> {
  let t = cache.get(language);
  if (!t) {
    t = (await createServerI18n(language)).t;
    cache.set(language, t);
  }
  return t;
}

export function requestLanguage(request: Request): Language {
  return languageOfPath(new URL(request.url).pathname);
}

export async function getRequestTranslator(request: Request) {
  const language = requestLanguage(request);
  return { language, t: await getTranslator(language) };
}
