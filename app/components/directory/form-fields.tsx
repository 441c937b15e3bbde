import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { FieldErrors, inputClass } from "#app/components/accounts/fields";
import { FormField } from "#app/components/ui/form-field";
import { businessCategories } from "#app/domain/directory/constants";
import { hoursFieldName, periodsPerDay } from "#app/domain/directory/forms";
import { weekStartsOn } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { weekdayName } from "./open-status";

type Field = FieldMetadata<string | undefined> | FieldMetadata<unknown>;

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
        <FormField field={fields.name} label={t("form.name")} maxLength={100} autoComplete="organization" />
      </div>
      <FormField
        as="select"
        field={fields.category}
        label={t("form.category")}
        placeholder={t("form.choose")}
        options={businessCategories.map((category) => ({ value: category, label: t(`categories.${category}`) }))}
      />
      <FormField
        as="select"
        field={fields.area}
        label={t("form.area")}
        placeholder={t("form.choose")}
        options={areas.map((area) => ({ value: area.slug, label: area.name }))}
      />
      <div className="sm:col-span-2">
        <FormField
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
      <FormField
        as="textarea"
        field={fields.descriptionEn}
        label={t("form.descriptionEn")}
        hint={t("form.descriptionHint")}
        rows={6}
        maxLength={2000}
        lang="en"
      />
      <FormField
        as="textarea"
        field={fields.descriptionEs}
        label={t("form.descriptionEs")}
        hint={t("form.descriptionHint")}
        rows={6}
        maxLength={2000}
        lang="es"
      />
      <FormField
        field={fields.specialtiesEn}
        label={t("form.specialtiesEn")}
        hint={t("form.listHint")}
        optional
        lang="en"
      />
      <FormField
        field={fields.specialtiesEs}
        label={t("form.specialtiesEs")}
        hint={t("form.listHint")}
        optional
        lang="es"
      />
      <div className="lg:col-span-2">
        <FormField field={fields.keywords} label={t("form.keywords")} hint={t("form.keywordsHint")} optional />
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
        <FormField
          field={fields.address}
          label={t("form.address")}
          hint={t("form.addressHint")}
          maxLength={300}
          autoComplete="street-address"
        />
      </div>
      <FormField
        field={fields.latitude}
        label={t("form.latitude")}
        hint={t("form.coordinatesHint")}
        optional
        inputMode="decimal"
        maxLength={20}
      />
      <FormField field={fields.longitude} label={t("form.longitude")} optional inputMode="decimal" maxLength={20} />
      <FormField field={fields.phone} label={t("form.phone")} optional type="tel" autoComplete="tel" maxLength={30} />
      <FormField field={fields.whatsapp} label={t("form.whatsapp")} optional type="tel" maxLength={30} />
      <FormField
        field={fields.email}
        label={t("form.email")}
        optional
        type="email"
        autoComplete="email"
        maxLength={254}
      />
      <FormField
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
      <FormField field={fields.metaTitleEn} label={t("form.metaTitleEn")} optional maxLength={70} lang="en" />
      <FormField field={fields.metaTitleEs} label={t("form.metaTitleEs")} optional maxLength={70} lang="es" />
      <FormField
        as="textarea"
        field={fields.metaDescriptionEn}
        label={t("form.metaDescriptionEn")}
        optional
        rows={2}
        maxLength={160}
        lang="en"
      />
      <FormField
        as="textarea"
        field={fields.metaDescriptionEs}
        label={t("form.metaDescriptionEs")}
        optional
        rows={2}
        maxLength={160}
        lang="es"
      />
      <div className="lg:col-span-2">
        <FormField field={fields.seoKeywords} label={t("form.seoKeywords")} hint={t("form.listHint")} optional />
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
