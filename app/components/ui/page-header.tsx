import type { ReactNode } from "react";
import { LocalizedLink } from "./localized-link";

/** A page's title, with an optional back link, description and actions (buttons, links). */
export function PageHeader({
  title,
  description,
  back,
  actions,
  titleId,
  children,
}: {
  title: ReactNode;
  /** For a section that names itself by the heading (aria-labelledby). */
  titleId?: string;
  /** More lines under the description (facts about the page, a format note). */
  children?: ReactNode;
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
        <h1 id={titleId} className="text-2xl font-bold break-words sm:text-3xl">
          {title}
        </h1>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      {children}
    </header>
  );
}

/** A titled part of a page; the heading names the section for screen readers. `framed` draws a card around it. */
export function PageSection({
  id,
  title,
  framed,
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  framed?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`space-y-3 ${framed ? "rounded-xl border border-slate-200 p-5" : ""}`}
      data-testid={testId}
    >
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
