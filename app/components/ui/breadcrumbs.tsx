import { Fragment, type ReactNode } from "react";
import { ChevronRight } from "./icons";
import { LocalizedLink } from "./localized-link";

/**
 * Where a page sits: links up the hierarchy, and the page itself last when it has no link of its
 * own (marked as the current page). The separators are hidden from screen readers; the list says it.
 */
export function Breadcrumbs({
  label,
  items,
  separator = "chevron",
}: {
  label: string;
  items: { label: ReactNode; to?: string }[];
  separator?: "chevron" | "slash";
}) {
  return (
    <nav aria-label={label} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <Fragment key={item.to ?? "current"}>
            {index > 0 ? (
              <li aria-hidden="true">{separator === "chevron" ? <ChevronRight className="size-4" /> : "/"}</li>
            ) : null}
            {item.to ? (
              <li>
                <LocalizedLink to={item.to} className="hover:underline">
                  {item.label}
                </LocalizedLink>
              </li>
            ) : (
              <li aria-current="page">{item.label}</li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
