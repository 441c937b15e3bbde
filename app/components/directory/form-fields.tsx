import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ChangeEvent, ComponentProps } from "react";
import { FieldErrors, inputClass } from "#app/components/accounts/fields";
import { FormField } from "#app/components/ui/form-field";
import { businessCategories } from "#app/features/directory/constants";
import {
  everyDayCloseField,
  everyDayOpenField,
  hoursFieldName,
  periodsPerDay,
  sameEveryDayField,
} from "#app/features/directory/forms";
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

type BilingualName = "description" | "specialties" | "metaTitle" | "metaDescription" | "directions";

/** A text asked for in each language, side by side; each control is marked with its language. */
function BilingualFields<Name extends BilingualName>({
  name,
  fields,
  ...control
}: { name: Name; fields: Record<`${Name}${"En" | "Es"}`, Field> } & Omit<
  ComponentProps<typeof FormField>,
  "field" | "label" | "lang"
>) {
  const { t } = useTranslation("directory");
  return (["En", "Es"] as const).map((suffix) => (
    <FormField
      key={suffix}
      {...control}
      field={fields[`${name}${suffix}`]}
      label={t(`form.${name}${suffix}`)}
      lang={suffix.toLowerCase()}
    />
  ));
}

export function AboutFields({
  fields,
}: {
  fields: { descriptionEn: Field; descriptionEs: Field; specialtiesEn: Field; specialtiesEs: Field; keywords: Field };
}) {
  const { t } = useTranslation("directory");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <BilingualFields
        name="description"
        fields={fields}
        as="textarea"
        hint={t("form.descriptionHint")}
        rows={6}
        maxLength={2000}
      />
      <BilingualFields name="specialties" fields={fields} hint={t("form.listHint")} optional />
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
    directionsEn: Field;
    directionsEs: Field;
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
      <BilingualFields
        name="directions"
        fields={fields}
        as="textarea"
        hint={t("form.directionsHint")}
        rows={2}
        maxLength={500}
      />
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
      <BilingualFields name="metaTitle" fields={fields} optional maxLength={70} />
      <BilingualFields name="metaDescription" fields={fields} as="textarea" optional rows={2} maxLength={160} />
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
      <SameEveryDay fields={fields} firstWeekday={order[0]} />
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
                    <TimeField field={open} label={period === 0 ? t("form.opens") : t("form.opensAgain")} />
                    <TimeField field={close} label={t("form.closes")} />
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

/**
 * One pair of times for all seven days. Ticked, the server stores the pair for every day (no
 * JavaScript needed); in the browser, ticking it copies the first day's times into an empty pair.
 */
function SameEveryDay({ fields, firstWeekday }: { fields: Record<string, Field>; firstWeekday: number }) {
  const { t } = useTranslation("directory");
  const box = fields[sameEveryDayField];
  const open = fields[everyDayOpenField];
  const close = fields[everyDayCloseField];
  const copyFirstDay = (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (!event.currentTarget.checked || !form) return;
    const value = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
    for (const [target, source] of [
      [everyDayOpenField, hoursFieldName(firstWeekday, 0, "open")],
      [everyDayCloseField, hoursFieldName(firstWeekday, 0, "close")],
    ]) {
      const to = value(target);
      const from = value(source);
      if (to && from && !to.value) to.value = from.value;
    }
  };
  return (
    <fieldset className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="hours-every-day">
      <legend className="sr-only">{t("form.sameEveryDay")}</legend>
      <label className="flex items-center gap-2 font-semibold">
        <input
          {...getInputProps(box as FieldMetadata<string>, { type: "checkbox", value: "on" })}
          key={box.key}
          className="size-4"
          onChange={copyFirstDay}
        />
        {t("form.sameEveryDay")}
      </label>
      <p className="mt-1 text-sm text-slate-700">{t("form.sameEveryDayHint")}</p>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:max-w-sm">
        <TimeField field={open} label={t("form.opens")} />
        <TimeField field={close} label={t("form.closes")} />
      </div>
    </fieldset>
  );
}

function TimeField({ field, label }: { field: Field; label: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        {...getInputProps(field as FieldMetadata<string>, { type: "time" })}
        key={field.key}
        className={inputClass}
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
