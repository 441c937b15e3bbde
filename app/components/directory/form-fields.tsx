import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { FieldErrors, inputClass } from "#app/components/accounts/fields";
import { businessCategories } from "#app/domain/directory/constants";
import { hoursFieldName, periodsPerDay } from "#app/domain/directory/forms";
import { weekStartsOn } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { weekdayName } from "./open-status";

type Field = FieldMetadata<string | undefined> | FieldMetadata<unknown>;

function Label({ field, label, optional }: { field: Field; label: string; optional?: boolean }) {
  const { t } = useTranslation("directory");
  return (
    <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
      {label}
      {optional ? <span className="font-normal text-slate-500"> ({t("form.optional")})</span> : null}
    </label>
  );
}

export function TextInput({
  field,
  label,
  hint,
  optional,
  type = "text",
  maxLength,
  autoComplete,
  inputMode,
  lang,
}: {
  field: Field;
  label: string;
  hint?: string;
  optional?: boolean;
  type?: "text" | "email" | "url" | "tel";
  maxLength?: number;
  autoComplete?: string;
  inputMode?: "decimal" | "text" | "tel" | "email" | "url";
  lang?: string;
}) {
  const hintId = `${field.id}-hint`;
  const props = getInputProps(field as FieldMetadata<string>, { type, ariaDescribedBy: hint ? hintId : undefined });
  return (
    <div>
      <Label field={field} label={label} optional={optional} />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        {...props}
        key={props.key}
        maxLength={maxLength}
        autoComplete={autoComplete}
        inputMode={inputMode}
        lang={lang}
        className={inputClass}
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextArea({
  field,
  label,
  hint,
  optional,
  rows = 4,
  maxLength,
  lang,
}: {
  field: Field;
  label: string;
  hint?: string;
  optional?: boolean;
  rows?: number;
  maxLength?: number;
  lang?: string;
}) {
  const hintId = `${field.id}-hint`;
  const props = getTextareaProps(field as FieldMetadata<string>, { ariaDescribedBy: hint ? hintId : undefined });
  return (
    <div>
      <Label field={field} label={label} optional={optional} />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <textarea {...props} key={props.key} rows={rows} maxLength={maxLength} lang={lang} className={inputClass} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectInput({
  field,
  label,
  options,
  placeholder,
}: {
  field: Field;
  label: string;
  options: { value: string; label: string }[];
  placeholder?: string;
}) {
  const props = getSelectProps(field as FieldMetadata<string>);
  return (
    <div>
      <Label field={field} label={label} />
      <select {...props} key={props.key} className={`${inputClass} bg-white`}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Name, category, area and web address: the first step of a listing and the top of its edit form. */
export function BasicsFields({
  fields,
  areas,
  slugPrefix,
}: {
  fields: { name: Field; category: Field; area: Field; slug: Field };
  areas: { slug: string; name: string }[];
  slugPrefix: string;
}) {
  const { t } = useTranslation("directory");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextInput field={fields.name} label={t("form.name")} maxLength={100} autoComplete="organization" />
      </div>
      <SelectInput
        field={fields.category}
        label={t("form.category")}
        placeholder={t("form.choose")}
        options={businessCategories.map((category) => ({ value: category, label: t(`categories.${category}`) }))}
      />
      <SelectInput
        field={fields.area}
        label={t("form.area")}
        placeholder={t("form.choose")}
        options={areas.map((area) => ({ value: area.slug, label: area.name }))}
      />
      <div className="sm:col-span-2">
        <TextInput
          field={fields.slug}
          label={t("form.slug")}
          hint={t("form.slugHint", { prefix: slugPrefix })}
          optional
          maxLength={80}
        />
      </div>
    </div>
  );
}

export function AboutFields({
  fields,
}: {
  fields: { descriptionEn: Field; descriptionEs: Field; specialtiesEn: Field; specialtiesEs: Field; keywords: Field };
}) {
  const { t } = useTranslation("directory");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TextArea
        field={fields.descriptionEn}
        label={t("form.descriptionEn")}
        hint={t("form.descriptionHint")}
        rows={6}
        maxLength={2000}
        lang="en"
      />
      <TextArea
        field={fields.descriptionEs}
        label={t("form.descriptionEs")}
        hint={t("form.descriptionHint")}
        rows={6}
        maxLength={2000}
        lang="es"
      />
      <TextInput
        field={fields.specialtiesEn}
        label={t("form.specialtiesEn")}
        hint={t("form.listHint")}
        optional
        lang="en"
      />
      <TextInput
        field={fields.specialtiesEs}
        label={t("form.specialtiesEs")}
        hint={t("form.listHint")}
        optional
        lang="es"
      />
      <div className="lg:col-span-2">
        <TextInput field={fields.keywords} label={t("form.keywords")} hint={t("form.keywordsHint")} optional />
      </div>
    </div>
  );
}

export function ContactFields({
  fields,
}: {
  fields: {
    address: Field;
    latitude: Field;
    longitude: Field;
    phone: Field;
    whatsapp: Field;
    email: Field;
    website: Field;
  };
}) {
  const { t } = useTranslation("directory");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextInput
          field={fields.address}
          label={t("form.address")}
          hint={t("form.addressHint")}
          maxLength={300}
          autoComplete="street-address"
        />
      </div>
      <TextInput
        field={fields.latitude}
        label={t("form.latitude")}
        hint={t("form.coordinatesHint")}
        optional
        inputMode="decimal"
        maxLength={20}
      />
      <TextInput field={fields.longitude} label={t("form.longitude")} optional inputMode="decimal" maxLength={20} />
      <TextInput field={fields.phone} label={t("form.phone")} optional type="tel" autoComplete="tel" maxLength={30} />
      <TextInput field={fields.whatsapp} label={t("form.whatsapp")} optional type="tel" maxLength={30} />
      <TextInput
        field={fields.email}
        label={t("form.email")}
        optional
        type="email"
        autoComplete="email"
        maxLength={254}
      />
      <TextInput
        field={fields.website}
        label={t("form.website")}
        optional
        type="url"
        autoComplete="url"
        maxLength={300}
      />
      <p className="text-xs text-slate-600 sm:col-span-2">{t("form.contactPremiumNote")}</p>
    </div>
  );
}

export function SeoFields({
  fields,
}: {
  fields: {
    metaTitleEn: Field;
    metaTitleEs: Field;
    metaDescriptionEn: Field;
    metaDescriptionEs: Field;
    seoKeywords: Field;
  };
}) {
  const { t } = useTranslation("directory");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TextInput field={fields.metaTitleEn} label={t("form.metaTitleEn")} optional maxLength={70} lang="en" />
      <TextInput field={fields.metaTitleEs} label={t("form.metaTitleEs")} optional maxLength={70} lang="es" />
      <TextArea
        field={fields.metaDescriptionEn}
        label={t("form.metaDescriptionEn")}
        optional
        rows={2}
        maxLength={160}
        lang="en"
      />
      <TextArea
        field={fields.metaDescriptionEs}
        label={t("form.metaDescriptionEs")}
        optional
        rows={2}
        maxLength={160}
        lang="es"
      />
      <div className="lg:col-span-2">
        <TextInput field={fields.seoKeywords} label={t("form.seoKeywords")} hint={t("form.listHint")} optional />
      </div>
    </div>
  );
}

/**
 * The week as a grid of time inputs: two periods a day (split hours). Empty means closed; a close
 * earlier than the open runs past midnight; 00:00 to 00:00 is open around the clock.
 */
export function HoursFields({ fields }: { fields: Record<string, Field> }) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const order = Array.from({ length: 7 }, (_, i) => (i + weekStartsOn[language]) % 7);
  return (
    <div>
      <p className="text-sm text-slate-700">{t("form.hoursHint")}</p>
      <div className="mt-4 space-y-4">
        {order.map((weekday) => (
          <fieldset
            key={weekday}
            className="rounded-lg border border-slate-200 p-3"
            data-testid={`hours-day-${weekday}`}
          >
            <legend className="px-1 font-semibold">{weekdayName(weekday, language)}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {Array.from({ length: periodsPerDay }, (_, period) => {
                const open = fields[hoursFieldName(weekday, period, "open")];
                const close = fields[hoursFieldName(weekday, period, "close")];
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the periods of a day are fixed slots, not a list that reorders
                  <div key={period} className="grid grid-cols-2 gap-2">
                    <div>
                      <label htmlFor={open.id} className="block text-xs font-medium text-slate-700">
                        {period === 0 ? t("form.opens") : t("form.opensAgain")}
                      </label>
                      <input
                        {...getInputProps(open as FieldMetadata<string>, { type: "time" })}
                        key={open.key}
                        className={inputClass}
                      />
                      <FieldErrors id={open.errorId} errors={open.errors} />
                    </div>
                    <div>
                      <label htmlFor={close.id} className="block text-xs font-medium text-slate-700">
                        {t("form.closes")}
                      </label>
                      <input
                        {...getInputProps(close as FieldMetadata<string>, { type: "time" })}
                        key={close.key}
                        className={inputClass}
                      />
                      <FieldErrors id={close.errorId} errors={close.errors} />
                    </div>
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
    </div>
  );
}
