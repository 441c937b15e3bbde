import { isRouteErrorResponse, useRouteError } from "react-router";
import { BeachSummaryCard } from "#app/components/beach/beach-summary";
import { DiscussionList } from "#app/components/community/discussion-list";
import { NextEvents } from "#app/components/events/next-events";
import { GroupCard } from "#app/components/groups/group-card";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { MessageCircle, Plus, Users } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageSection } from "#app/components/ui/page-header";
import { getBeachSummary } from "#app/features/beach/summary.server";
import { forumFront } from "#app/features/community/forum-categories.server";
import { nextEventsBlock } from "#app/features/events/reads.server";
import { frontGroups } from "#app/features/groups/groups.server";
import { formatNumber } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { getSessionUser } from "#app/web/session.server";
import type { Route } from "./+types/community";

// The community page. The forum categories with their latest thread and counts, the
// local groups (verified and biggest first), the latest discussions, what is coming up at the beach today, and "Join Community". Anonymous copies
// are cached (the beach line shows "now": at most a minute old); the call to action is the only
// part that depends on being signed in, and signed-in pages are never cached.
export const handle = {
  i18n: ["community", "groups", "beach:summary", "events:blocks", "events:card"],
  cache: { kinds: ["site", "forums", "groups", "beach", "events"], maxAgeSeconds: 60 },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const [site, user, { categories, latest, latestEach }, groups] = await Promise.all([
    getSiteConfig(language),
    getSessionUser(request),
    forumFront({ language, latestLimit: 6 }),
    frontGroups({ language, limit: 4 }),
  ]);
  const nextEvents = await nextEventsBlock({ language, limit: 3 });
  // The beach line is extra: the community page opens even when the tides cannot be computed.
  const beachSummary = await getBeachSummary({ language, t }).catch((error: unknown) => {
    logger.error({ err: error }, "beach summary failed on the community page");
    return null;
  });
  return {
    head: {
      title: t("community:page.metaTitle", { siteName: site.siteName }),
      description: t("community:page.metaDescription", { region: site.regionName }),
    },
    signedIn: Boolean(user),
    categories: categories.map((category) => ({ ...category, latest: latestEach.get(category.id) ?? null })),
    latest,
    groups,
    beachSummary,
    nextEvents,
  };
}

function JoinCallToAction({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation("community");
  const language = useLanguage();
  return (
    <section
      aria-labelledby="join-title"
      className="rounded-panel border border-brand-100 bg-brand-50 p-5 shadow-card sm:p-6"
      data-testid="join-community"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="join-title" className="text-lg font-bold text-brand-900">
            {signedIn ? t("page.startTitle") : t("page.joinTitle")}
          </h2>
          <p className="mt-1 text-slate-700">{signedIn ? t("page.startBody") : t("page.joinBody")}</p>
        </div>
        {signedIn ? (
          <LocalizedLink to="/forums/new" className="btn-primary shrink-0">
            <Plus className="size-4" aria-hidden="true" />
            {t("page.startDiscussion")}
          </LocalizedLink>
        ) : (
          <LocalizedLink
            to={`/auth?mode=signup&redirectTo=${encodeURIComponent(localizePath("/community", language))}`}
            className="btn-primary shrink-0"
          >
            <Users className="size-4" aria-hidden="true" />
            {t("common:nav.joinCommunity")}
          </LocalizedLink>
        )}
      </div>
    </section>
  );
}

export default function CommunityPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("community");
  const language = useLanguage();
  const { categories, latest, groups, beachSummary, signedIn } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-8 sm:py-12">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t("page.eyebrow")}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{t("page.title")}</h1>
        <p className="mt-3 text-lg text-slate-700">{t("page.intro")}</p>
      </header>

      <JoinCallToAction signedIn={signedIn} />

      <PageSection id="categories-title" title={t("page.categoriesTitle")}>
        {categories.length ? (
          <ul className="grid gap-4 sm:grid-cols-2" data-testid="forum-categories">
            {categories.map((category) => (
              <li
                key={category.id}
                className="flex flex-col rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-5"
              >
                <h3 className="text-lg font-semibold">
                  <LocalizedLink to={`/forums/category/${category.slug}`} className="hover:underline">
                    {category.name}
                  </LocalizedLink>
                </h3>
                <p className="mt-1 text-sm text-slate-700">{category.description}</p>
                <p className="mt-2 text-xs text-slate-600">
                  {t("category.discussionCount", {
                    count: category.discussionCount,
                    formatted: formatNumber(category.discussionCount, language),
                  })}{" "}
                  ·{" "}
                  {t("post.replies", {
                    count: category.replyCount,
                    formatted: formatNumber(category.replyCount, language),
                  })}
                </p>
                {category.latest ? (
                  <p className="mt-3 border-t border-slate-100 pt-3 text-sm">
                    <span className="text-slate-600">{t("category.latest")} </span>
                    <LocalizedLink
                      to={`/forums/post/${category.latest.id}`}
                      className="font-medium text-brand-800 underline-offset-2 hover:underline"
                      lang={category.latest.language}
                    >
                      {category.latest.title}
                    </LocalizedLink>
                  </p>
                ) : (
                  <p className="mt-3 border-t border-slate-100 pt-3 text-sm text-slate-600">
                    {t("category.emptyShort")}
                  </p>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t("page.noCategories")}</p>
        )}
      </PageSection>

      <PageSection id="groups-title" title={t("page.groupsTitle")}>
        <p className="-mt-2 mb-4 max-w-3xl text-slate-700">{t("page.groupsIntro")}</p>
        {groups.length ? (
          <ul className="grid gap-4 sm:grid-cols-2" data-testid="community-groups">
            {groups.map((group) => (
              <li key={group.id} className="flex">
                <GroupCard group={group} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t("page.noGroups")}</p>
        )}
        <LocalizedLink
          to="/groups"
          className="mt-4 inline-flex min-h-10 items-center font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          {groups.length ? t("page.allGroups") : t("page.suggestGroup")}
        </LocalizedLink>
      </PageSection>

      <PageSection id="upcoming-title" title={t("page.upcomingTitle")}>
        {beachSummary ? (
          <BeachSummaryCard summary={beachSummary} />
        ) : (
          <p className="text-slate-600">{t("page.noUpcoming")}</p>
        )}
      </PageSection>

      <NextEvents occurrences={loaderData.nextEvents} id="community-events-title" />

      <PageSection id="latest-title" title={t("page.latestTitle")}>
        {latest.length ? (
          <DiscussionList items={latest} />
        ) : (
          <div className="rounded-card border border-dashed border-slate-300 p-6 text-center text-slate-600">
            <MessageCircle className="mx-auto size-8 text-slate-400" aria-hidden="true" />
            <p className="mt-2">{t("page.noDiscussions")}</p>
          </div>
        )}
      </PageSection>
    </div>
  );
}

/** A failed load of the community page says so in its own words. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("community");
  const routeError = useRouteError();
  if (isRouteErrorResponse(routeError) && routeError.status === 404) return <ErrorPanel error={error} />;
  return (
    <section role="alert" className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-3xl font-bold">
        {t("page.loadErrorTitle")}
      </h1>
      <p className="mt-4 text-slate-600">{t("page.loadErrorBody")}</p>
      <LocalizedLink to="/community" className="btn-primary mt-8 inline-flex">
        {t("page.tryAgain")}
      </LocalizedLink>
    </section>
  );
}
