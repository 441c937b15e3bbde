import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FieldFrame, FormField } from "#app/components/ui/form-field";
import { FieldErrors, FormErrors } from "#app/components/ui/form-message";
import { useZodForm } from "#app/components/ui/use-zod-form";
import {
  contactMethods,
  listingTypes,
  maritimeZone,
  propertyFeatures,
  propertyTypes,
  realEstateLimits,
  titleTypes,
} from "#app/features/realestate/constants";
import { propertySchema } from "#app/features/realestate/forms";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

/** Listing a property: one form, works without JavaScript; Conform keeps what was typed after a refusal. */
export function PropertyForm({
  areas,
  lastResult,
  defaults,
}: {
  areas: { slug: string; name: string }[];
  lastResult?: SubmissionResult<string[]> | null;
  defaults: { contactName: string; contactEmail: string };
}) {
  const { t } = useTranslation("realestate");
  const language = useLanguage();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(propertySchema, {
    id: "property-form",
    lastResult,
    defaultValue: {
      descriptionLanguage: language,
      listingType: "sale",
      propertyType: "house",
      titleType: "titled",
      preferredContact: "email",
      bedrooms: "0",
      bathrooms: "0",
      contactName: defaults.contactName,
      contactEmail: defaults.contactEmail,
    },
    constraint: true,
  });
  const chosen = new Set(
    Array.isArray(fields.features.initialValue)
      ? (fields.features.initialValue as string[])
      : fields.features.initialValue
        ? [String(fields.features.initialValue)]
        : [],
  );
  const zoneProps = getInputProps(fields.inMaritimeZone, { type: "checkbox" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6" data-testid="property-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("form.about")}</legend>
        <FormField
          field={fields.title}
          label={t("form.title")}
          maxLength={realEstateLimits.titleMax}
          hint={t("form.titleHint")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            field={fields.listingType}
            label={t("form.listingType")}
            as="select"
            options={listingTypes.map((type) => ({ value: type, label: t(`listing.${type}`) }))}
          />
          <FormField
            field={fields.propertyType}
            label={t("form.propertyType")}
            as="select"
            options={propertyTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          />
        </div>
        <FormField
          field={fields.priceUsd}
          label={t("form.price")}
          hint={t("form.priceHint")}
          inputMode="numeric"
          maxLength={14}
        />
        <FormField
          field={fields.description}
          label={t("form.description")}
          as="textarea"
          rows={6}
          maxLength={realEstateLimits.descriptionMax}
        />
        <FormField
          field={fields.descriptionLanguage}
          label={t("form.descriptionLanguage")}
          as="select"
          options={(["en", "es"] as const).map((value) => ({ value, label: t(`languages.${value}`) }))}
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("form.size")}</legend>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <FormField field={fields.bedrooms} label={t("form.bedrooms")} inputMode="numeric" maxLength={3} />
          <FormField field={fields.bathrooms} label={t("form.bathrooms")} inputMode="decimal" maxLength={4} />
          <FormField
            field={fields.constructionM2}
            label={t("form.constructionM2")}
            inputMode="numeric"
            optional
            maxLength={9}
          />
          <FormField field={fields.lotM2} label={t("form.lotM2")} inputMode="numeric" optional maxLength={9} />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t("form.features")}</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-3">
            {propertyFeatures.map((feature) => (
              <label key={feature} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.features.name}
                  value={feature}
                  defaultChecked={chosen.has(feature)}
                />
                {t(`features.${feature}`)}
              </label>
            ))}
          </div>
          <FieldErrors id={fields.features.errorId} errors={fields.features.errors} />
        </fieldset>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("form.where")}</legend>
        <FormField
          field={fields.area}
          label={t("form.area")}
          as="select"
          placeholder={t("form.choose")}
          options={areas.map((area) => ({ value: area.slug, label: area.name }))}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            field={fields.latitude}
            label={t("form.latitude")}
            inputMode="decimal"
            optional
            maxLength={20}
            hint={t("form.coordinatesHint")}
          />
          <FormField field={fields.longitude} label={t("form.longitude")} inputMode="decimal" optional maxLength={20} />
        </div>
        <FormField
          field={fields.titleType}
          label={t("form.titleType")}
          as="select"
          options={titleTypes.map((type) => ({ value: type, label: t(`titleTypes.${type}`) }))}
          hint={t("form.titleTypeHint")}
        />
        <FieldFrame id={fields.inMaritimeZone.id} label={t("form.zoneLabel")} hint={t("form.zoneHint", maritimeZone)}>
          <label className="mt-1 flex items-center gap-2 text-sm">
            <input {...zoneProps} key={zoneProps.key} />
            {t("form.zoneCheckbox")}
          </label>
          <FieldErrors id={fields.inMaritimeZone.errorId} errors={fields.inMaritimeZone.errors} />
        </FieldFrame>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("form.contact")}</legend>
        <p className="text-sm text-slate-600">{t("form.contactHint")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField field={fields.contactName} label={t("form.contactName")} autoComplete="name" maxLength={120} />
          <FormField
            field={fields.contactEmail}
            label={t("form.contactEmail")}
            type="email"
            autoComplete="email"
            maxLength={200}
          />
          <FormField
            field={fields.contactPhone}
            label={t("form.contactPhone")}
            type="tel"
            autoComplete="tel"
            optional
            maxLength={40}
          />
          <FormField
            field={fields.preferredContact}
            label={t("form.preferredContact")}
            as="select"
            options={contactMethods.map((method) => ({ value: method, label: t(`contactMethods.${method}`) }))}
          />
        </div>
      </fieldset>
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        {t("form.submit")}
      </button>
    </Form>
  );
}
