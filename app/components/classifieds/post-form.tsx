import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FieldFrame, FormField } from "#app/components/ui/form-field";
import { FieldErrors, FormErrors } from "#app/components/ui/form-message";
import { Camera } from "#app/components/ui/icons";
import { useZodForm } from "#app/components/ui/use-zod-form";
import {
  classifiedCategories,
  classifiedConditions,
  classifiedCurrencies,
  classifiedLimits,
} from "#app/features/classifieds/constants";
import { postAdSchema } from "#app/features/classifieds/forms";
import type { Language } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

/** The posting form: one page, photos included (multipart), so it works without JavaScript. */
export function PostAdForm({
  areas,
  lastResult,
}: {
  areas: { slug: string; name: string }[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("classifieds");
  const language = useLanguage();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(postAdSchema, {
    id: "post-ad-form",
    lastResult,
    defaultValue: { language, currency: language === "es" ? "CRC" : "USD" },
    constraint: true,
  });
  const checkbox = (field: typeof fields.showPhone, label: string) => {
    const props = getInputProps(field, { type: "checkbox" });
    return (
      <label htmlFor={props.id} className="flex items-start gap-2 text-sm">
        <input {...props} key={props.key} className="mt-1 size-4" />
        <span>{label}</span>
      </label>
    );
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-5"
      data-testid="post-ad-form"
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormField
        field={fields.title}
        label={t("form.title")}
        hint={t("form.titleHint")}
        maxLength={classifiedLimits.titleMax}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          field={fields.category}
          label={t("form.category")}
          as="select"
          placeholder={t("form.chooseCategory")}
          options={classifiedCategories.map((value) => ({ value, label: t(`categories.${value}`) }))}
        />
        <FormField
          field={fields.condition}
          label={t("form.condition")}
          hint={t("form.conditionHint")}
          as="select"
          placeholder={t("form.noCondition")}
          options={classifiedConditions.map((value) => ({ value, label: t(`conditions.${value}`) }))}
          optional
        />
      </div>
      <FormField
        field={fields.description}
        label={t("form.description")}
        hint={t("form.descriptionHint")}
        as="textarea"
        rows={6}
        maxLength={classifiedLimits.descriptionMax}
      />
      <FormField
        field={fields.language}
        label={t("form.language")}
        hint={t("form.languageHint")}
        as="select"
        options={(["en", "es"] as Language[]).map((value) => ({ value, label: t(`languages.${value}`) }))}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <FormField
          field={fields.price}
          label={t("form.price")}
          hint={t("form.priceHint")}
          inputMode="decimal"
          maxLength={16}
          optional
        />
        <FormField
          field={fields.currency}
          label={t("form.currency")}
          as="select"
          options={classifiedCurrencies.map((value) => ({ value, label: t(`currencies.${value}`) }))}
        />
      </div>
      <FormField
        field={fields.area}
        label={t("form.area")}
        as="select"
        placeholder={t("form.chooseArea")}
        options={areas.map((area) => ({ value: area.slug, label: area.name }))}
      />
      <FieldFrame
        id={fields.photos.id}
        label={t("form.photos")}
        hint={t("form.photosHint", { max: classifiedLimits.photosPerAd })}
        optional
      >
        <div className="mt-1 flex items-center gap-2">
          <Camera className="size-5 text-slate-500" aria-hidden="true" />
          <input
            id={fields.photos.id}
            name={fields.photos.name}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={`${fields.photos.id}-hint`}
            aria-invalid={fields.photos.errors ? true : undefined}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-900"
          />
        </div>
        <FieldErrors id={fields.photos.errorId} errors={fields.photos.errors} />
      </FieldFrame>
      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium">{t("form.phoneTitle")}</legend>
        <p className="text-xs text-slate-600">{t("form.phoneIntro")}</p>
        <FormField field={fields.phone} label={t("form.phone")} type="tel" inputMode="tel" maxLength={20} />
        {checkbox(fields.showPhone, t("form.showPhone"))}
        {checkbox(fields.whatsapp, t("form.whatsapp"))}
      </fieldset>
      <div>
        {checkbox(fields.rules as typeof fields.showPhone, t("form.rules", { days: classifiedLimits.lifetimeDays }))}
        <FieldErrors id={fields.rules.errorId} errors={fields.rules.errors} />
      </div>
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        {t("form.submit")}
      </button>
    </Form>
  );
}
