import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { formatNumber } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { LoadFailed, Results, type ResultsData } from "./results";

type HubLink = { key: string; to: string; icon?: ReactNode; name: string; count: number };

/**
 * A directory hub (all of one category, all of one area): the way back to the whole directory,
 * its heading and intro, its links to narrower searches (each with how many it finds), then its
 * page of businesses, numbered on the hub's own path, or the load error when the search failed.
 */
export function HubPage({
  heading,
  intro,
  links,
  children,
  result,
  today,
  mapTitle,
  mapArea,
}: {
  heading: ReactNode;
  intro: ReactNode;
  links: { label: string; chipClassName: string; items: HubLink[] };
  children?: ReactNode;
  result: ResultsData | null;
  today: string;
  mapTitle: string;
  mapArea?: string;
}) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const location = useLocation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <p className="text-sm">
        <LocalizedLink to="/directory" className="text-brand-800 hover:underline">
          {t("nav.title")}
        </LocalizedLink>
      </p>
      {heading}
      {intro}
      {links.items.length ? (
        <nav aria-label={links.label} className="mt-5">
          <ul className="flex flex-wrap gap-2">
            {links.items.map((link) => (
              <li key={link.key}>
                <LocalizedLink to={link.to} className={links.chipClassName}>
                  {link.icon}
                  {link.name} <span className="text-slate-500">({formatNumber(link.count, language)})</span>
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
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
