import { Link, useLocation } from "react-router";
import { useTranslation } from "#app/lib/translations";

/** Previous / next links that keep the other query parameters (filters) of the page. */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation("accounts");
  const location = useLocation();
  if (pages <= 1) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav
      className="flex items-center justify-between gap-3 text-sm"
      aria-label={t("admin.users.page", { page, pages })}
    >
      {page > 1 ? (
        <Link to={to(page - 1)} className="btn-secondary">
          {t("admin.users.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{t("admin.users.page", { page, pages })}</span>
      {page < pages ? (
        <Link to={to(page + 1)} className="btn-secondary">
          {t("admin.users.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
