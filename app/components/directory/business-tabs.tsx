import { RecordStatusBadge } from "#app/components/directory/record-status";
import { ExternalLink } from "#app/components/ui/icons";
import { LocalizedLink, LocalizedNavLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { useTranslation } from "#app/lib/translations";

/** The sub-navigation of one business in the dashboard: details, hours, photos, public page. */
export function BusinessTabs({ id, slug, name, status }: { id: string; slug: string; name: string; status: string }) {
  const { t } = useTranslation("directory");
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <div>
      <PageHeader
        title={name}
        back={{ to: "/dashboard/business", label: t("dashboard.nav.myBusiness") }}
        description={
          <>
            {t("dashboard.status")}: <RecordStatusBadge status={status} />
          </>
        }
      />
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
