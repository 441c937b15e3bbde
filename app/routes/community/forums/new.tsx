import { useActionData } from "react-router";
import { NewDiscussionForm } from "#app/components/community/post-forms";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { discussionSchema } from "#app/features/community/forms";
import { listCategories } from "#app/features/community/forum-categories.server";
import { createDiscussion } from "#app/features/community/forums.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { redirectWithToast } from "#app/web/flash.server";
import { submitForm } from "#app/web/form-action.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/new";

// /forums/new is for signed-in members only; the guard runs on the server, in the loader
// and again in the action (a signed-out visitor goes to /auth and comes back here after).
export const handle = { i18n: ["community"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "create:forum-post:any");
  const { language, t } = await getRequestTranslator(request);
  const [site, categories] = await Promise.all([getSiteConfig(language), listCategories({ language })]);
  const { category: wanted } = readSearchParams(request, { category: searchParam.nullable() });
  return {
    head: {
      title: t("community:new.metaTitle", { siteName: site.siteName }),
      description: t("community:new.description"),
      noindex: true,
    },
    categories: categories.map((category) => ({ id: category.id, name: category.name, slug: category.slug })),
    defaultCategoryId: categories.find((category) => category.slug === wanted)?.id,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "create:forum-post:any");
  const { language } = await getRequestTranslator(request);
  return submitForm(await request.formData(), discussionSchema, async (value) => {
    const created = await createDiscussion({ actor: user, ...value });
    return redirectWithToast(
      request,
      localizePath(`/forums/post/${created.id}`, language),
      created.status === "pending" ? "forumPending" : "discussionPosted",
    );
  });
}

export default function NewDiscussionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("community");
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:py-12">
      <PageHeader
        title={t("new.title")}
        description={t("new.description")}
        back={{ to: "/community", label: t("nav.title") }}
      />
      <div className="rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-6">
        <NewDiscussionForm
          categories={loaderData.categories}
          defaultCategoryId={loaderData.defaultCategoryId}
          lastResult={actionData?.result}
        />
      </div>
      <p className="text-sm text-slate-600">
        {t("new.guidelinesBefore")}{" "}
        <LocalizedLink to="/guidelines" className="font-medium text-brand-800 underline">
          {t("new.guidelinesLink")}
        </LocalizedLink>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
