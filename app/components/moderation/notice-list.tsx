import { AlertTriangle } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PostButton } from "#app/components/ui/post-button";
import { formatDate } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import type { ModeratedKind, ModerationDecision } from "#app/platform/moderation/kinds";

// The author's side of moderation, on their dashboard overview: a suspension in force, and what
// moderators decided about their posts, with the reason, in the reader's language.

export interface NoticeView {
  id: number;
  kind: ModeratedKind;
  itemTitle: string;
  decision: ModerationDecision;
  reason: string;
  createdAt: string;
}

export function NoticeList({
  notices,
  suspension,
}: {
  notices: NoticeView[];
  suspension: { until: string; reason: string } | null;
}) {
  const { t } = useTranslation("moderation");
  const language = useLanguage();
  if (!notices.length && !suspension) return null;
  return (
    <section aria-labelledby="moderation-notices-title" className="mt-6 space-y-3" data-testid="moderation-notices">
      <h2 id="moderation-notices-title" className="font-semibold">
        {t("notice.title")}
      </h2>
      {suspension ? (
        <p className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950" role="status">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span className="break-words">
            {t("notice.suspended", {
              date: formatDate(new Date(suspension.until), language, { dateStyle: "long" }),
              reason: suspension.reason,
            })}
          </span>
        </p>
      ) : null}
      <ul className="space-y-3">
        {notices.map((notice) => (
          <li
            key={notice.id}
            className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
            data-testid="moderation-notice"
          >
            <p className="font-medium break-words">
              {t(`notice.${notice.decision}`, { kind: t(`kindNouns.${notice.kind}`), title: notice.itemTitle })}
            </p>
            {notice.reason ? <p className="mt-1 break-words">{t("notice.reason", { reason: notice.reason })}</p> : null}
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="text-amber-900">
                {t("notice.received", {
                  date: formatDate(new Date(notice.createdAt), language, { dateStyle: "medium" }),
                })}
                {" · "}
                <LocalizedLink to="/guidelines" className="underline">
                  {t("notice.guidelines")}
                </LocalizedLink>
              </span>
              <PostButton fields={{ intent: "dismiss-notice", noticeId: String(notice.id) }}>
                {t("notice.dismiss")}
              </PostButton>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
