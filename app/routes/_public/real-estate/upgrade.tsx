import { data, Form, redirect, useActionData } from "react-router";
import { FieldFrame, inputClass } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { BadgeCheck, Check, House, Star, Users } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { getAgentPlan, requestAgentPlan } from "#app/features/realestate/agents.server";
import { hasAgentPlan, listingAllowance } from "#app/features/realestate/properties.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDay, showPrice } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { redirectWithToast } from "#app/web/flash.server";
import { getSessionUser, signInPath } from "#app/web/session.server";
import type { Route } from "./+types/upgrade";

// /real-estate/upgrade: the agent plan, its price (the plan row, in dollars; colones in Spanish
// with the dated rate) and what it gives. Until billing lands, a signed-in person asks for it and
// an admin grants it; signed out, the page asks them to sign in first.
export const handle = { i18n: ["realestate"], cache: { kinds: ["site"] } } satisfies TranslationsHandle & {
  cache: RouteCachePolicy;
};

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const featureIcons = {
  moreListings: House,
  featuredPlacement: Star,
  verifiedAgentBadge: BadgeCheck,
  leadsDashboard: Users,
};

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const [user, plan, site] = await Promise.all([getSessionUser(request), getAgentPlan(), getSiteConfig(language)]);
  return {
    head: { title: t("realestate:upgrade.metaTitle"), description: t("realestate:upgrade.intro") },
    plan,
    rate: site.exchangeRate,
    viewer: user
      ? { signedIn: true, agent: hasAgentPlan(user), allowance: await listingAllowance(user) }
      : { signedIn: false, agent: false, allowance: null },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { language } = await getRequestTranslator(request);
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInPath(request));
  let message = "";
  try {
    const form = await request.formData();
    message = String(form.get("message") ?? "").trim();
  } catch {
    return data({ error: "realestate:form.errors.intent" }, { status: 400 });
  }
  if (message.length > 1000) return data({ error: "realestate:form.errors.tooLong" }, { status: 400 });
  return handleAction(
    async () => {
      await requestAgentPlan({ actor: user, message, language });
      return redirectWithToast(request, localizePath("/real-estate/upgrade", language), "agentRequested");
    },
    { failure: {} },
  );
}

export default function UpgradePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("realestate");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const { plan, viewer, rate } = loaderData;
  const price =
    plan.monthlyPriceUsd !== null
      ? showPrice({ amountMinor: Math.round(plan.monthlyPriceUsd * 100), currency: "USD", language, rate })
      : null;
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8">
      <PageHeader
        title={t("upgrade.title")}
        description={t("upgrade.intro")}
        back={{ to: "/real-estate", label: t("detail.back") }}
      />
      <section
        aria-labelledby="plan-title"
        className="grid gap-6 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:grid-cols-[1fr_16rem] sm:p-6"
      >
        <div className="space-y-4">
          <h2 id="plan-title" className="text-xl font-semibold">
            {t("upgrade.planName")}
          </h2>
          <ul className="space-y-3" data-testid="plan-features">
            {plan.features.map((feature) => {
              const FeatureIcon = featureIcons[feature as keyof typeof featureIcons] ?? Check;
              return (
                <li key={feature} className="flex gap-3">
                  <FeatureIcon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <span>
                    <span className="font-medium">
                      {t(`upgrade.features.${feature}.title`, {
                        limit: plan.listingLimit,
                        free: plan.freeListingLimit,
                      })}
                    </span>
                    <span className="block text-sm text-slate-700">
                      {t(`upgrade.features.${feature}.text`, { limit: plan.listingLimit, free: plan.freeListingLimit })}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="space-y-2 self-start rounded-xl bg-white p-4 text-center shadow-sm" data-testid="plan-price">
          {price ? (
            <>
              <p className="text-3xl font-bold">{price.text}</p>
              <p className="text-sm text-slate-600">{t("upgrade.perMonth")}</p>
              {price.original ? (
                <p className="text-xs text-slate-600">
                  {t("price.converted", {
                    original: price.original.text,
                    date: formatDay(price.original.rateOn, language),
                  })}
                </p>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-slate-700">{t("upgrade.priceOnRequest")}</p>
          )}
          <p className="text-xs text-slate-600">{t("upgrade.freeNote", { count: plan.freeListingLimit })}</p>
        </div>
      </section>

      <section
        aria-labelledby="get-plan-title"
        className="space-y-3 rounded-xl border border-slate-200 p-5"
        data-testid="get-plan"
      >
        <h2 id="get-plan-title" className="text-lg font-semibold">
          {t("upgrade.howTitle")}
        </h2>
        {!viewer.signedIn ? (
          <>
            <p className="text-sm text-slate-700">{t("upgrade.signedOut")}</p>
            <LocalizedLink to="/auth?redirectTo=%2Freal-estate%2Fupgrade" className="btn-primary">
              {t("upgrade.signIn")}
            </LocalizedLink>
          </>
        ) : viewer.agent ? (
          <>
            <p className="flex items-center gap-2 text-sm text-green-900" data-testid="already-agent">
              <BadgeCheck className="size-5" aria-hidden="true" />
              {t("upgrade.youAreAgent", { used: viewer.allowance?.used ?? 0, limit: viewer.allowance?.limit ?? 0 })}
            </p>
            <div className="flex flex-wrap gap-2">
              <LocalizedLink to="/dashboard/leads" className="btn-primary">
                {t("upgrade.openLeads")}
              </LocalizedLink>
              <LocalizedLink to="/real-estate/new" className="btn-secondary">
                {t("page.listProperty")}
              </LocalizedLink>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700">{t("upgrade.howText")}</p>
            <Form method="post" className="space-y-3" data-testid="request-plan-form">
              <FormErrors errors={actionData && "error" in actionData ? [actionData.error as string] : null} />
              <FieldFrame id="plan-message" label={t("upgrade.message")} optional hint={t("upgrade.messageHint")}>
                <textarea id="plan-message" name="message" rows={3} maxLength={1000} className={inputClass} />
              </FieldFrame>
              <button type="submit" className="btn-primary">
                {t("upgrade.request")}
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
