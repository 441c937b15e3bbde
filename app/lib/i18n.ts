// Language rules shared by the server and the browser: saved choice, then the
// browser's language, then English; es-CR and es-MX fall back to es, then en.
export const languages = ["en", "es"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";
export const languageStorageKey = "i18nextLng";

export const fallbackLng = {
  "es-CR": ["es", "en"],
  "es-MX": ["es", "en"],
  es: ["en"],
  default: ["en"],
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** Maps any BCP 47 tag (es-CR, es-MX, EN-us) to a supported language, or null. */
export function toLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/** Best supported language from an Accept-Language header, honouring q-values. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const entry of ranked) {
    const language = toLanguage(entry.tag);
    if (language) return language;
  }
  return null;
}

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Detection order: saved choice (cookie), then Accept-Language, then English. */
export function detectLanguage(input: { cookie?: string | null; acceptLanguage?: string | null }): Language {
  return (
    toLanguage(readCookie(input.cookie, languageStorageKey)) ??
    languageFromAcceptLanguage(input.acceptLanguage) ??
    defaultLanguage
  );
}

/** The language a URL is in: /es and /es/… are Spanish, everything else English. */
export function languageOfPath(pathname: string): Language {
  return pathname === "/es" || pathname.startsWith("/es/") ? "es" : "en";
}

/** The path without its language prefix: "/es/directory" → "/directory", "/es" → "/". */
export function stripLanguage(pathname: string): string {
  if (pathname === "/es") return "/";
  if (pathname.startsWith("/es/")) return pathname.slice(3) || "/";
  return pathname || "/";
}

/** The same page in another language: localizePath("/directory", "es") → "/es/directory". */
export function localizePath(path: string, language: Language): string {
  // Every link of a page passes through here on every render: one search, no split and join. A
  // query or hash at the very start stays part of the path, as it always has.
  const found = path.slice(1).search(/[?#]/);
  const cut = found === -1 ? path.length : found + 1;
  const bare = stripLanguage(path.slice(0, cut) || "/");
  const localized = language === "en" ? bare : bare === "/" ? "/es" : `/es${bare}`;
  return localized + path.slice(cut);
}

export function textDirection(_language: Language): "ltr" | "rtl" {
  // Both supported languages are left-to-right; kept as a function so adding one is one edit.
  return "ltr";
}
