import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { formatNumber } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { LoadFailed, Results, type ResultsData } from "./results";

/**
 * The frame of a directory hub (all of one category, all of one area): the way back to the whole
 * directory, the hub's heading and what it adds under it, then its page of businesses, or the
 * load error when the search failed. The pages are numbered on the hub's own path.
 */
export function HubPage({
  heading,
  children,
  result,
  today,
  mapTitle,
  mapArea,
}: {
  heading: ReactNode;
  children: ReactNode;
  result: ResultsData | null;
  today: string;
  mapTitle: string;
  mapArea?: string;
}) {
  const { t } = useTranslation("directory");
  const location = useLocation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <p className="text-sm">
        <LocalizedLink to="/directory" className="text-brand-800 hover:underline">
          {t("nav.title")}
        </LocalizedLink>
      </p>
      {heading}
      {children}
      {result ? (
        <Results
          results={result}
          today={today}
          hrefFor={(page) => `${location.pathname}${page > 1 ? `?page=${page}` : ""}`}
          mapTitle={mapTitle}
          mapArea={mapArea}
        />
      ) : (
        <LoadFailed />
      )}
    </div>
  );
}

/** A hub's links to narrower directory searches, each with how many businesses it finds. */
export function HubLinks({
  label,
  chipClassName,
  links,
}: {
  label: string;
  chipClassName: string;
  links: { key: string; to: string; icon?: ReactNode; name: string; count: number }[];
}) {
  const language = useLanguage();
  if (!links.length) return null;
  return (
    <nav aria-label={label} className="mt-5">
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.key}>
            <LocalizedLink to={link.to} className={chipClassName}>
              {link.icon}
              {link.name} <span className="text-slate-500">({formatNumber(link.count, language)})</span>
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
