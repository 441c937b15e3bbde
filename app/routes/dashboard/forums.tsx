import type { ReactNode } from "react";
import { data, useActionData } from "react-router";
import { LanguageMarker, PendingMarker } from "#app/components/community/discussion-list";
import { FormErrors } from "#app/components/ui/form-message";
import { BellOff } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { AddLink, PageHeader, PageSection } from "#app/components/ui/page-header";
import { PostButton } from "#app/components/ui/post-button";
import { listMyDiscussions, listMyFollows, listMyReplies } from "#app/features/community/forum-mine.server";
import { setFollowing } from "#app/features/community/forums.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDate, formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/forums";

// The dashboard section "forums": the member's own discussions and replies, and what they follow.
export const handle = { i18n: ["community"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const [discussions, replies, follows] = await Promise.all([
    listMyDiscussions({ actor: user, language }),
    listMyReplies({ actor: user }),
    listMyFollows({ actor: user }),
  ]);
  return {
    head: { title: t("community:dashboard.metaTitle"), description: t("community:dashboard.intro"), noindex: true },
    discussions,
    replies,
    follows,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const discussionId = String(formData.get("discussionId") ?? "");
  if (formData.get("intent") !== "unfollow" || !/^[0-9a-f-]{36}$/i.test(discussionId))
    return data({ error: "community:errors.unknownAction" }, { status: 400 });
  return handleAction(async () => {
    await setFollowing({ actor: user, discussionId, follow: false });
    return redirectBackWithToast(request, "unfollowed");
  });
}

export default function DashboardForums({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("community");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const date = (iso: string) => formatDate(new Date(iso), language, { dateStyle: "medium" });
  return (
    <div className="space-y-8">
      <PageHeader
        title={t("dashboard.title")}
        description={t("dashboard.intro")}
        actions={<AddLink to="/forums/new" label={t("page.startDiscussion")} />}
      />
      {actionData && "error" in actionData && actionData.error ? <FormErrors errors={[actionData.error]} /> : null}

      <PageSection id="my-discussions" title={t("dashboard.discussions")}>
        <OwnList items={loaderData.discussions} testId="my-discussions" empty={t("dashboard.noDiscussions")}>
          {(item) => (
            <li key={item.id} className="p-4">
              <div className="flex flex-wrap items-center gap-2">
                <LocalizedLink
                  to={`/forums/post/${item.id}`}
                  className="font-semibold text-brand-800 hover:underline"
                  lang={item.language}
                >
                  {item.title}
                </LocalizedLink>
                <LanguageMarker language={item.language} />
                <PendingMarker status={item.status} />
              </div>
              <p className="mt-1 text-sm text-slate-600">
                {item.category.name} · {date(item.createdAt)} ·{" "}
                {t("post.replies", { count: item.replyCount, formatted: formatNumber(item.replyCount, language) })}
              </p>
            </li>
          )}
        </OwnList>
      </PageSection>

      <PageSection id="my-replies" title={t("dashboard.replies")}>
        <OwnList items={loaderData.replies} testId="my-replies" empty={t("dashboard.noReplies")}>
          {(reply) => (
            <li key={reply.id} className="p-4">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="text-slate-600">{t("dashboard.inDiscussion")}</span>
                <LocalizedLink
                  to={`/forums/post/${reply.discussion.id}#reply-${reply.id}`}
                  className="font-semibold text-brand-800 hover:underline"
                >
                  {reply.discussion.title}
                </LocalizedLink>
                <PendingMarker status={reply.status} />
              </p>
              <p className="mt-1 text-sm break-words text-slate-700">{reply.excerpt}</p>
              <p className="mt-1 text-xs text-slate-600">{date(reply.createdAt)}</p>
            </li>
          )}
        </OwnList>
      </PageSection>

      <PageSection id="my-follows" title={t("dashboard.following")}>
        <p className="text-sm text-slate-600">{t("dashboard.followingIntro")}</p>
        <OwnList items={loaderData.follows} testId="my-follows" empty={t("dashboard.noFollows")}>
          {(follow) => (
            <li key={follow.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <LocalizedLink
                  to={`/forums/post/${follow.id}`}
                  className="font-semibold text-brand-800 hover:underline"
                >
                  {follow.title}
                </LocalizedLink>
                <p className="text-sm text-slate-600">
                  {t("post.replies", {
                    count: follow.replyCount,
                    formatted: formatNumber(follow.replyCount, language),
                  })}{" "}
                  · {t("post.lastActivity", { date: date(follow.lastActivityAt) })}
                </p>
              </div>
              <PostButton fields={{ intent: "unfollow", discussionId: follow.id }}>
                <BellOff className="size-4" aria-hidden="true" />
                {t("post.unfollow")}
                <span className="sr-only">: {follow.title}</span>
              </PostButton>
            </li>
          )}
        </OwnList>
      </PageSection>
    </div>
  );
}

/** One of the member's lists, or the line that says it is empty. */
function OwnList<T>({
  items,
  testId,
  empty,
  children,
}: {
  items: T[];
  testId: string;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return items.length ? (
    <ul className="divide-y divide-slate-200 rounded-card border border-slate-200" data-testid={testId}>
      {items.map(children)}
    </ul>
  ) : (
    <p className="rounded-card border border-dashed border-slate-300 p-5 text-slate-600">{empty}</p>
  );
}
