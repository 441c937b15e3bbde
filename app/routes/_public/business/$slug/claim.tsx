import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import type { ComponentProps } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { FieldErrors, FormErrors, inputClass } from "#app/components/accounts/fields";
import { ErrorPanel } from "#app/components/layout/error-panel";
import type { FormField } from "#app/components/ui/form-field";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { getPublicBusiness, viewerRelation } from "#app/features/directory/business.server";
import { submitClaim } from "#app/features/directory/claims.server";
import { claimTypes, verificationMethods } from "#app/features/directory/constants";
import { claimSchema } from "#app/features/directory/forms";
import { orAppError } from "#app/lib/errors.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { redirectWithToast } from "#app/web/flash.server";
import { submitForm } from "#app/web/form-action.server";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/claim";

export const handle = { i18n: ["directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

async function loadBusiness(request: Request, slug: string) {
  const { language, t } = await getRequestTranslator(request);
  const site = await getSiteConfig(language);
  const business = await orAppError(language, () => getPublicBusiness({ slug, language, timeZone: site.timeZone }));
  return { language, t, business };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t, business } = await loadBusiness(request, params.slug);
  const relation = await viewerRelation({ businessId: business.id, userId: user.id });
  return {
    head: {
      title: t("directory:claim.metaTitle", { name: business.name }),
      description: t("directory:claim.intro"),
      noindex: true,
    },
    business: { name: business.name, slug: business.slug, hasOwner: business.hasOwner },
    relation,
    email: user.email,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { language, business } = await loadBusiness(request, params.slug);
  const formData = await request.formData();
  return submitForm(formData, claimSchema, async (value) => {
    await submitClaim({ businessId: business.id, actor: user, ...value });
    return redirectWithToast(request, `${localizePath("/dashboard/claims", language)}?submitted=1`, "claimSent");
  });
}

/** A claim form text field (a textarea when given rows): its label and hint above it, its errors under it. */
function ClaimField({
  field,
  label,
  hint,
  ...control
}: {
  field: ComponentProps<typeof FormField>["field"];
  label: string;
  hint?: string;
  rows?: number;
  maxLength: number;
  inputMode?: "numeric";
  autoComplete?: string;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {control.rows ? (
        <textarea {...getTextareaProps(field)} key={field.key} {...control} className={inputClass} />
      ) : (
        <input
          {...getInputProps(field, { type: "text", ariaDescribedBy: hintId })}
          key={field.key}
          {...control}
          className={inputClass}
        />
      )}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export default function ClaimBusiness({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { business, relation } = loaderData;
  const [form, fields] = useZodForm(claimSchema, {
    id: "claim-form",
    lastResult: actionData?.result,
    defaultValue: {
      claimType: business.hasOwner ? "information_correction" : "business_owner",
      verificationMethod: "email",
      contactDetails: loaderData.email,
    },
  });
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <p className="text-sm">
        <LocalizedLink to={`/business/${business.slug}`} className="text-brand-800 hover:underline">
          ← {business.name}
        </LocalizedLink>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("claim.title", { name: business.name })}</h1>
      <p className="mt-3 text-slate-700">{t("claim.intro")}</p>
      {relation.hasPendingClaim ? (
        <div role="status" className="mt-6 rounded-md border border-brand-100 bg-brand-50 p-4 text-brand-900">
          <p>{t("claim.alreadyPending")}</p>
          <LocalizedLink to="/dashboard/claims" className="mt-2 inline-block font-medium underline">
            {t("claim.seeStatus")}
          </LocalizedLink>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
          <FormErrors id={form.errorId} errors={form.errors} />
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">{t("claim.type")}</legend>
            <div className="mt-2 space-y-2">
              {claimTypes.map((type) => (
                <label
                  key={type}
                  className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={fields.claimType.name}
                    value={type}
                    defaultChecked={fields.claimType.initialValue === type}
                    className="mt-0.5 size-4"
                  />
                  <span>
                    <span className="block font-medium">{t(`claim.types.${type}`)}</span>
                    <span className="block text-sm text-slate-600">{t(`claim.typeHints.${type}`)}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldErrors id={fields.claimType.errorId} errors={fields.claimType.errors} />
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">{t("claim.method")}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {verificationMethods.map((method) => (
                <label
                  key={method}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={fields.verificationMethod.name}
                    value={method}
                    defaultChecked={fields.verificationMethod.initialValue === method}
                    className="size-4"
                  />
                  {t(`claim.methods.${method}`)}
                </label>
              ))}
            </div>
            <FieldErrors id={fields.verificationMethod.errorId} errors={fields.verificationMethod.errors} />
          </fieldset>
          <ClaimField
            field={fields.contactDetails}
            label={t("claim.contact")}
            hint={t("claim.contactHint")}
            maxLength={300}
          />
          <ClaimField
            field={fields.taxId}
            label={t("claim.taxId")}
            hint={t("claim.taxIdHint")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
          />
          <ClaimField field={fields.additionalInfo} label={t("claim.additional")} rows={5} maxLength={2000} />
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={navigation.state === "submitting"}>
            {t("claim.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
