import { BusinessImage } from "#app/components/directory/business-image";
import { BadgeCheck, BedDouble, MapPin, Waves } from "#app/components/ui/icons";
import { Illustration } from "#app/components/ui/illustration";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { DemoMark } from "#app/components/ui/status-badge";
import type { PropertyCardData } from "#app/features/realestate/properties.server";
import { type ExchangeRate, formatNumber } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { PropertyPrice } from "./property-price";

/** One property in the list: photo, price with its unit, the facts that sort a search, and the way in. */
export function PropertyCard({ property, rate }: { property: PropertyCardData; rate: ExchangeRate | null }) {
  const { t } = useTranslation("realestate");
  const language = useLanguage();
  return (
    <article
      aria-labelledby={`property-${property.id}-title`}
      className={`flex w-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm ${
        property.agentListing ? "border-brand-300 ring-1 ring-brand-200" : "border-slate-200"
      }`}
      data-testid="property-card"
    >
      <div className="relative aspect-[4/3] bg-slate-100">
        {property.image ? (
          <BusinessImage
            image={property.image}
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            className="size-full object-cover"
          />
        ) : (
          // A drawing, never passed off as a photo of the property.
          <Illustration kind="category" of="real-estate" className="size-full object-cover" />
        )}
        <span className="absolute top-2 left-2 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-slate-900 shadow">
          {t(`listing.${property.listingType}`)}
        </span>
        {property.agentListing ? (
          <span className="absolute top-2 right-2 rounded-full bg-brand-800 px-2.5 py-1 text-xs font-semibold text-white shadow">
            {t("card.featured")}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <PropertyPrice priceUsd={property.priceUsd} listingType={property.listingType} rate={rate} />
        <h3 id={`property-${property.id}-title`} className="leading-snug font-semibold break-words">
          <LocalizedLink
            to={`/real-estate/${property.slug}`}
            className="text-slate-900 hover:underline"
            data-testid="property-link"
          >
            {property.title}
          </LocalizedLink>
        </h3>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
          <span>{t(`types.${property.propertyType}`)}</span>
          {property.propertyType !== "lot" ? (
            <span className="inline-flex items-center gap-1">
              <BedDouble className="size-4" aria-hidden="true" />
              {t("card.rooms", { beds: property.bedrooms, baths: formatNumber(property.bathrooms, language) })}
            </span>
          ) : null}
          {property.constructionM2 ? (
            <span>{t("card.built", { m2: formatNumber(property.constructionM2, language) })}</span>
          ) : null}
          {property.lotM2 ? <span>{t("card.lot", { m2: formatNumber(property.lotM2, language) })}</span> : null}
        </p>
        <p className="mt-auto flex flex-wrap items-center gap-1.5 pt-1 text-xs">
          <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-slate-800">
            <MapPin className="size-3.5" aria-hidden="true" />
            {property.area.name}
          </span>
          {property.inMaritimeZone ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-amber-900">
              <Waves className="size-3.5" aria-hidden="true" />
              {t("card.maritimeZone")}
            </span>
          ) : null}
          {property.agentListing ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-1 font-semibold text-green-900">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              {t("card.verifiedAgent")}
            </span>
          ) : null}
          {property.isDemo ? <DemoMark label={t("card.demo")} tip={t("card.demoTip")} className="px-2.5 py-1" /> : null}
        </p>
      </div>
    </article>
  );
}
