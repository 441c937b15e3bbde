import { Outlet } from "react-router";
import { LocalizedLink, LocalizedNavLink, menuLinkClass } from "#app/components/ui/localized-link";
import { type Actor, can } from "#app/lib/authorization";
import { navSections, type SectionOffer, type ShellSection } from "#app/lib/shell-sections";
import { useTranslation } from "#app/lib/translations";

/**
 * The dashboard and admin shells: side navigation built from a section registry, filtered by
 * permission (hiding only: each section's loader checks again), or the sections the loader already
 * chose for the person (the dashboard), with the ways to start what they do not have yet. On a
 * phone the navigation becomes a row of links that scrolls sideways above the content.
 */
export function SectionShell({
  title,
  navLabel,
  sections,
  actor,
  offers = [],
  offersLabel,
  base,
}: {
  title: string;
  navLabel: string;
  sections: ShellSection[];
  /** Filters `sections` by permission; without it they are listed as given. */
  actor?: Actor;
  offers?: SectionOffer[];
  offersLabel?: string;
  base: string;
}) {
  const { t } = useTranslation();
  const visible = navSections(sections).filter(
    (section) => !actor || !section.permission || can(actor, section.permission),
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:flex md:gap-8 md:py-10">
      <aside className="md:w-56 md:shrink-0">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
        <nav aria-label={navLabel} className="mt-2 -mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
          <ul className="flex gap-1 md:flex-col">
            {visible.map((section) => (
              <li key={section.id} className="shrink-0">
                <LocalizedNavLink to={section.path} end={section.path === base} className={menuLinkClass}>
                  {t(section.labelKey)}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>
        {offers.length ? (
          <nav aria-label={offersLabel} className="mt-4" data-testid="dashboard-offers">
            <p className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{offersLabel}</p>
            <ul className="mt-1 flex flex-wrap gap-1 md:flex-col">
              {offers.map((offer) => (
                <li key={offer.to}>
                  <LocalizedLink
                    to={offer.to}
                    className="block rounded-md px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50"
                  >
                    {t(offer.labelKey)}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </aside>
      <div className="mt-6 min-w-0 flex-1 md:mt-0">
        <Outlet />
      </div>
    </div>
  );
}
