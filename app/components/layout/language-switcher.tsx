import { useEffect } from "react";
import { useLocation } from "react-router";
import { Globe } from "#app/components/ui/icons";
import { type Language, languageStorageKey, languages, localizePath, readCookie, toLanguage } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

const names: Record<Language, string> = { en: "English", es: "Español" };
const codes: Record<Language, string> = { en: "EN", es: "ES" };

/**
 * Links to the same page in the other language. `?lng=` makes the server save the choice in the
 * i18nextLng cookie (the saved choice wins over the browser's language); a full document
 * load swaps the whole page's language at once, and that page copies the choice into localStorage
 * when it hydrates (useSavedLanguageMirror), however early the link was followed.
 */
export function LanguageSwitcher({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const location = useLocation();
  return (
    <nav aria-label={t("layout.language")} className={`flex items-center gap-1 ${className}`}>
      <Globe className="size-4 text-slate-500" aria-hidden="true" />
      {languages.map((language) => {
        const search = new URLSearchParams(location.search);
        search.set("lng", language);
        const href = `${localizePath(location.pathname, language)}?${search.toString()}`;
        return language === current ? (
          <span key={language} aria-current="true" className="rounded px-2 py-1 text-sm font-semibold text-brand-800">
            {compact ? <Name language={language} /> : names[language]}
          </span>
        ) : (
          <a
            key={language}
            href={href}
            hrefLang={language}
            lang={language}
            className="rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100"
          >
            {compact ? <Name language={language} /> : names[language]}
          </a>
        );
      })}
    </nav>
  );
}

// The desktop header has no room for both names in Spanish at laptop widths: the codes show, and
// screen readers still hear the language's name.
function Name({ language }: { language: Language }) {
  return (
    <>
      <span aria-hidden="true">{codes[language]}</span>
      <span className="sr-only">{names[language]}</span>
    </>
  );
}

/**
 * Copies the saved language (the i18nextLng cookie, set by the switcher's `?lng=` or the settings
 * page) into localStorage once the page hydrates and whenever its language changes, so a click on
 * the switcher before the page's scripts ran, or a change on the settings page, is mirrored too.
 */
export function useSavedLanguageMirror() {
  const language = useLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the settings page answers with a client-side redirect to the other language; the cookie is read again then
  useEffect(() => {
    const saved = toLanguage(readCookie(document.cookie, languageStorageKey));
    if (!saved) return;
    try {
      localStorage.setItem(languageStorageKey, saved);
    } catch {
      // Private mode: the cookie still carries the choice.
    }
  }, [language]);
}
