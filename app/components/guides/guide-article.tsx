import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { CalendarCheck, ExternalLink, WifiOff } from "#app/components/ui/icons";
import { proseClass } from "#app/components/ui/prose";
import { formatDate, formatDay } from "#app/lib/format";
import { type Language, localizePath } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

export interface GuideSourceView {
  label: string;
  url?: string;
}

export interface GuideArticleData {
  slug: string;
  title: string;
  summary: string;
  introHtml: string;
  lastVerifiedOn: string | null;
  sources: GuideSourceView[];
  updatedAt: string;
  translationBehind: { otherLanguage: Language; otherUpdatedAt: string } | null;
  sections: {
    anchor: string;
    title: string;
    html: string;
    lastVerifiedOn: string | null;
    sources: GuideSourceView[];
  }[];
}

export function SourceList({ sources }: { sources: GuideSourceView[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
      {sources.map((source) => (
        <li key={source.label}>
          {source.url ? (
            <a
              href={source.url}
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-brand-800 underline underline-offset-2"
            >
              {source.label}
              <ExternalLink className="size-3" aria-hidden="true" />
            </a>
          ) : (
            source.label
          )}
        </li>
      ))}
    </ul>
  );
}

export function VerifiedNote({ day, sources }: { day: string | null; sources: GuideSourceView[] }) {
  const { t } = useTranslation("guides");
  const language = useLanguage();
  if (!day && !sources.length) return null;
  return (
    <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
      <p className="flex items-center gap-1.5 font-medium">
        <CalendarCheck className="size-4 shrink-0 text-brand-800" aria-hidden="true" />
        {day ? t("page.checkedAgainst", { date: formatDay(day, language) }) : t("page.sourcesIntro")}
      </p>
      {sources.length ? <SourceList sources={sources} /> : null}
    </div>
  );
}

/** A guide page: title, dates, table of contents, intro, then `children` (lists, forms), then sections. */
export function GuideArticle({
  page,
  children,
  offline = false,
  tableOfContents = page.sections.length >= 3,
  ad,
}: {
  page: GuideArticleData;
  children?: ReactNode;
  /** An ad space, after the first section (docs/ads.md). */
  ad?: ReactNode;
  /** Pages the service worker keeps for offline use say so. */
  offline?: boolean;
  tableOfContents?: boolean;
}) {
  const { t } = useTranslation("guides");
  const language = useLanguage();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="page-title">
      <header>
        <h1 id="page-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {page.title}
        </h1>
        <p className="mt-3 text-lg text-slate-700">{page.summary}</p>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          {page.lastVerifiedOn ? (
            <span>{t("page.lastChecked", { date: formatDay(page.lastVerifiedOn, language) })}</span>
          ) : null}
          <span>{t("page.updated", { date: formatDate(new Date(page.updatedAt), language) })}</span>
        </p>
        {offline ? (
          <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
            <WifiOff className="size-4 shrink-0" aria-hidden="true" />
            {t("page.offlineNote")}
          </p>
        ) : null}
        {page.translationBehind ? (
          <p role="note" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t("page.translationBehind", {
              language: t(`page.languageNames.${page.translationBehind.otherLanguage}`),
              date: formatDate(new Date(page.translationBehind.otherUpdatedAt), language),
            })}{" "}
            <Link
              to={localizePath(`/${page.slug}`, page.translationBehind.otherLanguage)}
              hrefLang={page.translationBehind.otherLanguage}
              className="font-medium underline"
            >
              {t("page.readInOther", { language: t(`page.languageNames.${page.translationBehind.otherLanguage}`) })}
            </Link>
          </p>
        ) : null}
      </header>

      {tableOfContents && page.sections.length ? (
        <nav aria-labelledby="toc-title" className="mt-8 rounded-xl border border-slate-200 p-4">
          <h2 id="toc-title" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
            {t("page.onThisPage")}
          </h2>
          <ol className="mt-2 grid gap-1 sm:grid-cols-2">
            {page.sections.map((section) => (
              <li key={section.anchor}>
                <a href={`#${section.anchor}`} className="text-brand-800 underline-offset-2 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      {page.introHtml ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server by renderMarkdown (allow-list of tags, attributes and URL schemes)
        <div className={`mt-8 text-lg ${proseClass}`} dangerouslySetInnerHTML={{ __html: page.introHtml }} />
      ) : null}

      {children}

      {page.sections.length ? null : ad}

      {page.sections.map((section, index) => (
        <Fragment key={section.anchor}>
          <section id={section.anchor} aria-labelledby={`${section.anchor}-title`} className="mt-10 scroll-mt-20">
            <h2 id={`${section.anchor}-title`} className="text-2xl font-bold">
              {section.title}
            </h2>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server by renderMarkdown */}
            <div className={`mt-4 ${proseClass}`} dangerouslySetInnerHTML={{ __html: section.html }} />
            <VerifiedNote day={section.lastVerifiedOn} sources={section.sources} />
          </section>
          {index === 0 ? ad : null}
        </Fragment>
      ))}

      {page.sources.length ? (
        <aside aria-labelledby="sources-title" className="mt-12 border-t border-slate-200 pt-6">
          <h2 id="sources-title" className="text-lg font-semibold">
            {t("page.sourcesTitle")}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t("page.sourcesIntro")}</p>
          <div className="text-sm">
            <SourceList sources={page.sources} />
          </div>
        </aside>
      ) : null}
    </article>
  );
}
