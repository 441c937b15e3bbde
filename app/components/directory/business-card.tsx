import { MapPin } from "#app/components/ui/icons";
import { Illustration } from "#app/components/ui/illustration";
import { LocalizedLink } from "#app/components/ui/localized-link";
import type { BusinessCard as SearchResultCard } from "#app/features/directory/search.server";
import { useTranslation } from "#app/lib/translations";
import { Badges } from "./badges";
import { BusinessImage } from "./business-image";
import { CategoryIcon } from "./category-icon";
import { FallbackNote } from "./fallback-note";
import { OpenStatusLine } from "./open-status";
import { Rating } from "./rating";

/** A search result as its card needs it; only the map reads the coordinates. */
export type BusinessCardData = Omit<SearchResultCard, "latitude" | "longitude">;

export function BusinessCard({
  business,
  today,
  headingLevel = 2,
  eager = false,
}: {
  business: BusinessCardData;
  today: string;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const { t } = useTranslation("directory");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-card border border-slate-200 bg-white shadow-card transition-shadow focus-within:ring-2 focus-within:ring-brand-700 hover:border-brand-600 hover:shadow-lift"
      data-testid="business-card"
    >
      {/* Without a photo, the category's drawing (a small cached SVG) keeps the grid even. On a
          phone a card spans the page less its 1rem margins: saying so lets a 1.75× phone take
          the 640 wide photo where "100vw" made it take the 800. */}
      {business.cover ? (
        <BusinessImage
          image={business.cover}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, calc(100vw - 2rem)"
          className="aspect-[16/9] w-full object-cover"
          eager={eager}
        />
      ) : (
        <Illustration
          kind="category"
          of={business.category}
          className="aspect-[16/9] w-full object-cover"
          eager={eager}
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Badges isPremium={business.isPremium} isDemo={business.isDemo} />
        <Heading className="text-lg leading-snug font-semibold">
          {/* The whole card is the link's target area; the link text stays the name. */}
          <LocalizedLink
            to={`/business/${business.slug}`}
            className="text-slate-900 after:absolute after:inset-0 hover:text-brand-800 focus:outline-none"
          >
            {business.name}
          </LocalizedLink>
        </Heading>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <CategoryIcon category={business.category} className="size-4" />
            {t(`categories.${business.category}`)}
          </span>
          <span className="inline-flex items-center gap-1">
            <MapPin className="size-4" aria-hidden="true" />
            {business.areaName}
          </span>
        </p>
        <Rating value={business.rating} count={business.reviewCount} />
        <OpenStatusLine status={business.status} today={today} compact />
        {business.summary ? (
          <p className="text-sm text-slate-700">
            <span lang={business.summaryFallback ?? undefined}>{business.summary}</span>{" "}
            <FallbackNote language={business.summaryFallback} />
          </p>
        ) : null}
      </div>
    </article>
  );
}
