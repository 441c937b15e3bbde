import { ErrorPanel } from "#app/components/layout/error-panel";
import { BellOff } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { unsubscribeByToken } from "#app/features/alerts/subscriptions.server";
import { orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import type { Route } from "./+types/unsubscribe";

// The link at the foot of every alert email: one click stops that subscription, signed in or not
// (the link's token is the proof). A POST does the same for mail clients' one-click unsubscribe
// (RFC 8058) and for a device turning its notifications off.
export const handle = { i18n: ["alerts"], cache: false } satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

async function unsubscribe(request: Request) {
  const { language, t } = await getRequestTranslator(request);
  const { token } = readSearchParams(request, { token: searchParam.text({ max: 100 }) });
  await orAppError(language, () => unsubscribeByToken({ token }));
  return {
    head: {
      title: t("alerts:subscriptions.unsubscribe.title"),
      description: t("alerts:subscriptions.unsubscribe.done"),
      noindex: true,
    },
  };
}

export const loader = ({ request }: Route.LoaderArgs) => unsubscribe(request);
export const action = ({ request }: Route.ActionArgs) => unsubscribe(request);

export default function AlertsUnsubscribePage() {
  const { t } = useTranslation("alerts");
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-12 text-center" data-testid="alerts-unsubscribed">
      <BellOff className="mx-auto size-10 text-brand-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t("subscriptions.unsubscribe.title")}</h1>
      <p>{t("subscriptions.unsubscribe.done")}</p>
      <LocalizedLink to="/alerts" className="btn-secondary">
        {t("subscriptions.unsubscribe.back")}
      </LocalizedLink>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
