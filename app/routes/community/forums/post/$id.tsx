import { data, redirect, useActionData } from "react-router";
import { LanguageMarker, PendingMarker } from "#app/components/community/discussion-list";
import { EditPostForm, EditReplyForm, ReplyForm } from "#app/components/community/post-forms";
import { Pagination } from "#app/components/directory/pagination";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { ReportControl } from "#app/components/moderation/report-form";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { FormErrors } from "#app/components/ui/form-message";
import { Bell, BellOff, Heart, Lock, Pencil, Pin, Quote } from "#app/components/ui/icons";
import { Breadcrumbs, LocalizedLink } from "#app/components/ui/localized-link";
import { PostButton } from "#app/components/ui/post-button";
import { proseClass } from "#app/components/ui/prose";
import { StatusBadge } from "#app/components/ui/status-badge";
import { editDiscussionSchema, editReplySchema, editWindowMinutes, replySchema } from "#app/features/community/forms";
import {
  canDeletePost,
  canEditPost,
  createReply,
  deleteDiscussion,
  deleteReply,
  editDiscussion,
  editReply,
  getDiscussion,
  listReplies,
  setFollowing,
  toggleLike,
  viewerThreadState,
} from "#app/features/community/forums.server";
import { renderPosts } from "#app/features/community/render.server";
import { can } from "#app/lib/authorization";
import { handleAction, orAppError } from "#app/lib/errors.server";
import { formatDate, formatNumber } from "#app/lib/format";
import { type Language, localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { markdownToPlainText } from "#app/lib/markdown.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { redirectWithToast } from "#app/web/flash.server";
import { submitForm } from "#app/web/form-action.server";
import { actOnIntent } from "#app/web/intents";
import { getSessionUser, requireUser } from "#app/web/session.server";
import type { Route } from "./+types/$id";

export const handle = {
  i18n: ["community", "directory:pagination", "moderation:report", "moderation:reasons"],
  cache: { kinds: ["site", "forums"] },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const pageParams = {
  page: searchParam.int((page) => page || 1),
  // A quote chosen with the "Quote" link (?quote=post or ?quote=reply:<id>); signed-in pages only.
  quote: searchParam.nullable(),
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const user = await getSessionUser(request);
  const discussion = await orAppError(language, () => getDiscussion({ id: params.id, viewer: user, language }));
  const query = readSearchParams(request, pageParams);
  const [site, replies] = await Promise.all([
    getSiteConfig(language),
    listReplies({ discussionId: discussion.id, viewer: user, page: query.page }),
  ]);
  const [post] = await renderPosts([discussion], language);
  const items = await renderPosts(replies.items, language);
  const now = new Date();
  const state = user
    ? await viewerThreadState({ discussionId: discussion.id, actor: user, replyIds: items.map((item) => item.id) })
    : null;
  const quoteParam = user ? query.quote : null;
  const quotedReply = quoteParam?.startsWith("reply:")
    ? items.find((item) => `reply:${item.id}` === quoteParam)
    : undefined;
  const quote =
    quoteParam === "post"
      ? { value: "post", author: discussion.author }
      : quotedReply && quotedReply.status === "published"
        ? { value: `reply:${quotedReply.id}`, author: quotedReply.author }
        : null;
  const categoryScope = { scope: { type: "forum-category", id: discussion.category.id } };
  return {
    head: {
      title: t("community:post.metaTitle", { title: discussion.title, siteName: site.siteName }),
      description: markdownToPlainText(discussion.body).slice(0, 160) || discussion.title,
      // Threads waiting for review are shown to their author only, never to search engines.
      noindex: discussion.status !== "published",
    },
    discussion: {
      id: discussion.id,
      title: discussion.title,
      body: discussion.body,
      html: post.html,
      language: discussion.language,
      status: discussion.status,
      pinned: discussion.pinned,
      locked: discussion.locked,
      likeCount: discussion.likeCount,
      replyCount: discussion.replyCount,
      author: discussion.author,
      isDemo: discussion.isDemo,
      createdAt: discussion.createdAt.toISOString(),
      editedAt: discussion.editedAt?.toISOString() ?? null,
      category: { slug: discussion.category.slug, name: discussion.category.name },
      mine: Boolean(user && discussion.authorId === user.id),
      canEdit: canEditPost(user, discussion, now),
      canDelete: canDeletePost(user, discussion),
    },
    replies: {
      page: replies.page,
      pageCount: replies.pageCount,
      total: replies.total,
      items: items.map((item) => ({
        id: item.id,
        body: item.body,
        html: item.html,
        language: item.language,
        status: item.status,
        author: item.author,
        likeCount: item.likeCount,
        isDemo: item.isDemo,
        quote: item.quote,
        createdAt: item.createdAt.toISOString(),
        editedAt: item.editedAt?.toISOString() ?? null,
        mine: Boolean(user && item.authorId === user.id),
        canEdit: canEditPost(user, item, now),
        canDelete: canDeletePost(user, item),
      })),
    },
    viewer: user
      ? {
          following: state?.following ?? false,
          likedPost: state?.likedPost ?? false,
          likedReplies: state?.likedReplies ?? [],
          canReply:
            discussion.status === "published" &&
            can(user, "create:forum-post:any", categoryScope) &&
            (!discussion.locked || can(user, "manage:forum:any", categoryScope)),
          canReact: can(user, "react:forum-post:any"),
          quote,
        }
      : null,
    editWindowMinutes,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { language } = await getRequestTranslator(request);
  const discussion = await orAppError(language, () => getDiscussion({ id: params.id, viewer: user, language }));
  const formData = await request.formData();
  const here = localizePath(`/forums/post/${discussion.id}`, language);
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const targetId = String(formData.get("id") ?? "").slice(0, 64);
  // The plain buttons (delete, like, follow) answer a refusal with their intent and the item's id.
  const button = (intent: string, run: () => Promise<Response>) =>
    handleAction(run, { failure: { intent, targetId }, pageErrors: { language, codes: ["not_found" as const] } });
  const follow = (intent: "follow" | "unfollow") =>
    button(intent, async () => {
      await setFollowing({ actor: user, discussionId: discussion.id, follow: intent === "follow" });
      return redirectWithToast(request, back, intent === "follow" ? "followed" : "unfollowed");
    });

  return actOnIntent(
    formData,
    {
      reply: (intent) =>
        submitForm(
          formData,
          replySchema,
          async (value) => {
            const reply = await createReply({
              actor: user,
              discussionId: discussion.id,
              body: value.body,
              language: value.language,
              quote: value.quote,
            });
            // The last page holds the new reply.
            const { pageCount } = await listReplies({
              discussionId: discussion.id,
              viewer: user,
              page: Number.MAX_SAFE_INTEGER,
            });
            const query = pageCount > 1 ? `?page=${pageCount}` : "";
            return redirectWithToast(
              request,
              `${here}${query}#reply-${reply.id}`,
              reply.status === "pending" ? "forumPending" : "replyPosted",
            );
          },
          { failure: { intent } },
        ),
      "edit-post": (intent) =>
        submitForm(
          formData,
          editDiscussionSchema,
          async (value) => {
            await editDiscussion({ actor: user, id: discussion.id, ...value });
            return redirectWithToast(request, here, "postUpdated");
          },
          { failure: { intent } },
        ),
      "edit-reply": (intent) => {
        const replyId = String(formData.get("replyId") ?? "");
        return submitForm(
          formData,
          editReplySchema,
          async (value) => {
            await editReply({ actor: user, replyId, body: value.body, language: value.language });
            return redirectWithToast(request, `${back}#reply-${replyId}`, "postUpdated");
          },
          { failure: { intent, replyId } },
        );
      },
      "delete-post": (intent) =>
        button(intent, async () => {
          await deleteDiscussion({ actor: user, id: discussion.id });
          return redirectWithToast(
            request,
            localizePath(`/forums/category/${discussion.category.slug}`, language),
            "postDeleted",
          );
        }),
      "delete-reply": (intent) =>
        button(intent, async () => {
          await deleteReply({ actor: user, replyId: targetId });
          return redirectWithToast(request, `${back}#reply-${targetId}`, "postDeleted");
        }),
      "like-post": (intent) =>
        button(intent, async () => {
          await toggleLike({ actor: user, target: "post", id: discussion.id });
          return redirect(`${back}#post`);
        }),
      "like-reply": (intent) =>
        button(intent, async () => {
          await toggleLike({ actor: user, target: "reply", id: targetId });
          return redirect(`${back}#reply-${targetId}`);
        }),
      follow,
      unfollow: follow,
    },
    (intent) => data({ intent, targetId, error: "community:errors.unknownAction" }, { status: 400 }),
  );
}

type ActionData = {
  intent?: string;
  replyId?: string;
  targetId?: string;
  error?: string;
  // biome-ignore lint/suspicious/noExplicitAny: each form's own submission reply
  result?: any;
};

function Meta({
  author,
  createdAt,
  editedAt,
  isDemo,
}: {
  author: string | null;
  createdAt: string;
  editedAt: string | null;
  isDemo: boolean;
}) {
  const { t } = useTranslation("community");
  const language = useLanguage();
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
      <span className="font-semibold text-slate-900">{author ?? t("post.formerMember")}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={createdAt}>
        {formatDate(new Date(createdAt), language, { dateStyle: "medium", timeStyle: "short" })}
      </time>
      {editedAt ? <span>({t("post.edited")})</span> : null}
      {isDemo ? <StatusBadge>{t("post.demo")}</StatusBadge> : null}
    </p>
  );
}

function LikeControl({
  count,
  liked,
  fields,
  canReact,
  label,
}: {
  count: number;
  liked: boolean;
  fields: Record<string, string> | null;
  canReact: boolean;
  label: string;
}) {
  const { t } = useTranslation("community");
  const language = useLanguage();
  const text = t("post.likes", { count, formatted: formatNumber(count, language) });
  if (!fields || !canReact)
    return (
      <span className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600">
        <Heart className="size-4" aria-hidden="true" />
        {text}
      </span>
    );
  return (
    <PostButton fields={fields}>
      <Heart className={`size-4 ${liked ? "fill-red-600 text-red-700" : ""}`} aria-hidden="true" />
      <span>{liked ? t("post.unlike") : t("post.like")}</span>
      <span className="sr-only">{label}</span>
      <span className="text-slate-600">({formatNumber(count, language)})</span>
    </PostButton>
  );
}

export default function DiscussionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("community");
  const language = useLanguage();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { discussion, replies, viewer } = loaderData;
  const quoteHref = (value: string) => {
    const query = new URLSearchParams({ quote: value });
    if (replies.page > 1) query.set("page", String(replies.page));
    return `/forums/post/${discussion.id}?${query.toString()}#reply-form`;
  };
  const buttonError = (intent: string, id?: string) =>
    actionData?.error && actionData.intent === intent && (!id || actionData.targetId === id)
      ? [actionData.error]
      : null;

  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <Breadcrumbs
        label={t("post.breadcrumb")}
        items={[
          { to: "/community", label: t("nav.title") },
          { to: `/forums/category/${discussion.category.slug}`, label: discussion.category.name },
        ]}
      />

      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {discussion.pinned ? (
            <span className="inline-flex items-center gap-1 font-semibold text-brand-800">
              <Pin className="size-4" aria-hidden="true" />
              {t("post.pinned")}
            </span>
          ) : null}
          {discussion.locked ? (
            <span className="inline-flex items-center gap-1 font-semibold text-slate-700">
              <Lock className="size-4" aria-hidden="true" />
              {t("post.locked")}
            </span>
          ) : null}
          <LanguageMarker language={discussion.language} />
          <PendingMarker status={discussion.status} />
        </div>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl" lang={discussion.language}>
          {discussion.title}
        </h1>
      </header>

      {discussion.status === "pending" ? (
        <p
          className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="pending-note"
        >
          {t("post.pendingNote")}
        </p>
      ) : null}

      <section
        id="post"
        aria-label={t("post.openingPost")}
        className="rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-6"
      >
        <Meta
          author={discussion.author}
          createdAt={discussion.createdAt}
          editedAt={discussion.editedAt}
          isDemo={discussion.isDemo}
        />
        <div
          className={`mt-4 break-words ${proseClass}`}
          lang={discussion.language}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown sanitized on the server (renderPosts)
          dangerouslySetInnerHTML={{ __html: discussion.html }}
        />
        <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
          <LikeControl
            count={discussion.likeCount}
            liked={viewer?.likedPost ?? false}
            canReact={Boolean(viewer?.canReact) && !discussion.mine && discussion.status === "published"}
            fields={{ intent: "like-post" }}
            label={discussion.title}
          />
          {viewer?.canReply ? (
            <LocalizedLink to={quoteHref("post")} className="btn-secondary" preventScrollReset>
              <Quote className="size-4" aria-hidden="true" />
              {t("post.quote")}
            </LocalizedLink>
          ) : null}
          {viewer && discussion.status === "published" ? (
            <PostButton fields={{ intent: viewer.following ? "unfollow" : "follow" }}>
              {viewer.following ? (
                <BellOff className="size-4" aria-hidden="true" />
              ) : (
                <Bell className="size-4" aria-hidden="true" />
              )}
              {viewer.following ? t("post.unfollow") : t("post.follow")}
            </PostButton>
          ) : null}
          {discussion.canDelete ? (
            <ConfirmDialog
              trigger={t("post.delete")}
              title={t("post.deletePostTitle")}
              message={t("post.deletePostBody")}
              confirm={t("post.deleteConfirm")}
              fields={{ intent: "delete-post" }}
            />
          ) : null}
        </div>
        <FormErrors
          errors={
            buttonError("like-post") ?? buttonError("follow") ?? buttonError("unfollow") ?? buttonError("delete-post")
          }
        />
        {discussion.status === "published" ? (
          <ReportControl kind="forum_post" itemId={discussion.id} signedIn={Boolean(viewer)} own={discussion.mine} />
        ) : null}
        {discussion.canEdit ? (
          <details className="mt-4" open={actionData?.intent === "edit-post"}>
            <summary className="btn-secondary cursor-pointer list-none">
              <Pencil className="size-4" aria-hidden="true" />
              {t("post.edit")}
            </summary>
            <div className="mt-4">
              <p className="mb-3 text-xs text-slate-600">
                {t("post.editWindow", { minutes: loaderData.editWindowMinutes })}
              </p>
              <EditPostForm
                defaults={{ title: discussion.title, body: discussion.body, language: discussion.language as Language }}
                lastResult={actionData?.intent === "edit-post" ? actionData.result : undefined}
              />
            </div>
          </details>
        ) : null}
      </section>

      <section aria-labelledby="replies-title" className="space-y-4">
        <h2 id="replies-title" className="text-xl font-semibold">
          {t("post.repliesTitle", { count: replies.total, formatted: formatNumber(replies.total, language) })}
        </h2>
        {replies.items.length === 0 ? <p className="text-slate-600">{t("post.noReplies")}</p> : null}
        <ol className="space-y-4" data-testid="replies">
          {replies.items.map((reply) => (
            <li key={reply.id} id={`reply-${reply.id}`} className="scroll-mt-24">
              {reply.status === "deleted" ? (
                <p
                  className="rounded-card border border-dashed border-slate-300 p-4 text-sm text-slate-600 italic"
                  data-testid="deleted-reply"
                >
                  {t("post.deletedReply")}
                </p>
              ) : (
                <article
                  className="rounded-card border border-slate-200 bg-white p-4 sm:p-5"
                  aria-label={t("post.replyBy", { name: reply.author ?? t("post.formerMember") })}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <Meta
                      author={reply.author}
                      createdAt={reply.createdAt}
                      editedAt={reply.editedAt}
                      isDemo={reply.isDemo}
                    />
                    <LanguageMarker language={reply.language} />
                    <PendingMarker status={reply.status} />
                  </div>
                  {reply.quote ? (
                    <blockquote
                      className="mt-3 rounded-md border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-700"
                      data-testid="reply-quote"
                    >
                      {reply.quote.kind === "post" ? (
                        <p>
                          <a href="#post" className="font-medium text-brand-800 underline">
                            {t("post.quotingPost", { name: discussion.author ?? t("post.formerMember") })}
                          </a>
                        </p>
                      ) : reply.quote.excerpt ? (
                        <>
                          <p className="font-medium">
                            <LocalizedLink
                              to={`/forums/post/${discussion.id}${reply.quote.page && reply.quote.page > 1 ? `?page=${reply.quote.page}` : ""}#reply-${reply.quote.id}`}
                              className="text-brand-800 underline"
                            >
                              {t("post.quotingReply", { name: reply.quote.author ?? t("post.formerMember") })}
                            </LocalizedLink>
                          </p>
                          <p className="mt-1 break-words">{reply.quote.excerpt}</p>
                        </>
                      ) : (
                        <p className="italic">{t("post.quoteUnavailable")}</p>
                      )}
                    </blockquote>
                  ) : null}
                  <div
                    className={`mt-3 break-words ${proseClass}`}
                    lang={reply.language}
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown sanitized on the server (renderPosts)
                    dangerouslySetInnerHTML={{ __html: reply.html }}
                  />
                  <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
                    <LikeControl
                      count={reply.likeCount}
                      liked={viewer?.likedReplies.includes(reply.id) ?? false}
                      canReact={Boolean(viewer?.canReact) && !reply.mine && reply.status === "published"}
                      fields={{ intent: "like-reply", id: reply.id }}
                      label={t("post.replyBy", { name: reply.author ?? t("post.formerMember") })}
                    />
                    {viewer?.canReply && reply.status === "published" ? (
                      <LocalizedLink to={quoteHref(`reply:${reply.id}`)} className="btn-secondary" preventScrollReset>
                        <Quote className="size-4" aria-hidden="true" />
                        {t("post.quote")}
                      </LocalizedLink>
                    ) : null}
                    {reply.canDelete ? (
                      <ConfirmDialog
                        trigger={t("post.delete")}
                        title={t("post.deleteReplyTitle")}
                        message={t("post.deleteReplyBody")}
                        confirm={t("post.deleteConfirm")}
                        fields={{ intent: "delete-reply", id: reply.id }}
                      />
                    ) : null}
                  </div>
                  <FormErrors errors={buttonError("like-reply", reply.id) ?? buttonError("delete-reply", reply.id)} />
                  {reply.status === "published" ? (
                    <ReportControl kind="forum_reply" itemId={reply.id} signedIn={Boolean(viewer)} own={reply.mine} />
                  ) : null}
                  {reply.canEdit ? (
                    <details
                      className="mt-3"
                      open={actionData?.intent === "edit-reply" && actionData.replyId === reply.id}
                    >
                      <summary className="btn-secondary cursor-pointer list-none">
                        <Pencil className="size-4" aria-hidden="true" />
                        {t("post.edit")}
                      </summary>
                      <div className="mt-4">
                        <EditReplyForm
                          replyId={reply.id}
                          defaults={{ body: reply.body, language: reply.language as Language }}
                          lastResult={
                            actionData?.intent === "edit-reply" && actionData.replyId === reply.id
                              ? actionData.result
                              : undefined
                          }
                        />
                      </div>
                    </details>
                  ) : null}
                </article>
              )}
            </li>
          ))}
        </ol>
        <Pagination
          page={replies.page}
          pageCount={replies.pageCount}
          hrefFor={(page) => localizePath(`/forums/post/${discussion.id}${page > 1 ? `?page=${page}` : ""}`, language)}
        />
      </section>

      <section
        id="reply-form"
        aria-labelledby="reply-form-title"
        className="scroll-mt-24 rounded-card border border-slate-200 bg-sand-50 p-4 sm:p-6"
      >
        <h2 id="reply-form-title" className="text-lg font-semibold">
          {t("post.yourReply")}
        </h2>
        <div className="mt-3">
          {discussion.locked && !viewer?.canReply ? (
            <p className="inline-flex items-center gap-2 text-slate-700" data-testid="locked-note">
              <Lock className="size-4" aria-hidden="true" />
              {t("post.lockedNote")}
            </p>
          ) : viewer?.canReply ? (
            <ReplyForm
              lastResult={actionData?.intent === "reply" ? actionData.result : undefined}
              quote={viewer.quote?.value}
              quoteLabel={
                viewer.quote ? t("post.quotingLabel", { name: viewer.quote.author ?? t("post.formerMember") }) : null
              }
            />
          ) : viewer ? (
            <p className="text-slate-700">{t("post.cannotReply")}</p>
          ) : (
            <p className="text-slate-700">
              <LocalizedLink
                to={`/auth?redirectTo=${encodeURIComponent(localizePath(`/forums/post/${discussion.id}`, language))}`}
                className="font-medium text-brand-800 underline"
              >
                {t("post.signInToReply")}
              </LocalizedLink>
            </p>
          )}
        </div>
      </section>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
