import type { Language } from "#app/lib/i18n";

/** A text in the visitor's language, or in the other one (`fallback`) when the owner left it empty. */
export interface LocalizedText {
  text: string;
  /** The language the text is actually in, when it differs from the page's. */
  fallbackLanguage: Language | null;
}

export function pickText(
  en: string | null | undefined,
  es: string | null | undefined,
  language: Language,
): LocalizedText {
  const wanted = (language === "es" ? es : en)?.trim() ?? "";
  if (wanted) return { text: wanted, fallbackLanguage: null };
  const other = (language === "es" ? en : es)?.trim() ?? "";
  return { text: other, fallbackLanguage: other ? (language === "es" ? "en" : "es") : null };
}

export function pickList(
  en: readonly string[],
  es: readonly string[],
  language: Language,
): { items: string[]; fallbackLanguage: Language | null } {
  const wanted = language === "es" ? es : en;
  if (wanted.length) return { items: [...wanted], fallbackLanguage: null };
  const other = language === "es" ? en : es;
  return { items: [...other], fallbackLanguage: other.length ? (language === "es" ? "en" : "es") : null };
}

/** The first sentence or so of a description, for cards and meta descriptions. */
export function excerpt(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
