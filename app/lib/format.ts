import type { Language } from "./i18n";

// Spec §9: USD with en-US, CRC with es-CR; week starts Sunday (en) or Monday (es).
export const numberLocale: Record<Language, string> = { en: "en-US", es: "es-CR" };
export const currencyFor: Record<Language, "USD" | "CRC"> = { en: "USD", es: "CRC" };
export const weekStartsOn: Record<Language, 0 | 1> = { en: 0, es: 1 };
export const siteTimeZone = "America/Costa_Rica";

// Building an Intl formatter costs far more than using one (locale data is resolved each time),
// and a directory page formats hundreds of values: each distinct set of options is built once.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const maxCachedFormats = 500;

function remember<T>(cache: Map<string, T>, key: string, build: () => T): T {
  let format = cache.get(key);
  if (!format) {
    if (cache.size >= maxCachedFormats) cache.clear();
    format = build();
    cache.set(key, format);
  }
  return format;
}

/** A shared Intl.NumberFormat for these locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  return remember(numberFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** A shared Intl.DateTimeFormat for these locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}) {
  return remember(dateFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions) {
  return numberFormat(numberLocale[language], options).format(value);
}

/**
 * Formats an amount in the language's currency. Amounts are stored per currency; when only one
 * currency is known the caller passes it, so we never invent an exchange rate.
 */
export function formatMoney(amount: number, language: Language, currency: "USD" | "CRC" = currencyFor[language]) {
  return numberFormat(numberLocale[language], {
    style: "currency",
    currency,
    maximumFractionDigits: currency === "CRC" ? 0 : 2,
  }).format(amount);
}

export function formatDate(
  date: Date,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: "long" },
) {
  return dateTimeFormat(numberLocale[language], { timeZone: siteTimeZone, ...options }).format(date);
}

export function formatTime(date: Date, language: Language) {
  return dateTimeFormat(numberLocale[language], {
    timeZone: siteTimeZone,
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
}

/** Weekday names in display order for the language's first day of the week. */
export function weekdayNames(language: Language, style: "long" | "short" = "short"): string[] {
  const format = dateTimeFormat(numberLocale[language], { weekday: style, timeZone: "UTC" });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    format.format(new Date(Date.UTC(2023, 0, 1 + ((i + weekStartsOn[language]) % 7)))),
  );
}
