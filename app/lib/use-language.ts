import { useLocation } from "react-router";
import { type Language, languageOfPath } from "./i18n";

/** The page's language, from its URL (the one source of truth for language). */
export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}
