import { Outlet } from "react-router";
import { LocalizedNavLink } from "#app/components/ui/localized-link";
import { type Actor, can } from "#app/lib/authorization";
import { navSections, type ShellSection } from "#app/lib/shell-sections";
import { useTranslation } from "#app/lib/translations";

/**
 * The dashboard and admin shells: side navigation built from a section registry, filtered by
 * permission (hiding only: each section's loader checks again). On a phone the navigation becomes a
 * row of links that scrolls sideways above the content.
 */
export function SectionShell({
  title,
  navLabel,
  sections,
  actor,
  base,
}: {
  title: string;
  navLabel: string;
  sections: ShellSection[];
  actor: Actor;
  base: string;
}) {
  const { t } = useTranslation();
  const visible = navSections(sections).filter((section) => !section.permission || can(actor, section.permission));
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:flex md:gap-8 md:py-10">
      <aside className="md:w-56 md:shrink-0">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
        <nav aria-label={navLabel} className="mt-2 -mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
          <ul className="flex gap-1 md:flex-col">
            {visible.map((section) => (
              <li key={section.id} className="shrink-0">
                <LocalizedNavLink
                  to={section.path}
                  end={section.path === base}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
                      isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
                    }`
                  }
                >
                  {t(section.labelKey)}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="mt-6 min-w-0 flex-1 md:mt-0">
        <Outlet />
      </div>
    </div>
  );
}
