import type { LocalizedText } from "#app/domain/directory/localized";
import { formatMoney } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { FallbackNote } from "./fallback-note";

export interface MenuEntry {
  id: string;
  name: LocalizedText;
  description: LocalizedText;
  priceMinor: number | null;
  currency: string;
  available: boolean;
}

/** Prices show in the currency the business set them in; we never invent an exchange rate. */
export function MenuList({ items }: { items: MenuEntry[] }) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  return (
    <ul className="divide-y divide-slate-200">
      {items.map((item) => (
        <li
          key={item.id}
          className={`flex items-start justify-between gap-4 py-3 ${item.available ? "" : "opacity-60"}`}
        >
          <div>
            <p className="font-medium">
              <span lang={item.name.fallbackLanguage ?? undefined}>{item.name.text}</span>{" "}
              <FallbackNote language={item.name.fallbackLanguage} />
              {item.available ? null : (
                <span className="ml-2 text-xs font-normal text-slate-600">({t("menu.unavailable")})</span>
              )}
            </p>
            {item.description.text ? (
              <p className="text-sm text-slate-600" lang={item.description.fallbackLanguage ?? undefined}>
                {item.description.text}
              </p>
            ) : null}
          </div>
          {item.priceMinor !== null ? (
            <p className="shrink-0 font-semibold whitespace-nowrap">
              {formatMoney(item.priceMinor / 100, language, item.currency as "USD" | "CRC")}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
