import { data, useActionData } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { FormErrors } from "#app/components/ui/form-message";
import { ShoppingBag } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { AddLink, PageHeader } from "#app/components/ui/page-header";
import { PostButton } from "#app/components/ui/post-button";
import { StatusBadge, type StatusTone } from "#app/components/ui/status-badge";
import { type AdState, deleteAd, listMyAds, markAdSold, renewAd } from "#app/features/classifieds/classifieds.server";
import { adIdSchema } from "#app/features/classifieds/forms";
import { handleAction } from "#app/lib/errors.server";
import { formatDate, formatMoney } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/classifieds";

// Dashboard "my ads": every ad of mine but deleted ones, with its state and expiry, and renew,
// mark sold and delete. The domain checks each ad is the actor's.
export const handle = { i18n: ["classifieds"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = await getRequestTranslator(request);
  return {
    head: { title: t("classifieds:dashboard.metaTitle"), description: t("classifieds:dashboard.intro"), noindex: true },
    ads: await listMyAds({ actor: user }),
  };
}

const intents = ["renew", "sold", "delete"] as const;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const parsed = adIdSchema.safeParse({ adId: formData.get("adId") });
  if (!(intents as readonly string[]).includes(intent) || !parsed.success)
    return data({ error: "classifieds:errors.unknownAction" }, { status: 400 });
  const adId = parsed.data.adId;
  return handleAction(async () => {
    if (intent === "renew") {
      await renewAd({ actor: user, adId });
      return redirectBackWithToast(request, "adRenewed");
    }
    if (intent === "sold") {
      await markAdSold({ actor: user, adId });
      return redirectBackWithToast(request, "adSold");
    }
    await deleteAd({ actor: user, adId });
    return redirectBackWithToast(request, "adDeleted");
  });
}

const tones: Record<AdState, StatusTone> = {
  listed: "success",
  sold: "neutral",
  expired: "warning",
  pending: "warning",
  hidden: "danger",
};

export default function DashboardClassifieds({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("classifieds");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const date = (iso: string) => formatDate(new Date(iso), language, { dateStyle: "medium" });
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("dashboard.title")}
        description={t("dashboard.intro")}
        actions={<AddLink to="/classifieds/new" label={t("page.post")} />}
      />
      {actionData && "error" in actionData && actionData.error ? <FormErrors errors={[actionData.error]} /> : null}
      {loaderData.ads.length ? (
        <ul className="divide-y divide-slate-200 rounded-card border border-slate-200" data-testid="my-ads">
          {loaderData.ads.map((ad) => (
            <li key={ad.id} className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <LocalizedLink
                    to={`/classifieds/${ad.slug}`}
                    className="font-semibold break-words text-brand-800 hover:underline"
                  >
                    {ad.title}
                  </LocalizedLink>
                  <StatusBadge tone={tones[ad.state]} testId="my-ad-state">
                    {t(`state.${ad.state}`)}
                  </StatusBadge>
                </p>
                <p className="text-sm text-slate-600">
                  {ad.priceMinor !== null ? `${formatMoney(ad.priceMinor / 100, language, ad.currency)} · ` : ""}
                  {ad.state === "expired"
                    ? t("dashboard.expiredOn", { date: date(ad.expiresAt) })
                    : t("dashboard.expiresOn", { date: date(ad.expiresAt) })}
                  {" · "}
                  {t("dashboard.conversations", { count: ad.conversations })}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {ad.renewable ? (
                  <PostButton fields={{ intent: "renew", adId: ad.id }}>{t("dashboard.renew")}</PostButton>
                ) : null}
                {ad.state === "listed" ? (
                  <PostButton fields={{ intent: "sold", adId: ad.id }}>{t("dashboard.markSold")}</PostButton>
                ) : null}
                <ConfirmDialog
                  trigger={t("dashboard.delete")}
                  title={t("dashboard.deleteTitle")}
                  message={t("dashboard.deleteMessage", { title: ad.title })}
                  confirm={t("dashboard.deleteConfirm")}
                  fields={{ intent: "delete", adId: ad.id }}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-card border border-dashed border-slate-300 p-8 text-center" data-testid="my-ads-empty">
          <ShoppingBag className="mx-auto size-8 text-slate-400" aria-hidden="true" />
          <p className="mt-2 font-semibold">{t("dashboard.emptyTitle")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("dashboard.emptyText")}</p>
        </div>
      )}
    </div>
  );
}
