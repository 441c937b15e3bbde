import type { ReactNode } from "react";
import { LocalizedLink } from "./localized-link";

/** A page's title, with an optional back link, description and actions (buttons, links). */
export function PageHeader({
  title,
  description,
  back,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <header className="space-y-2">
      {back ? (
        <LocalizedLink to={back.to} className="text-sm text-brand-800 underline">
          ← {back.label}
        </LocalizedLink>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{title}</h1>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
    </header>
  );
}
