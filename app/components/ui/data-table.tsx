import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "#app/lib/translations";

// One table for admin and dashboard lists. Sorting and paging are links that change the URL's
// query (?sort=name&dir=asc&page=2), so they work without JavaScript and the loader decides what
// is shown; readSort() reads them back. Below the `sm` breakpoint each row is a card: the header
// cells hide and every cell shows its column's label beside the value.

export type SortDirection = "asc" | "desc";
export interface SortState<C extends string = string> {
  column: C;
  direction: SortDirection;
}

export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The header links to ?sort=<id>; the loader must order by it (readSort). */
  sortable?: boolean;
  className?: string;
}

/** The sort a page's URL asks for, if it names one of `columns`; otherwise `fallback`. */
export function readSort<C extends string>(
  params: URLSearchParams,
  columns: readonly C[],
  fallback: SortState<C>,
): SortState<C> {
  const column = params.get("sort");
  const direction = params.get("dir") === "asc" ? "asc" : params.get("dir") === "desc" ? "desc" : fallback.direction;
  return (columns as readonly string[]).includes(column ?? "") ? { column: column as C, direction } : fallback;
}

function useQueryLink() {
  const location = useLocation();
  return (changes: Record<string, string>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) params.set(name, value);
    return `${location.pathname}?${params.toString()}`;
  };
}

export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  empty,
  sort,
  page,
  pages,
  testId,
  rowTestId,
  rowClassName,
}: {
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  sort?: SortState | null;
  page?: number;
  pages?: number;
  testId?: string;
  rowTestId?: string | ((row: Row) => string);
  /** Extra classes for a row that needs to stand out (a row with problems). */
  rowClassName?: (row: Row) => string;
}) {
  const { t } = useTranslation("common");
  const link = useQueryLink();
  if (rows.length === 0) {
    return (
      <div
        className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600"
        data-testid="table-empty"
      >
        {empty}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <table className="block w-full text-left text-sm sm:table" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden border-b border-slate-200 text-slate-600 sm:table-header-group">
          <tr>
            {columns.map((column) => {
              const active = sort?.column === column.id;
              const next: SortDirection = active && sort?.direction === "asc" ? "desc" : "asc";
              return (
                <th
                  key={column.id}
                  scope="col"
                  className="py-2 pr-3 font-medium"
                  aria-sort={active ? (sort?.direction === "asc" ? "ascending" : "descending") : undefined}
                >
                  {column.sortable ? (
                    <Link
                      to={link({ sort: column.id, dir: next, page: "1" })}
                      className="inline-flex items-center gap-1 text-brand-800 underline-offset-2 hover:underline"
                      aria-label={t("ui.table.sortBy", { column: column.header })}
                    >
                      {column.header}
                      <span aria-hidden="true">{active ? (sort?.direction === "asc" ? "▲" : "▼") : "↕"}</span>
                    </Link>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="block space-y-3 sm:table-row-group sm:space-y-0 sm:divide-y sm:divide-slate-100">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={`block rounded-xl border border-slate-200 p-3 sm:table-row sm:rounded-none sm:border-0 sm:p-0 ${rowClassName?.(row) ?? ""}`}
              data-testid={typeof rowTestId === "function" ? rowTestId(row) : rowTestId}
            >
              {columns.map((column) => (
                <td
                  key={column.id}
                  className={`flex gap-3 py-1 sm:table-cell sm:py-2 sm:pr-3 ${column.className ?? ""}`}
                >
                  <span className="w-28 shrink-0 font-medium text-slate-600 sm:hidden">{column.header}</span>
                  <div className="min-w-0 break-words">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {page && pages ? <Pagination page={page} pages={pages} /> : null}
    </div>
  );
}

/** Previous / next links that keep the page's other query parameters (filters, sort). */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation("common");
  const link = useQueryLink();
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center justify-between gap-3 text-sm" aria-label={t("ui.pagination.label")}>
      {page > 1 ? (
        <Link to={link({ page: String(page - 1) })} className="btn-secondary" rel="prev">
          {t("ui.pagination.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{t("ui.pagination.page", { page, pages })}</span>
      {page < pages ? (
        <Link to={link({ page: String(page + 1) })} className="btn-secondary" rel="next">
          {t("ui.pagination.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
