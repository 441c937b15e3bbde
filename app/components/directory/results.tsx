import { Fragment } from "react";
import { Link } from "react-router";
import { AlertTriangle, SearchX } from "#app/components/ui/icons";
import { localizePath } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { BusinessCard, type BusinessCardData } from "./business-card";
import { LazyMap } from "./lazy-map";
import { pinOf } from "./map-pin";
import { Pagination } from "./pagination";

export interface ResultsData {
  cards: (BusinessCardData & { latitude: number | null; longitude: number | null })[];
  total: number;
  page: number;
  pageCount: number;
}

/** The directory's load error: "Failed to Load Businesses" with "Please try again later or refresh the page". */
export function LoadFailed() {
  const { t } = useTranslation("directory");
  return (
    <div
      role="alert"
      className="mt-8 rounded-xl border border-red-200 bg-red-50 p-6 text-center"
      data-testid="directory-failed"
    >
      <AlertTriangle className="mx-auto size-8 text-red-700" aria-hidden="true" />
      <h2 className="mt-2 text-lg font-semibold text-red-900">{t("results.failedTitle")}</h2>
      <p className="mt-1 text-red-900">{t("results.failedBody")}</p>
    </div>
  );
}

/** The empty result: "No Businesses Found". */
export function NoResults({ clearHref }: { clearHref?: string }) {
  const { t } = useTranslation("directory");
  return (
    <div className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-6 text-center" data-testid="directory-empty">
      <SearchX className="mx-auto size-8 text-slate-500" aria-hidden="true" />
      <h2 className="mt-2 text-lg font-semibold">{t("results.emptyTitle")}</h2>
      <p className="mt-1 text-slate-700">{t("results.emptyBody")}</p>
      {clearHref ? (
        <Link to={clearHref} className="btn-secondary mt-4">
          {t("filters.clear")}
        </Link>
      ) : null}
    </div>
  );
}

/** A page of business cards with its pagination and a map of the page's businesses. */
export function Results({
  results,
  today,
  hrefFor,
  clearHref,
  mapTitle,
  mapArea,
  headingLevel = 2,
  ad,
}: {
  results: ResultsData;
  today: string;
  hrefFor: (page: number) => string;
  clearHref?: string;
  mapTitle: string;
  /** The area whose drawing backs the map when its tiles cannot show. */
  mapArea?: string;
  headingLevel?: 2 | 3;
  /** An ad space between the results: after the fourth card (after the last when fewer). */
  ad?: React.ReactNode;
}) {
  const language = useLanguage();
  if (!results.cards.length) return <NoResults clearHref={clearHref} />;
  const points = results.cards.flatMap((card) => pinOf(card, localizePath(`/business/${card.slug}`, language)));
  return (
    // Phones: the list, then the map under it. Wide screens: the map in a column beside the list,
    // sticky so it stays in view while the list scrolls.
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-6">
      <div>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="results">
          {results.cards.map((card, index) => (
            <Fragment key={card.id}>
              <li>
                {/* The first row's pictures are above the fold on every width: the page's largest paint. */}
                <BusinessCard business={card} today={today} headingLevel={headingLevel} eager={index < 2} />
              </li>
              {ad && index === Math.min(3, results.cards.length - 1) ? <li className="sm:col-span-2">{ad}</li> : null}
            </Fragment>
          ))}
        </ul>
        <Pagination page={results.page} pageCount={results.pageCount} hrefFor={hrefFor} />
      </div>
      <LazyMap
        points={points}
        title={mapTitle}
        area={mapArea}
        sectionClassName="mt-6 lg:sticky lg:top-20 lg:mt-4"
        className="h-72 sm:h-96 lg:h-[calc(100vh-7rem)] lg:max-h-[40rem]"
      />
    </div>
  );
}
