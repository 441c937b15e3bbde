import {
  type DefaultValue,
  getCollectionProps,
  getFormProps,
  getInputProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { imageUrl } from "#app/components/directory/business-image";
import { BilingualFields, FieldFrame, FormField } from "#app/components/ui/form-field";
import { FieldErrors, FormErrors } from "#app/components/ui/form-message";
import { Camera } from "#app/components/ui/icons";
import { adLanguages, adLimits, adPageKinds } from "#app/features/ads/constants";
import { type HouseAdInput, houseAdSchema } from "#app/features/ads/forms";
import { useTranslation } from "#app/lib/translations";

export interface HouseAdFormValues {
  headlineEn: string;
  headlineEs: string;
  bodyEn: string;
  bodyEs: string;
  targetUrl: string;
  altEn: string;
  altEs: string;
  pageKinds: string[];
  languages: string[];
  areas: string[];
  startsOn: string;
  endsOn: string;
  businessSlug: string;
}

type CurrentImage = { key: string; widths: number[] } | null;

/**
 * The house-ad form of the admin's and the owner's pages: creative in both languages (a picture per
 * language, optional), where it leads, and where and when it shows. Multipart, so it works without
 * JavaScript; what was typed comes back after a refused post (the pictures must be chosen again).
 */
export function HouseAdForm({
  id,
  action,
  lastResult,
  defaultValue,
  areas,
  submitLabel,
  showBusiness = false,
  images,
}: {
  id: string;
  action?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<HouseAdFormValues>;
  areas: { slug: string; name: string }[];
  submitLabel: string;
  /** Admins name the advertiser's listing; owners advertise the listing they picked. */
  showBusiness?: boolean;
  images?: { en: CurrentImage; es: CurrentImage };
}) {
  const { t } = useTranslation("ads");
  const navigation = useNavigation();
  // The fields are the schema's (pictures and checkboxes included); the kept values are its text.
  const [form, fields] = useForm<HouseAdInput>({
    id,
    lastResult,
    defaultValue: defaultValue as DefaultValue<HouseAdInput>,
    constraint: getZodConstraint(houseAdSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: houseAdSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const choiceGroup = (
    field: typeof fields.pageKinds | typeof fields.languages | typeof fields.areas,
    legend: string,
    hint: string,
    options: { value: string; label: string }[],
  ) => (
    <fieldset aria-describedby={`${field.id}-hint`}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p id={`${field.id}-hint`} className="mt-0.5 text-xs text-slate-600">
        {hint}
      </p>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {getCollectionProps(field, { type: "checkbox", options: options.map((option) => option.value) }).map(
          (props, index) => (
            <label key={props.key} htmlFor={props.id} className="flex items-center gap-2 text-sm">
              <input {...props} key={props.key} className="size-4" />
              {options[index].label}
            </label>
          ),
        )}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
  const imageField = (field: typeof fields.imageEn, remove: typeof fields.removeImageEn, current: CurrentImage) => (
    <FieldFrame
      id={field.id}
      label={t(field.name === "imageEn" ? "form.imageEn" : "form.imageEs")}
      hint={t("form.imageHint", { maxMb: adLimits.imageMaxBytes / 1024 / 1024 })}
      hintId={`${field.id}-hint`}
      optional
    >
      {current ? (
        <div className="mt-2 flex items-center gap-3">
          <img
            src={imageUrl(current.key, Math.min(...current.widths))}
            alt={t("form.currentImage")}
            width={64}
            height={64}
            className="size-16 rounded-lg object-cover"
          />
          <label htmlFor={remove.id} className="flex items-center gap-2 text-sm">
            <input {...getInputProps(remove, { type: "checkbox" })} key={remove.key} className="size-4" />
            {t("form.removeImage")}
          </label>
        </div>
      ) : null}
      <div className="mt-1 flex items-center gap-2">
        <Camera className="size-5 text-slate-500" aria-hidden="true" />
        <input
          id={field.id}
          name={field.name}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`${field.id}-hint`}
          aria-invalid={field.errors ? true : undefined}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-900"
        />
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </FieldFrame>
  );
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-5"
      data-testid={id}
    >
      <input type="hidden" name="intent" value="save" />
      <FormErrors id={form.errorId} errors={form.errors} />
      {showBusiness ? (
        <FormField
          field={fields.businessSlug}
          label={t("form.businessSlug")}
          hint={t("form.businessHint")}
          optional
          maxLength={120}
        />
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <FormField field={fields.headlineEn} label={t("form.headlineEn")} maxLength={adLimits.headlineMax} lang="en" />
        <FormField field={fields.headlineEs} label={t("form.headlineEs")} maxLength={adLimits.headlineMax} lang="es" />
        <BilingualFields
          en={fields.bodyEn}
          es={fields.bodyEs}
          labels={{ en: t("form.bodyEn"), es: t("form.bodyEs") }}
          hint={t("form.bodyHint", { max: adLimits.bodyMax })}
          as="textarea"
          rows={2}
          maxLength={adLimits.bodyMax}
          optional
        />
      </div>
      <FormField
        field={fields.targetUrl}
        label={t("form.targetUrl")}
        hint={t("form.targetHint")}
        maxLength={adLimits.urlMax}
        inputMode="url"
      />
      <div className="grid gap-4 md:grid-cols-2">
        {imageField(fields.imageEn, fields.removeImageEn, images?.en ?? null)}
        {imageField(fields.imageEs, fields.removeImageEs, images?.es ?? null)}
        <FormField field={fields.altEn} label={t("form.altEn")} maxLength={adLimits.altMax} optional lang="en" />
        <FormField field={fields.altEs} label={t("form.altEs")} maxLength={adLimits.altMax} optional lang="es" />
      </div>
      {choiceGroup(
        fields.pageKinds,
        t("form.pageKinds"),
        t("form.pageKindsHint"),
        adPageKinds.map((value) => ({ value, label: t(`pageKinds.${value}`) })),
      )}
      {choiceGroup(
        fields.languages,
        t("form.languages"),
        t("form.languagesHint"),
        adLanguages.map((value) => ({ value, label: t(value === "en" ? "form.english" : "form.spanish") })),
      )}
      {areas.length
        ? choiceGroup(
            fields.areas,
            t("form.areas"),
            t("form.areasHint"),
            areas.map((area) => ({ value: area.slug, label: area.name })),
          )
        : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.startsOn} label={t("form.startsOn")} type="date" optional />
        <FormField field={fields.endsOn} label={t("form.endsOn")} hint={t("form.endsHint")} type="date" optional />
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
