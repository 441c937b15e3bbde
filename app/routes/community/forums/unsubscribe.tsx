import { Form, useLoaderData, useNavigation } from "react-router";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { BellOff } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { setFollowingByToken } from "#app/features/community/notifications.server";
import { orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import type { Route } from "./+types/unsubscribe";

// The link at the foot of every reply notification: one click stops that discussion's emails,
// signed in or not (the link's signed token is the proof). The page offers to undo it. A POST to
// the same URL does the same for mail clients' one-click unsubscribe (RFC 8058).
export const handle = { i18n: ["community"], cache: false } satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

function linkOf(request: Request) {
  const { d, u, t } = readSearchParams(request, {
    d: searchParam.text(),
    u: searchParam.text(),
    t: searchParam.text(),
  });
  return { discussionId: d, userId: u, token: t };
}

// Opening the link stops the emails; the page's button posts to follow again (or stop again).
async function setFollowing(request: Request, follow: boolean) {
  const { language, t } = await getRequestTranslator(request);
  const site = await getSiteConfig(language);
  const discussion = await orAppError(language, () => setFollowingByToken({ ...linkOf(request), follow }));
  return {
    head: {
      title: t("community:unsubscribe.metaTitle", { siteName: site.siteName }),
      description: t("community:unsubscribe.done"),
      noindex: true,
    },
    discussion,
    following: follow,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  return setFollowing(request, false);
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  return setFollowing(request, form.get("intent") === "follow");
}

export default function UnsubscribePage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("community");
  const loaderData = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const state = actionData ?? loaderData;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="unsubscribe-title">
      <BellOff className="mx-auto size-10 text-brand-700" aria-hidden="true" />
      <h1 id="unsubscribe-title" className="mt-4 text-2xl font-bold" data-testid="unsubscribe-title">
        {state.following ? t("unsubscribe.followingAgain") : t("unsubscribe.title")}
      </h1>
      <p className="mt-3 text-slate-700">
        {state.following
          ? t("unsubscribe.followingAgainBody", { title: state.discussion.title })
          : t("unsubscribe.body", { title: state.discussion.title })}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value={state.following ? "unfollow" : "follow"} />
          <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
            {state.following ? t("unsubscribe.stopAgain") : t("unsubscribe.undo")}
          </button>
        </Form>
        <LocalizedLink to={`/forums/post/${state.discussion.id}`} className="btn-primary">
          {t("unsubscribe.open")}
        </LocalizedLink>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
