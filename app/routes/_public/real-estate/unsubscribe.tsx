import { ErrorPanel } from "#app/components/layout/error-panel";
import { BellOff } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { unsubscribeByToken } from "#app/features/realestate/alerts.server";
import { orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import type { Route } from "./+types/unsubscribe";

// The link at the foot of every property alert: one click deletes that saved search, signed in or
// not (the link's signed token is the proof). A POST does the same for mail clients' one-click
// unsubscribe (RFC 8058).
export const handle = { i18n: ["realestate"], cache: false } satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

async function unsubscribe(request: Request) {
  const { language, t } = await getRequestTranslator(request);
  const link = readSearchParams(request, { s: searchParam.text(), t: searchParam.text() });
  await orAppError(language, () => unsubscribeByToken({ searchId: link.s, token: link.t }));
  return {
    head: { title: t("realestate:unsubscribe.title"), description: t("realestate:unsubscribe.done"), noindex: true },
  };
}

export const loader = ({ request }: Route.LoaderArgs) => unsubscribe(request);
export const action = ({ request }: Route.ActionArgs) => unsubscribe(request);

export default function UnsubscribePage() {
  const { t } = useTranslation("realestate");
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-12 text-center" data-testid="alert-unsubscribed">
      <BellOff className="mx-auto size-10 text-brand-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t("unsubscribe.title")}</h1>
      <p>{t("unsubscribe.done")}</p>
      <LocalizedLink to="/real-estate" className="btn-secondary">
        {t("unsubscribe.back")}
      </LocalizedLink>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
