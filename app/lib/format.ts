import type { Language } from "./i18n";

// USD with en-US, CRC with es-CR; week starts Sunday (en) or Monday (es).
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

/** Colones per US dollar on a given day (site configuration, set by an admin). */
export interface ExchangeRate {
  crcPerUsd: number;
  /** ISO date (YYYY-MM-DD) the rate is from. */
  on: string;
}

export interface ShownPrice {
  /** The price in the page language's currency, or as entered when it cannot be converted. */
  text: string;
  /** The price as the business entered it, when `text` is a conversion of it. */
  original: { text: string; rateOn: string } | null;
}

/**
 * A stored price for a page in `language`: converted into that language's currency (USD in
 * English, CRC in Spanish) with the configured rate, keeping the entered price beside it
 * so a visitor sees what the business asked for and which day's rate was used. Without a rate the
 * price shows as entered: we never invent one.
 */
export function showPrice(options: {
  amountMinor: number;
  currency: "USD" | "CRC";
  language: Language;
  rate: ExchangeRate | null;
}): ShownPrice {
  const { amountMinor, currency, language, rate } = options;
  const entered = formatMoney(amountMinor / 100, language, currency);
  const wanted = currencyFor[language];
  if (wanted === currency || !rate || !(rate.crcPerUsd > 0)) return { text: entered, original: null };
  const amount = currency === "USD" ? (amountMinor / 100) * rate.crcPerUsd : amountMinor / 100 / rate.crcPerUsd;
  // Whole colones (as CRC is written), cents for dollars.
  const rounded = wanted === "CRC" ? Math.round(amount) : Math.round(amount * 100) / 100;
  return { text: formatMoney(rounded, language, wanted), original: { text: entered, rateOn: rate.on } };
}

export function formatDate(
  date: Date,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: "long" },
) {
  return dateTimeFormat(numberLocale[language], { timeZone: siteTimeZone, ...options }).format(date);
}

/** "2026-11-21" → a date in the page's language; noon UTC keeps the calendar day in Costa Rica. */
export function formatDay(
  day: string,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: "long" },
) {
  return formatDate(new Date(`${day}T12:00:00Z`), language, options);
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
