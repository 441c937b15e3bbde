import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { fallbackLng, isLanguage, languages } from "#app/lib/i18n";
import { loadLanguage } from "#app/lib/i18n-resources";

async function hydrate() {
  const htmlLang = document.documentElement.lang;
  const language = isLanguage(htmlLang) ? htmlLang : "en";
  const resources = await loadLanguage(language);
  await i18next.use(initReactI18next).init({
    lng: language,
    supportedLngs: [...languages],
    fallbackLng,
    ns: Object.keys(resources),
    defaultNS: "common",
    resources: { [language]: resources },
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
