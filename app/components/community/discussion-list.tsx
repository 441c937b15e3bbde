import { Lock, MessageCircle, Pin } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { StatusBadge } from "#app/components/ui/status-badge";
import { formatDate, formatNumber } from "#app/lib/format";
import type { Language } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

export interface DiscussionCard {
  id: string;
  title: string;
  excerpt: string;
  language: Language;
  status: string;
  pinned: boolean;
  locked: boolean;
  replyCount: number;
  likeCount: number;
  lastActivityAt: string;
  author: string | null;
  isDemo: boolean;
  category: { slug: string; name: string };
}

/** A post's language when it is not the page's: "Written in Spanish". */
export function LanguageMarker({ language }: { language: Language }) {
  const { t } = useTranslation("community");
  const pageLanguage = useLanguage();
  if (language === pageLanguage) return null;
  return (
    <StatusBadge tone="info" testId="language-marker">
      {t(`post.writtenIn.${language}`)}
    </StatusBadge>
  );
}

export function PendingMarker({ status }: { status: string }) {
  const { t } = useTranslation("community");
  if (status === "published") return null;
  return (
    <StatusBadge tone={status === "pending" ? "warning" : "danger"} testId="status-marker">
      {t(`post.status.${status}`)}
    </StatusBadge>
  );
}

/** Threads as a list of cards: title, excerpt, who, when, and the counts. */
export function DiscussionList({
  items,
  showCategory = true,
  headingLevel = 3,
}: {
  items: DiscussionCard[];
  showCategory?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation("community");
  const language = useLanguage();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul
      className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white"
      data-testid="discussion-list"
    >
      {items.map((item) => (
        <li key={item.id} className="p-4 sm:p-5">
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
            {item.pinned ? (
              <span className="inline-flex items-center gap-1 font-semibold text-brand-800">
                <Pin className="size-3.5" aria-hidden="true" />
                {t("post.pinned")}
              </span>
            ) : null}
            {item.locked ? (
              <span className="inline-flex items-center gap-1 font-semibold text-slate-700">
                <Lock className="size-3.5" aria-hidden="true" />
                {t("post.locked")}
              </span>
            ) : null}
            {showCategory ? (
              <LocalizedLink
                to={`/forums/category/${item.category.slug}`}
                className="font-medium text-brand-800 hover:underline"
              >
                {item.category.name}
              </LocalizedLink>
            ) : null}
            <LanguageMarker language={item.language} />
            <PendingMarker status={item.status} />
            {item.isDemo ? <StatusBadge>{t("post.demo")}</StatusBadge> : null}
          </div>
          <Heading className="mt-1 text-base font-semibold break-words sm:text-lg">
            <LocalizedLink to={`/forums/post/${item.id}`} className="hover:underline" lang={item.language}>
              {item.title}
            </LocalizedLink>
          </Heading>
          {item.excerpt ? (
            <p className="mt-1 line-clamp-2 text-sm text-slate-700 break-words" lang={item.language}>
              {item.excerpt}
            </p>
          ) : null}
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>{item.author ?? t("post.formerMember")}</span>
            <span>
              {t("post.lastActivity", {
                date: formatDate(new Date(item.lastActivityAt), language, { dateStyle: "medium" }),
              })}
            </span>
            <span className="inline-flex items-center gap-1">
              <MessageCircle className="size-3.5" aria-hidden="true" />
              {t("post.replies", { count: item.replyCount, formatted: formatNumber(item.replyCount, language) })}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
