import { getFormProps } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "react-router";
import { FormErrors } from "#app/components/accounts/fields";
import { BusinessTabs } from "#app/components/directory/business-tabs";
import { type EditActionData, MenuManager, resultFor } from "#app/components/directory/edit-forms";
import { AboutFields, BasicsFields, ContactFields, SeoFields } from "#app/components/directory/form-fields";
import { OfferingsFields } from "#app/components/directory/offerings";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { businessDetailsSchema, detailsDefaultValues } from "#app/features/directory/forms";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { listAreas } from "#app/platform/site/site-config.server";
import type { Route } from "./+types/$businessId";
import { editBusinessAction, loadEditableBusiness } from "./load-editable.server";

export const handle = { i18n: ["directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t, editable, business } = await loadEditableBusiness(request, params.businessId);
  const areas = (await listAreas(language)).map((area) => ({ slug: area.slug, name: area.name }));
  return {
    head: {
      title: t("directory:dashboard.edit.metaTitle", { name: editable.business.name }),
      description: t("directory:dashboard.edit.intro"),
      noindex: true,
    },
    business: { ...business, category: editable.business.category },
    defaults: detailsDefaultValues(editable.business),
    menu: editable.menu.map((item) => ({
      id: item.id,
      nameEn: item.nameEn,
      nameEs: item.nameEs,
      descriptionEn: item.descriptionEn,
      descriptionEs: item.descriptionEs,
      priceMinor: item.priceMinor,
      currency: item.currency,
      available: item.available,
    })),
    areas,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  return editBusinessAction(request, params.businessId, ["details", "menu-save", "menu-delete"]);
}

export default function EditBusiness({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const actionData = useActionData<typeof action>() as EditActionData;
  const navigation = useNavigation();
  const answer = resultFor(actionData, "details");
  const [form, fields] = useZodForm(businessDetailsSchema, {
    id: "details-form",
    lastResult: answer?.result,
    defaultValue: loaderData.defaults,
  });
  const { business } = loaderData;
  return (
    <div>
      <BusinessTabs id={business.id} slug={business.slug} name={business.name} status={business.status} />
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-8">
        <input type="hidden" name="intent" value="details" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="space-y-4">
          <legend className="text-xl font-semibold">{t("list.steps.basics")}</legend>
          <BasicsFields fields={fields as never} areas={loaderData.areas} slugPrefix="/business/" />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-xl font-semibold">{t("list.steps.about")}</legend>
          <AboutFields fields={fields as never} />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-xl font-semibold">{t("list.steps.contact")}</legend>
          <ContactFields fields={fields as never} />
        </fieldset>
        <fieldset className="space-y-4" data-testid="offerings-fields">
          <legend className="text-xl font-semibold">{t("offerings.form.legend")}</legend>
          <OfferingsFields fields={fields as never} />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-xl font-semibold">{t("dashboard.edit.seo")}</legend>
          <p className="text-sm text-slate-700">{t("dashboard.edit.seoHint")}</p>
          <SeoFields fields={fields as never} />
        </fieldset>
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          {t("form.saveChanges")}
        </button>
      </Form>
      <MenuManager items={loaderData.menu} actionData={actionData} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
