import type { ReactNode } from "react";
import { type IconComponent, Plus } from "./icons";
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

/** A list page's filter form in its grey panel; the heading is for screen readers only. */
export function FilterPanel({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-slate-50 p-4 sm:p-5">
      <h2 id={id} className="sr-only">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list with its heading and how many it holds; `children` is the list, its empty state, its pages. */
export function ListSection({
  id,
  title,
  count,
  countTestId,
  wrap,
  children,
}: {
  id: string;
  title: ReactNode;
  count: ReactNode;
  countTestId: string;
  /** Let the count go under a long heading. */
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className={`flex ${wrap ? "flex-wrap " : ""}items-baseline justify-between gap-3`}>
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-slate-600" data-testid={countTestId}>
          {count}
        </p>
      </div>
      {children}
    </section>
  );
}

/** What a list shows when it has nothing to show: an icon, a title, a line, and what to do next. */
export function EmptyList({
  testId,
  icon: Icon,
  title,
  text,
  children,
}: {
  testId: string;
  icon: IconComponent;
  title: ReactNode;
  text: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center" data-testid={testId}>
      <Icon className="mx-auto size-8 text-slate-400" aria-hidden="true" />
      <p className="mt-2 font-semibold">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
      {children}
    </div>
  );
}

/** The link to add one more of what the page lists (a post, an event, a business), marked with a plus. */
export function AddLink({
  to,
  label,
  secondary,
  className,
  testId,
}: {
  to: string;
  label: ReactNode;
  secondary?: boolean;
  /** More classes for the link, for its place in the layout. */
  className?: string;
  testId?: string;
}) {
  return (
    <LocalizedLink
      to={to}
      className={`${secondary ? "btn-secondary" : "btn-primary"}${className ? ` ${className}` : ""}`}
      data-testid={testId}
    >
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </LocalizedLink>
  );
}
