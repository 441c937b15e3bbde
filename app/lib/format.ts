import type { Language } from "./i18n";

// Spec §9: USD with en-US, CRC with es-CR; week starts Sunday (en) or Monday (es).
export const numberLocale: Record<Language, string> = { en: "en-US", es: "es-CR" };
export const currencyFor: Record<Language, "USD" | "CRC"> = { en: "USD", es: "CRC" };
export const weekStartsOn: Record<Language, 0 | 1> = { en: 0, es: 1 };
export const siteTimeZone = "America/Costa_Rica";

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(numberLocale[language], options).format(value);
}

/**
 * Formats an amount in the language's currency. Amounts are stored per currency; when only one
 * currency is known the caller passes it, so we never invent an exchange rate.
 */
export function formatMoney(amount: number, language: Language, currency: "USD" | "CRC" = currencyFor[language]) {
  return new Intl.NumberFormat(numberLocale[language], {
    style: "currency",
    currency,
    maximumFractionDigits: currency === "CRC" ? 0 : 2,
  }).format(amount);
}

export function formatDate(date: Date, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }) {
  return new Intl.DateTimeFormat(numberLocale[language], { timeZone: siteTimeZone, ...options }).format(date);
}

export function formatTime(date: Date, language: Language) {
  return new Intl.DateTimeFormat(numberLocale[language], {
    timeZone: siteTimeZone,
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
}

/** Weekday names in display order for the language's first day of the week. */
export function weekdayNames(language: Language, style: "long" | "short" = "short"): string[] {
  const format = new Intl.DateTimeFormat(numberLocale[language], { weekday: style, timeZone: "UTC" });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    format.format(new Date(Date.UTC(2023, 0, 1 + ((i + weekStartsOn[language]) % 7)))),
  );
}
