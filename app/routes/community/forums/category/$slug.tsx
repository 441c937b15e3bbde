import { DiscussionList } from "#app/components/community/discussion-list";
import { Pagination } from "#app/components/directory/pagination";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { MessageCircle } from "#app/components/ui/icons";
import { Breadcrumbs } from "#app/components/ui/localized-link";
import { AddLink } from "#app/components/ui/page-header";
import { getCategory } from "#app/features/community/forum-categories.server";
import { listCategoryDiscussions, listMyPendingDiscussions } from "#app/features/community/forums.server";
import { orAppError } from "#app/lib/errors.server";
import { formatNumber } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { getSessionUser } from "#app/web/session.server";
import type { Route } from "./+types/$slug";

export const handle = {
  i18n: ["community", "directory:pagination"],
  cache: { kinds: ["site", "forums"] },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const category = await orAppError(language, () => getCategory({ slug: params.slug, language }));
  const { page } = readSearchParams(request, { page: searchParam.int((page) => page || 1) });
  const [site, user, list] = await Promise.all([
    getSiteConfig(language),
    getSessionUser(request),
    listCategoryDiscussions({ categoryId: category.id, language, page }),
  ]);
  // Only signed-in pages, which are never cached, show the viewer's own threads waiting for review.
  const mine = user ? await listMyPendingDiscussions({ categoryId: category.id, actor: user, language }) : [];
  return {
    head: {
      title: t("community:category.metaTitle", { name: category.name, siteName: site.siteName }),
      description: category.description || t("community:category.metaDescription", { name: category.name }),
    },
    category,
    list,
    pending: mine,
    signedIn: Boolean(user),
  };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("community");
  const language = useLanguage();
  const { category, list, pending, signedIn } = loaderData;
  const newHref = `/forums/new?category=${category.slug}`;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:py-12">
      <Breadcrumbs
        label={t("post.breadcrumb")}
        items={[{ to: "/community", label: t("nav.title") }, { label: category.name }]}
      />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight break-words">{category.name}</h1>
          {category.description ? <p className="mt-2 text-slate-700">{category.description}</p> : null}
          <p className="mt-2 text-sm text-slate-600">
            {t("category.discussionCount", { count: list.total, formatted: formatNumber(list.total, language) })}
          </p>
        </div>
        <AddLink
          to={signedIn ? newHref : `/auth?redirectTo=${encodeURIComponent(localizePath(newHref, language))}`}
          label={t("page.startDiscussion")}
          className="shrink-0"
        />
      </header>
      {pending.length ? (
        <section aria-labelledby="pending-title" className="space-y-2">
          <h2 id="pending-title" className="text-lg font-semibold">
            {t("category.yourPending")}
          </h2>
          <DiscussionList items={pending} showCategory={false} />
        </section>
      ) : null}
      {list.items.length ? (
        <>
          <h2 className="sr-only">{t("category.discussionsTitle")}</h2>
          <DiscussionList items={list.items} showCategory={false} />
        </>
      ) : (
        <div className="rounded-card border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <MessageCircle className="mx-auto size-8 text-slate-400" aria-hidden="true" />
          <p className="mt-2">{t("category.empty")}</p>
        </div>
      )}
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) =>
          localizePath(`/forums/category/${category.slug}${page > 1 ? `?page=${page}` : ""}`, language)
        }
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
