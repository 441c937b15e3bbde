import { data, useActionData } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { FormErrors } from "#app/components/ui/form-message";
import { Bell } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { EmptyList, PageHeader } from "#app/components/ui/page-header";
import { StatusBadge } from "#app/components/ui/status-badge";
import { listMyAlertSubscriptions, removeMyAlertSubscription } from "#app/features/alerts/subscriptions.server";
import { handleAction } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { listAreas } from "#app/platform/site/site-config.server";
import { redirectBackWithToast } from "#app/web/flash.server";
import { readFormData } from "#app/web/form-action.server";
import { actOnIntent } from "#app/web/intents";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/alerts";

// Dashboard "Alerts": the subscriptions the signed-in person made (email and devices), what each
// covers, and a way to remove each. Someone else's subscription is "not found" to the action.
export const handle = { i18n: ["alerts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const [subscriptions, areas] = await Promise.all([listMyAlertSubscriptions({ actor: user }), listAreas(language)]);
  const areaName = new Map(areas.map((area) => [area.slug, area.name]));
  return {
    head: {
      title: t("alerts:subscriptions.dashboard.title"),
      description: t("alerts:subscriptions.dashboard.intro"),
      noindex: true,
    },
    subscriptions: subscriptions.map((subscription) => ({
      ...subscription,
      areaNames: subscription.areas.map((slug) => areaName.get(slug) ?? slug),
      kindNames: subscription.kinds.map((kind) => t(`alerts:kinds.${kind}`)),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  if (!formData) return data({ error: "alerts:subscriptions.errors.notFound" }, { status: 400 });
  return actOnIntent(
    formData,
    {
      remove: () =>
        handleAction(async () => {
          await removeMyAlertSubscription({
            actor: user,
            subscriptionId: String(formData.get("subscriptionId") ?? ""),
          });
          return redirectBackWithToast(request, "alertSubscriptionRemoved");
        }),
    },
    () => data({ error: "alerts:subscriptions.errors.notFound" }, { status: 400 }),
  );
}

export default function DashboardAlerts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const actionData = useActionData<typeof action>();
  const { subscriptions } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("subscriptions.dashboard.title")}
        description={t("subscriptions.dashboard.intro")}
        actions={
          // With nothing yet, the empty state below holds the one button.
          subscriptions.length ? (
            <LocalizedLink to="/alerts/subscribe" className="btn-primary">
              {t("subscriptions.dashboard.subscribe")}
            </LocalizedLink>
          ) : undefined
        }
      />
      {actionData && "error" in actionData && actionData.error ? <FormErrors errors={[actionData.error]} /> : null}
      {subscriptions.length ? (
        <ul className="space-y-3" data-testid="alert-subscriptions">
          {subscriptions.map((subscription) => (
            <li
              key={subscription.id}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-4 text-sm"
            >
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-medium break-words">
                  {t(`subscriptions.dashboard.${subscription.channel}`, { label: subscription.label })}
                </p>
                <p className="text-slate-700">
                  {subscription.areaNames.length
                    ? subscription.areaNames.join(", ")
                    : t("subscriptions.dashboard.allAreas")}{" "}
                  ·{" "}
                  {subscription.kindNames.length
                    ? subscription.kindNames.join(", ")
                    : t("subscriptions.dashboard.allKinds")}
                </p>
              </div>
              <StatusBadge tone={subscription.confirmed ? "success" : "warning"}>
                {subscription.confirmed ? t("subscriptions.dashboard.confirmed") : t("subscriptions.dashboard.pending")}
              </StatusBadge>
              <ConfirmDialog
                trigger={t("subscriptions.dashboard.remove")}
                title={t("subscriptions.dashboard.removeConfirm")}
                confirm={t("subscriptions.dashboard.remove")}
                fields={{ intent: "remove", subscriptionId: subscription.id }}
                testId="remove-alert-subscription"
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyList
          testId="alert-subscriptions-empty"
          icon={Bell}
          title={t("subscriptions.dashboard.empty")}
          text={t("subscriptions.dashboard.emptyText")}
        >
          <LocalizedLink to="/alerts/subscribe" className="btn-primary">
            {t("subscriptions.dashboard.subscribe")}
          </LocalizedLink>
        </EmptyList>
      )}
    </div>
  );
}
