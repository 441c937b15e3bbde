import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "#app/components/ui/icons";
import { formatNumber } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

/** Numbered pages around the current one, with previous/next; plain links, so it works without JS. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  if (pageCount <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, i) => from + i);
  const linkClass = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm";
  return (
    <nav aria-label={t("pagination.label")} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={`${linkClass} border-slate-300 hover:bg-slate-50`}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          {t("pagination.previous")}
        </Link>
      ) : null}
      {pages.map((number) =>
        number === page ? (
          <span
            key={number}
            aria-current="page"
            className={`${linkClass} border-brand-800 bg-brand-800 font-semibold text-white`}
          >
            {formatNumber(number, language)}
          </span>
        ) : (
          <Link
            key={number}
            to={hrefFor(number)}
            className={`${linkClass} border-slate-300 hover:bg-slate-50`}
            aria-label={t("pagination.page", { page: number })}
          >
            {formatNumber(number, language)}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={`${linkClass} border-slate-300 hover:bg-slate-50`}>
          {t("pagination.next")}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
