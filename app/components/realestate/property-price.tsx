import { type ListingType, priceUnit } from "#app/features/realestate/constants";
import { type ExchangeRate, formatDay, formatNumber } from "#app/lib/format";
import type { Language } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

/** Whole dollars (or colones): a house is not priced in cents. */
function money(amount: number, language: Language, currency: "USD" | "CRC") {
  return formatNumber(amount, language, {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });
}

/** Dollars as entered; on a Spanish page colones with the dated rate, the dollars kept beside them. */
export function wholePrice(priceUsd: number, language: Language, rate: ExchangeRate | null) {
  const entered = money(priceUsd, language, "USD");
  if (language !== "es" || !rate || !(rate.crcPerUsd > 0)) return { text: entered, original: null };
  return {
    text: money(Math.round(priceUsd * rate.crcPerUsd), language, "CRC"),
    original: { text: entered, rateOn: rate.on },
  };
}

/**
 * A property's price: US dollars as entered, colones on Spanish pages with the site's dated rate
 * (the dollars beside them), and its unit: a total for a sale, per month or per night for a rent.
 */
export function PropertyPrice({
  priceUsd,
  listingType,
  rate,
  size = "base",
}: {
  priceUsd: number;
  listingType: ListingType;
  rate: ExchangeRate | null;
  size?: "base" | "large";
}) {
  const { t } = useTranslation("realestate");
  const language = useLanguage();
  const shown = wholePrice(priceUsd, language, rate);
  const unit = priceUnit[listingType];
  return (
    <p data-testid="property-price">
      <span className={size === "large" ? "text-2xl font-bold text-slate-900" : "text-lg font-bold text-slate-900"}>
        {shown.text}
      </span>
      {unit !== "total" ? <span className="text-sm text-slate-600"> {t(`price.per.${unit}`)}</span> : null}
      {shown.original ? (
        <span className="block text-xs text-slate-600">
          {t("price.converted", { original: shown.original.text, date: formatDay(shown.original.rateOn, language) })}
        </span>
      ) : null}
    </p>
  );
}
