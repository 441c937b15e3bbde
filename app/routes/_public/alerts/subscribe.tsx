import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useActionData, useSearchParams } from "react-router";
import { Notice } from "#app/components/accounts/fields";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { SubscribeForm } from "#app/components/alerts/subscribe-form";
import { PageHeader } from "#app/components/ui/page-header";
import { alertKinds } from "#app/features/alerts/constants";
import { webPushSettings } from "#app/features/alerts/push.server";
import { emailSubscriptionSchema, pushSubscriptionSchema } from "#app/features/alerts/subscription-forms";
import { subscribeByEmail, subscribeByPush } from "#app/features/alerts/subscriptions.server";
import { clientInfo } from "#app/lib/client-info.server";
import { handleAction, handleFormAction } from "#app/lib/errors.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { listAreas } from "#app/platform/site/site-config.server";
import { readFormData } from "#app/web/form-action.server";
import { actOnIntent } from "#app/web/intents";
import { getSessionUser } from "#app/web/session.server";
import type { Route } from "./+types/subscribe";

// Subscribing to alerts: the form (areas and kinds; by email, or on this device by Web Push) and
// its two actions. Email posts as a plain form and lands back here saying what happens next; the
// page's script posts a browser's push subscription and keeps the token it gets to stop it later.
export const handle = { i18n: ["alerts"], cache: false } satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const user = await getSessionUser(request);
  const { sent } = readSearchParams(request, { sent: searchParam.oneOf(["email", "confirmed"] as const) });
  const areas = await listAreas(language);
  return {
    head: {
      title: t("alerts:subscriptions.form.title"),
      description: t("alerts:subscriptions.form.intro"),
      noindex: true,
    },
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
    kinds: alertKinds.map((kind) => ({ value: kind, label: t(`alerts:kinds.${kind}`) })),
    pushKey: webPushSettings()?.publicKey ?? null,
    defaultEmail: user?.email ?? "",
    sent: sent ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { language } = await getRequestTranslator(request);
  const formData = await readFormData(request);
  if (!formData) return data({ error: "alerts:subscriptions.errors.choice" }, { status: 400 });
  const user = await getSessionUser(request);
  const ip = clientInfo(request, context).ip;
  return actOnIntent(
    formData,
    {
      email: async () => {
        const submission = parseWithZod(formData, { schema: emailSubscriptionSchema });
        if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
        return handleFormAction(submission, async () => {
          const { confirmed } = await subscribeByEmail({ actor: user, input: submission.value, language, ip });
          // Post/redirect/get: a reload does not subscribe (or email) twice.
          return redirect(localizePath(`/alerts/subscribe?sent=${confirmed ? "confirmed" : "email"}`, language));
        });
      },
      push: async () => {
        const parsed = pushSubscriptionSchema.safeParse({
          intent: "push",
          endpoint: formData.get("endpoint") ?? undefined,
          p256dh: formData.get("p256dh") ?? undefined,
          auth: formData.get("auth") ?? undefined,
          areas: formData.getAll("areas"),
          kinds: formData.getAll("kinds"),
        });
        if (!parsed.success)
          return data(
            { error: parsed.error.issues[0]?.message ?? "alerts:subscriptions.errors.pushKeys" },
            { status: 400 },
          );
        return handleAction(async () => ({
          push: await subscribeByPush({ actor: user, input: parsed.data, language, ip }),
        }));
      },
    },
    () => data({ error: "alerts:subscriptions.errors.choice" }, { status: 400 }),
  );
}

export default function SubscribePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const sent = loaderData.sent ?? params.get("sent");
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <PageHeader title={t("subscriptions.form.title")} />
      {sent === "email" ? (
        <Notice>
          <strong>{t("subscriptions.form.sentTitle")}</strong> {t("subscriptions.form.sent")}
        </Notice>
      ) : null}
      {sent === "confirmed" ? (
        <Notice>
          <strong>{t("subscriptions.form.confirmedTitle")}</strong>{" "}
          {t("subscriptions.form.confirmed", { email: loaderData.defaultEmail })}
        </Notice>
      ) : null}
      <SubscribeForm
        areas={loaderData.areas}
        kinds={loaderData.kinds}
        pushKey={loaderData.pushKey}
        defaultEmail={loaderData.defaultEmail}
        lastResult={actionData && "result" in actionData ? actionData.result : null}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
