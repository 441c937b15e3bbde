import { ExternalLink } from "#app/components/ui/icons";
import { LocalizedLink, LocalizedNavLink } from "#app/components/ui/localized-link";
import { useTranslation } from "#app/lib/translations";

/** The sub-navigation of one business in the dashboard: details, hours, photos, public page. */
export function BusinessTabs({ id, slug, name, status }: { id: string; slug: string; name: string; status: string }) {
  const { t } = useTranslation("directory");
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <div>
      <p className="text-sm">
        <LocalizedLink to="/dashboard/business" className="text-brand-800 hover:underline">
          ← {t("dashboard.nav.myBusiness")}
        </LocalizedLink>
      </p>
      <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{name}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {t("dashboard.status")}: <StatusBadge status={status} />
      </p>
      <nav
        aria-label={t("dashboard.businessNav")}
        className="-mx-4 mt-4 overflow-x-auto border-b border-slate-200 px-4"
      >
        <ul className="flex gap-1 pb-2">
          <li>
            <LocalizedNavLink to={`/dashboard/business/${id}`} end className={tab}>
              {t("dashboard.tabs.details")}
            </LocalizedNavLink>
          </li>
          <li>
            <LocalizedNavLink to={`/dashboard/business/${id}/hours`} className={tab}>
              {t("dashboard.tabs.hours")}
            </LocalizedNavLink>
          </li>
          <li>
            <LocalizedNavLink to={`/dashboard/business/${id}/photos`} className={tab}>
              {t("dashboard.tabs.photos")}
            </LocalizedNavLink>
          </li>
          {status === "verified" ? (
            <li>
              <LocalizedLink
                to={`/business/${slug}`}
                className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                {t("dashboard.tabs.view")}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </LocalizedLink>
            </li>
          ) : null}
        </ul>
      </nav>
    </div>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("directory");
  const colors: Record<string, string> = {
    verified: "bg-green-100 text-green-900",
    pending: "bg-amber-100 text-amber-900",
    draft: "bg-slate-100 text-slate-800",
    approved: "bg-green-100 text-green-900",
    rejected: "bg-red-100 text-red-900",
  };
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${colors[status] ?? "bg-slate-100"}`}
      data-testid="status-badge"
    >
      {t(`statuses.${status}`)}
    </span>
  );
}
