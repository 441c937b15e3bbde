import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData } from "react-router";
import { ScamWarning } from "#app/components/classifieds/ad-parts";
import { PostAdForm } from "#app/components/classifieds/post-form";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { Lock } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { postAd } from "#app/features/classifieds/classifieds.server";
import { classifiedLimits } from "#app/features/classifieds/constants";
import { postAdSchema } from "#app/features/classifieds/forms";
import { handleFormAction } from "#app/lib/errors.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteHandle } from "#app/lib/route-handle";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { listAreas } from "#app/platform/site/site-config.server";
import { redirectWithToast } from "#app/web/flash.server";
import { getSessionUser, requireUser } from "#app/web/session.server";
import type { Route } from "./+types/new";

// /classifieds/new: posting an ad, photos included (multipart: the larger upload body limit
// applies). A signed-out visitor reads what posting involves and is asked to sign in.
export const handle = { i18n: ["classifieds"], acceptsUploads: true } satisfies TranslationsHandle & RouteHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const [user, areas] = await Promise.all([getSessionUser(request), listAreas(language)]);
  return {
    head: { title: t("classifieds:new.metaTitle"), description: t("classifieds:new.intro") },
    signedIn: Boolean(user),
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { language } = await getRequestTranslator(request);
  const user = await requireUser(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: postAdSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["photos"] }) }, { status: 400 });
  return handleFormAction(
    submission,
    async () => {
      const { photos, rules: _rules, ...input } = submission.value;
      const files = await Promise.all(photos.map(async (file) => new Uint8Array(await file.arrayBuffer())));
      const ad = await postAd({ actor: user, input, photos: files });
      return redirectWithToast(
        request,
        localizePath(`/classifieds/${ad.slug}`, language),
        ad.status === "published" ? "adPosted" : "adPending",
      );
    },
    { failure: {}, hideFields: ["photos"] },
  );
}

export default function NewAdPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("classifieds");
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <PageHeader
        title={t("new.title")}
        description={t("new.intro")}
        back={{ to: "/classifieds", label: t("nav.title") }}
      />
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t("new.rules.lifetime", { days: classifiedLimits.lifetimeDays })}</li>
        <li>{t("new.rules.relay")}</li>
        <li>{t("new.rules.limit", { max: classifiedLimits.activeAdsPerUser })}</li>
        <li>{t("new.rules.duplicates")}</li>
      </ul>
      {loaderData.signedIn ? (
        <section className="rounded-2xl border border-slate-200 p-5" aria-label={t("new.title")}>
          <PostAdForm
            areas={loaderData.areas}
            lastResult={actionData && "result" in actionData ? actionData.result : null}
          />
        </section>
      ) : (
        <div className="space-y-3 rounded-2xl border border-slate-200 p-5" data-testid="post-sign-in">
          <p className="flex items-start gap-2 text-sm text-slate-700">
            <Lock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
            {t("new.signInWhy")}
          </p>
          <LocalizedLink to="/auth?redirectTo=%2Fclassifieds%2Fnew" className="btn-primary">
            {t("new.signIn")}
          </LocalizedLink>
        </div>
      )}
      <ScamWarning headingLevel={2} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
