import type { ReactNode } from "react";
import { BadgeCheck, ExternalLink, MapPin, Users } from "#app/components/ui/icons";
import { DemoMark } from "#app/components/ui/status-badge";
import { Tooltip } from "#app/components/ui/tooltip";
import type { GroupCardData } from "#app/features/groups/groups.server";
import { formatDay, formatNumber } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { PlatformIcon } from "./platform-icon";

/** One group on /groups: what it is, where, in which language, how big (with the day counted), and the way in. */
export function GroupCard({ group, children }: { group: GroupCardData; children?: ReactNode }) {
  const { t } = useTranslation("groups");
  const language = useLanguage();
  const platform = t(`platforms.${group.platform}`);
  const verifiedTipId = `group-${group.id}-verified-tip`;
  return (
    <article
      id={`group-${group.id}`}
      aria-labelledby={`group-${group.id}-name`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="group-card"
    >
      <header className="flex items-start gap-3">
        <PlatformIcon platform={group.platform} />
        <div className="min-w-0 flex-1">
          <h3 id={`group-${group.id}-name`} className="text-lg leading-snug font-semibold break-words">
            {group.name}
          </h3>
          <p className="flex flex-wrap items-center gap-1.5 pt-1 text-xs">
            <span className="sr-only">{platform}</span>
            {group.verifiedOn ? (
              <Tooltip text={t("card.verifiedTip")} id={verifiedTipId} bubbleClassName="bottom-full left-0 mb-1 w-64">
                <span
                  // Focusable so keyboard and touch users can read what the mark means.
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip's trigger
                  tabIndex={0}
                  aria-describedby={verifiedTipId}
                  className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-900"
                  data-testid="verified-mark"
                >
                  <BadgeCheck className="size-3.5" aria-hidden="true" />
                  {t("card.verified")}
                </span>
              </Tooltip>
            ) : null}
            {group.isDemo ? <DemoMark label={t("page.demo")} tip={t("page.demoTip")} /> : null}
          </p>
        </div>
      </header>

      {group.description ? (
        <div className="text-sm text-slate-700">
          <p lang={group.descriptionLanguage ?? undefined} className="break-words whitespace-pre-line">
            {group.description}
          </p>
          {group.descriptionLanguage ? (
            <p className="mt-1 text-xs text-slate-500 italic" data-testid="fallback-marker">
              {t("card.writtenIn", { language: t(`languages.${group.descriptionLanguage}`) })}
            </p>
          ) : null}
        </div>
      ) : null}

      <dl className="flex flex-wrap gap-1.5 text-xs">
        <div className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-900">
          <dt className="sr-only">{t("card.topicLabel")}</dt>
          <dd>{t(`topics.${group.topic}`)}</dd>
        </div>
        <div className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-slate-800">
          <dt className="sr-only">{t("card.areaLabel")}</dt>
          <dd className="inline-flex items-center gap-1">
            <MapPin className="size-3.5" aria-hidden="true" />
            {group.area.name}
          </dd>
        </div>
        <div className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-800">
          <dt className="sr-only">{t("card.languageLabel")}</dt>
          <dd>{t(`languages.${group.language}`)}</dd>
        </div>
      </dl>

      <p className="flex items-center gap-1.5 text-sm text-slate-700" data-testid="member-count">
        <Users className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        {group.memberCount !== null && group.memberCountOn
          ? t("card.members", {
              count: group.memberCount,
              formatted: formatNumber(group.memberCount, language),
              date: formatDay(group.memberCountOn, language, { dateStyle: "medium" }),
            })
          : t("card.noCount")}
      </p>

      <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        <a
          href={group.inviteUrl}
          target="_blank"
          rel="noopener nofollow"
          className="btn-primary"
          aria-describedby={`group-${group.id}-join-hint`}
          data-testid="join-link"
        >
          {t("card.join", { platform })}
          <ExternalLink className="size-4" aria-hidden="true" />
        </a>
        <span id={`group-${group.id}-join-hint`} className="sr-only">
          {t("card.joinHint", { platform })}
        </span>
      </div>
      {children}
    </article>
  );
}
