import { data, Form, useActionData } from "react-router";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { FormErrors } from "#app/components/ui/form-message";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { confirmEmailSubscription, readSubscriptionLink } from "#app/features/alerts/subscriptions.server";
import { handleAction, orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import type { Route } from "./+types/confirm";

// /alerts/confirm?token=…: the link in the one email an address gets when someone subscribes it.
// Opening it shows the address; only the button confirms it (mail scanners open links).
export const handle = { i18n: ["alerts"], cache: false } satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const { token } = readSearchParams(request, { token: searchParam.text({ max: 100 }) });
  const link = await orAppError(language, () => readSubscriptionLink({ token }));
  return {
    head: {
      title: t("alerts:subscriptions.confirm.title"),
      description: t("alerts:subscriptions.form.intro"),
      noindex: true,
    },
    email: link.email ?? "",
    confirmed: link.confirmed,
    token,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData().catch(() => null);
  const token = String(formData?.get("token") ?? "").slice(0, 100);
  return handleAction(
    async () => {
      await confirmEmailSubscription({ token });
      return data({ error: null, done: true });
    },
    { failure: { done: false } },
  );
}

export default function ConfirmAlertsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const actionData = useActionData<typeof action>();
  const done = loaderData.confirmed || actionData?.done;
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-8 sm:py-12" data-testid="alerts-confirm">
      <h1 className="text-3xl font-bold tracking-tight">
        {done ? t("subscriptions.confirm.doneTitle") : t("subscriptions.confirm.title")}
      </h1>
      {actionData && "error" in actionData && actionData.error ? <FormErrors errors={[actionData.error]} /> : null}
      {done ? (
        <>
          <p role="status" data-testid="alerts-confirmed">
            {t("subscriptions.confirm.done", { email: loaderData.email })}
          </p>
          <LocalizedLink to="/alerts" className="btn-secondary">
            {t("subscriptions.confirm.back")}
          </LocalizedLink>
        </>
      ) : (
        <>
          <p className="text-slate-700">{t("subscriptions.confirm.intro", { email: loaderData.email })}</p>
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="btn-primary">
              {t("subscriptions.confirm.button")}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
