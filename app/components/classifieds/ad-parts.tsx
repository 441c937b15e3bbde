import { BusinessImage } from "#app/components/directory/business-image";
import {
  AlertTriangle,
  BedDouble,
  Car,
  Heart,
  type IconComponent,
  Laptop,
  MapPin,
  Search,
  ShoppingBag,
  Wrench,
} from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { DemoMark } from "#app/components/ui/status-badge";
import type { ClassifiedCurrency } from "#app/features/classifieds/constants";
import { type ExchangeRate, formatDate, showPrice } from "#app/lib/format";
import type { Language } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

/**
 * An ad's price in the page language's currency (USD in English, CRC in Spanish), converted with
 * the site's dated rate; the price as the seller entered it and the rate's date stay beside it.
 */
export function AdPrice({
  priceMinor,
  currency,
  category,
  rate,
  large = false,
}: {
  priceMinor: number | null;
  currency: ClassifiedCurrency;
  category: string;
  rate: ExchangeRate | null;
  large?: boolean;
}) {
  const { t } = useTranslation("classifieds");
  const language = useLanguage();
  const size = large ? "text-2xl" : "text-lg";
  if (priceMinor === null || priceMinor === 0) {
    const word = category === "free" || priceMinor === 0 ? t("price.free") : t("price.none");
    return <p className={`${size} font-bold text-brand-900`}>{word}</p>;
  }
  const price = showPrice({ amountMinor: priceMinor, currency, language, rate });
  return (
    <div data-testid="ad-price">
      <p className={`${size} font-bold text-brand-900`}>{price.text}</p>
      {price.original ? (
        <p className="text-xs text-slate-600" data-testid="converted-price">
          {t("price.converted", {
            price: price.original.text,
            date: formatDate(new Date(`${price.original.rateOn}T12:00:00Z`), language, { dateStyle: "medium" }),
          })}
        </p>
      ) : null}
    </div>
  );
}

const categoryIcons: Record<string, IconComponent> = {
  "for-sale": ShoppingBag,
  wanted: Search,
  free: Heart,
  services: Wrench,
  jobs: Laptop,
  rooms: BedDouble,
  vehicles: Car,
  "lost-found": MapPin,
};

/** Where an ad has no photo: its category's icon, so a list without photos still reads at a glance. */
export function CategoryPlaceholder({ category, label }: { category: string; label: string }) {
  const Icon = categoryIcons[category] ?? ShoppingBag;
  return (
    <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 text-brand-700">
      <Icon className="size-12 opacity-70" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** "Written in Spanish": shown when the ad's language is not the page's. */
export function LanguageMark({ language }: { language: Language }) {
  const { t } = useTranslation("classifieds");
  const page = useLanguage();
  if (language === page) return null;
  return (
    <span className="text-xs text-slate-500 italic" data-testid="language-mark">
      {t("ad.writtenIn", { language: t(`languages.${language}`) })}
    </span>
  );
}

export interface AdCardProps {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  language: Language;
  category: string;
  priceMinor: number | null;
  currency: ClassifiedCurrency;
  condition: string | null;
  area: { name: string };
  photo: { key: string; widths: number[]; width: number; height: number } | null;
  publishedAt: string;
  isDemo: boolean;
}

/** An ad's category and, for a thing, its condition: the chips above its title on its card and its page. */
export function AdKindChips({ ad }: { ad: { category: string; condition: string | null } }) {
  const { t } = useTranslation("classifieds");
  return (
    <>
      <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-900">
        {t(`categories.${ad.category}`)}
      </span>
      {ad.condition ? (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800">{t(`conditions.${ad.condition}`)}</span>
      ) : null}
    </>
  );
}

/** One ad in the list: photo, title, price, place and age. The whole card is the link. */
export function AdCard({ ad, rate }: { ad: AdCardProps; rate: ExchangeRate | null }) {
  const { t } = useTranslation("classifieds");
  const language = useLanguage();
  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
      data-testid="ad-card"
    >
      <div className="aspect-[4/3] bg-slate-100">
        {ad.photo ? (
          <BusinessImage
            image={{ ...ad.photo, alt: "" }}
            sizes="(min-width: 1024px) 300px, (min-width: 640px) 45vw, 100vw"
            className="size-full object-cover"
          />
        ) : (
          <CategoryPlaceholder category={ad.category} label={t("card.noPhoto")} />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex flex-wrap items-center gap-1.5 text-xs">
          <AdKindChips ad={ad} />
          {ad.isDemo ? <DemoMark label={t("page.demo")} tip={t("page.demoTip")} className="px-2 py-0.5" /> : null}
        </p>
        <h3 className="text-base leading-snug font-semibold break-words" lang={ad.language}>
          <LocalizedLink
            to={`/classifieds/${ad.slug}`}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {ad.title}
          </LocalizedLink>
        </h3>
        <AdPrice priceMinor={ad.priceMinor} currency={ad.currency} category={ad.category} rate={rate} />
        <p className="line-clamp-2 text-sm text-slate-600" lang={ad.language}>
          {ad.excerpt}
        </p>
        <LanguageMark language={ad.language} />
        <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-slate-600">
          <span className="inline-flex items-center gap-1">
            <MapPin className="size-3.5" aria-hidden="true" />
            {ad.area.name}
          </span>
          <span>
            {t("card.posted", { date: formatDate(new Date(ad.publishedAt), language, { dateStyle: "medium" }) })}
          </span>
        </p>
      </div>
    </article>
  );
}

/**
 * The scam warnings shown where a buyer writes to a seller (and on the posting form's rules).
 * The heading's level follows the page: directly under the posting form's title it is a level 2.
 */
export function ScamWarning({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { t } = useTranslation("classifieds");
  const tips = ["advance", "shipping", "abroad", "meet", "links"] as const;
  return (
    <aside
      aria-labelledby="scam-warning-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="scam-warning"
    >
      <Heading id="scam-warning-title" className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {t("safety.title")}
      </Heading>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {tips.map((tip) => (
          <li key={tip}>{t(`safety.tips.${tip}`)}</li>
        ))}
      </ul>
    </aside>
  );
}
