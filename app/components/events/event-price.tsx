import type { Cost } from "#app/features/events/reads.server";
import { type ExchangeRate, formatDay, showPrice } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

/** Free, or the price in the page's currency (USD in English, CRC in Spanish) with the dated rate used. */
export function EventPrice({ cost, rate, long }: { cost: Cost | null; rate: ExchangeRate | null; long?: boolean }) {
  const { t } = useTranslation("events");
  const language = useLanguage();
  if (!cost) return <>{t("card.free")}</>;
  const price = showPrice({ amountMinor: cost.minor, currency: cost.currency, language, rate });
  return (
    <>
      {price.text}
      {long && price.original ? (
        <span className="block text-xs text-slate-500">
          {t("card.convertedFrom", {
            price: price.original.text,
            date: formatDay(price.original.rateOn, language, { dateStyle: "medium" }),
          })}
        </span>
      ) : null}
    </>
  );
}
