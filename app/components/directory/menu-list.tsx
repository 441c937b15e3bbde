import type { PublicMenuItem } from "#app/features/directory/business.server";
import { type ExchangeRate, formatDate, showPrice } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { BusinessImage } from "./business-image";
import { FallbackNote } from "./fallback-note";

/**
 * Prices show in the page language's currency, converted with the site's dated rate;
 * the price the business entered stays beside it in small print, with the rate's date.
 */
export function MenuList({ items, rate }: { items: PublicMenuItem[]; rate: ExchangeRate | null }) {
  // Items keep the owner's order; a section sits where its first item is.
  const sections: { name: PublicMenuItem["section"]; items: PublicMenuItem[] }[] = [];
  for (const item of items) {
    const existing = sections.find((section) => section.name.text === item.section.text);
    if (existing) existing.items.push(item);
    else sections.push({ name: item.section, items: [item] });
  }
  if (sections.length === 1 && !sections[0].name.text) return <MenuItems items={items} rate={rate} />;
  return (
    <div className="space-y-6">
      {sections.map((section) => (
        <section key={section.name.text || "-"} aria-label={section.name.text || undefined}>
          {section.name.text ? (
            <h3 className="mt-4 text-lg font-semibold" lang={section.name.fallbackLanguage ?? undefined}>
              {section.name.text}
            </h3>
          ) : null}
          <MenuItems items={section.items} rate={rate} />
        </section>
      ))}
    </div>
  );
}

function MenuItems({ items, rate }: { items: PublicMenuItem[]; rate: ExchangeRate | null }) {
  const { t } = useTranslation("directory");
  const { t: tOwner } = useTranslation("owner");
  return (
    <ul className="divide-y divide-slate-200" data-testid="menu-items">
      {items.map((item) => (
        <li
          key={item.id}
          className={`flex items-start justify-between gap-4 py-3 ${item.available ? "" : "opacity-60"}`}
        >
          {item.image ? (
            <BusinessImage
              image={{ key: item.image.key, widths: item.image.widths, alt: "", width: 64, height: 64 }}
              sizes="64px"
              className="size-16 shrink-0 rounded-lg object-cover"
            />
          ) : null}
          <div className="min-w-0 flex-1">
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
            {item.dietaryTags.length ? (
              <ul className="mt-1 flex flex-wrap gap-1" aria-label={tOwner("menu.dietaryLabel")}>
                {item.dietaryTags.map((tag) => (
                  <li key={tag} className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-900">
                    {tOwner(`menu.dietary.${tag}`)}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {item.priceMinor !== null ? (
            <Price amountMinor={item.priceMinor} currency={item.currency} rate={rate} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Price({ amountMinor, currency, rate }: { amountMinor: number; currency: string; rate: ExchangeRate | null }) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const price = showPrice({ amountMinor, currency: currency as "USD" | "CRC", language, rate });
  if (!price.original) return <p className="shrink-0 font-semibold whitespace-nowrap">{price.text}</p>;
  const note = t("menu.converted", {
    price: price.original.text,
    date: formatDate(new Date(`${price.original.rateOn}T12:00:00Z`), language, { dateStyle: "medium" }),
  });
  return (
    // The note wraps in a narrow column, so on a phone the dish's name keeps most of the row.
    <p className="w-32 shrink-0 text-right sm:w-48" data-testid="converted-price">
      <abbr title={note} className="font-semibold whitespace-nowrap no-underline">
        {price.text}
      </abbr>
      <small className="block text-xs text-slate-600">{note}</small>
    </p>
  );
}
