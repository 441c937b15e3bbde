import { lazy, Suspense } from "react";
import { useActionData } from "react-router";
import { House, ShieldCheck } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { propertySchema } from "#app/features/realestate/forms";
import { createProperty, listingAllowance } from "#app/features/realestate/properties.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { listAreas } from "#app/platform/site/site-config.server";
import { redirectWithToast } from "#app/web/flash.server";
import { readFormData, submitForm } from "#app/web/form-action.server";
import { getSessionUser, requireUser } from "#app/web/session.server";
import { unreadableFormReply } from "#app/web/unreadable-form.server";
import type { Route } from "./+types/new";

// Listing a property. Signed out: what it takes and a way to sign in. Signed in: the form, or,
// past the allowance (one without the agent plan), the way to the plan.
export const handle = { i18n: ["realestate"], cache: false } satisfies TranslationsHandle & { cache: RouteCachePolicy };

const PropertyForm = lazy(() =>
  import("#app/components/realestate/property-form").then((module) => ({ default: module.PropertyForm })),
);

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const user = await getSessionUser(request);
  const [areas, allowance] = await Promise.all([listAreas(language), user ? listingAllowance(user) : null]);
  return {
    head: { title: t("realestate:new.metaTitle"), description: t("realestate:new.intro"), noindex: true },
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
    allowance,
    defaults: { contactName: user?.name ?? "", contactEmail: user?.email ?? "" },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { language } = await getRequestTranslator(request);
  const formData = await readFormData(request);
  if (!formData) return unreadableFormReply("realestate:form.errors.intent");
  return submitForm(
    formData,
    propertySchema,
    async (value) => {
      const created = await createProperty({ actor: user, input: value });
      return redirectWithToast(
        request,
        localizePath(`/real-estate/${created.slug}`, language),
        created.status === "published" ? "propertyListed" : "propertyPending",
      );
    },
    { failure: {} },
  );
}

export default function NewPropertyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("realestate");
  const actionData = useActionData<typeof action>();
  const { allowance } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <PageHeader
        title={t("new.title")}
        description={t("new.intro")}
        back={{ to: "/real-estate", label: t("detail.back") }}
      />
      {!allowance ? (
        <section className="space-y-3 rounded-xl border border-slate-200 p-5" data-testid="sign-in-to-list">
          <House className="size-8 text-brand-700" aria-hidden="true" />
          <p>{t("new.signedOut")}</p>
          <LocalizedLink to="/auth?redirectTo=%2Freal-estate%2Fnew" className="btn-primary">
            {t("new.signIn")}
          </LocalizedLink>
        </section>
      ) : allowance.used >= allowance.limit ? (
        <section className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-5" data-testid="listing-limit">
          <p>
            {allowance.agent
              ? t("errors.agentLimit", { limit: allowance.limit })
              : t("errors.freeLimit", { limit: allowance.limit })}
          </p>
          <div className="flex flex-wrap gap-2">
            <LocalizedLink to="/dashboard/properties" className="btn-secondary">
              {t("new.myProperties")}
            </LocalizedLink>
            {!allowance.agent ? (
              <LocalizedLink to="/real-estate/upgrade" className="btn-primary">
                <ShieldCheck className="mr-1.5 size-4" aria-hidden="true" />
                {t("new.upgrade")}
              </LocalizedLink>
            ) : null}
          </div>
        </section>
      ) : (
        <>
          <p className="text-sm text-slate-600" data-testid="allowance">
            {t("new.allowance", { used: allowance.used, limit: allowance.limit })}
          </p>
          <Suspense>
            <PropertyForm
              areas={loaderData.areas}
              defaults={loaderData.defaults}
              lastResult={actionData && "result" in actionData ? actionData.result : null}
            />
          </Suspense>
        </>
      )}
    </div>
  );
}
