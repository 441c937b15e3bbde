import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { BilingualFields, FieldFrame, FormField, inputClass } from "#app/components/ui/form-field";
import { FieldErrors, FormErrors } from "#app/components/ui/form-message";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { eventCategories, eventLimits } from "#app/features/events/constants";
import { eventSchema } from "#app/features/events/forms";
import { useTranslation } from "#app/lib/translations";

// The event form, for adding one (/events/new) and for its organiser's edits (/dashboard/events/:id).
// Only signed-in people see it, so both pages load it (with Conform and Zod) on demand.

export type EventFormDefaults = Partial<Record<string, string | string[] | boolean | undefined>>;

export function EventForm({
  areas,
  venues,
  ownBusinesses,
  lastResult,
  defaultValue,
  submitLabel,
  intent,
}: {
  areas: { slug: string; name: string }[];
  venues: { id: string; name: string }[];
  ownBusinesses: { id: string; name: string }[];
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: EventFormDefaults;
  submitLabel: string;
  intent: string;
}) {
  const { t } = useTranslation("events");
  const navigation = useNavigation();
  const [form, fields] = useZodForm(eventSchema, {
    id: "event-form",
    lastResult,
    defaultValue: defaultValue ?? { repeat: "none", currency: "USD" },
    constraint: true,
  });
  const timeInput = (field: typeof fields.startTime, label: string, hint?: string) => {
    const props = getInputProps(field, { type: "time", ariaDescribedBy: hint ? `${field.id}-hint` : undefined });
    return (
      <FieldFrame id={field.id} label={label} optional hint={hint}>
        <input {...props} key={props.key} className={inputClass} />
        <FieldErrors id={field.errorId} errors={field.errors} />
      </FieldFrame>
    );
  };
  const allDay = getInputProps(fields.allDay, { type: "checkbox" });
  const sectionClass = "space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-5";
  const legendClass = "px-1 text-lg font-semibold";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6" data-testid="event-form">
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />

      <fieldset className={sectionClass}>
        <legend className={legendClass}>{t("form.sections.what")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <BilingualFields
            en={fields.titleEn}
            es={fields.titleEs}
            labels={{ en: t("form.titleEn"), es: t("form.titleEs") }}
            hint={t("form.titleHint")}
            maxLength={eventLimits.titleMax}
            optional
          />
          <BilingualFields
            en={fields.descriptionEn}
            es={fields.descriptionEs}
            labels={{ en: t("form.descriptionEn"), es: t("form.descriptionEs") }}
            hint={t("form.descriptionHint")}
            as="textarea"
            rows={5}
            maxLength={eventLimits.descriptionMax}
            optional
          />
          <FormField
            field={fields.category}
            label={t("form.category")}
            as="select"
            placeholder={t("form.chooseCategory")}
            options={eventCategories.map((category) => ({ value: category, label: t(`categories.${category}`) }))}
          />
          {ownBusinesses.length ? (
            <FormField
              field={fields.organizerBusiness}
              label={t("form.organizerBusiness")}
              as="select"
              placeholder={t("form.organizerYou")}
              options={ownBusinesses.map((business) => ({ value: business.id, label: business.name }))}
            />
          ) : null}
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>{t("form.sections.when")}</legend>
        <p className="text-sm text-slate-600">{t("form.timeZoneNote")}</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FormField field={fields.startDay} label={t("form.startDay")} type="date" />
          {timeInput(fields.startTime, t("form.startTime"))}
          <FormField field={fields.endDay} label={t("form.endDay")} hint={t("form.endDayHint")} type="date" optional />
          {timeInput(fields.endTime, t("form.endTime"), t("form.endTimeHint"))}
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...allDay} key={allDay.key} className="size-4" />
          {t("form.allDay")}
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            field={fields.repeat}
            label={t("form.repeat")}
            as="select"
            options={[
              { value: "none", label: t("form.repeatNone") },
              { value: "weekly", label: t("form.repeatWeekly") },
              { value: "monthly", label: t("form.repeatMonthly") },
            ]}
          />
          <FormField
            field={fields.repeatUntil}
            label={t("form.repeatUntil")}
            hint={t("form.repeatHint")}
            type="date"
            optional
          />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>{t("form.sections.where")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            field={fields.area}
            label={t("form.area")}
            as="select"
            placeholder={t("form.chooseArea")}
            options={areas.map((area) => ({ value: area.slug, label: area.name }))}
          />
          <FormField
            field={fields.venueBusiness}
            label={t("form.venueBusiness")}
            as="select"
            placeholder={t("form.noVenueBusiness")}
            options={venues.map((venue) => ({ value: venue.id, label: venue.name }))}
          />
          <FormField
            field={fields.venueName}
            label={t("form.venueName")}
            maxLength={eventLimits.venueNameMax}
            optional
          />
          <FormField
            field={fields.venueAddress}
            label={t("form.venueAddress")}
            hint={t("form.venueAddressHint")}
            maxLength={eventLimits.addressMax}
            optional
          />
          <FormField
            field={fields.latitude}
            label={t("form.latitude")}
            hint={t("form.coordinatesHint")}
            inputMode="decimal"
            optional
          />
          <FormField field={fields.longitude} label={t("form.longitude")} inputMode="decimal" optional />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>{t("form.sections.details")}</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FormField
            field={fields.price}
            label={t("form.price")}
            hint={t("form.priceHint")}
            inputMode="decimal"
            optional
          />
          <FormField
            field={fields.currency}
            label={t("form.currency")}
            as="select"
            options={[
              { value: "USD", label: "US$ (USD)" },
              { value: "CRC", label: "₡ (CRC)" },
            ]}
          />
          <FormField
            field={fields.maxAttendees}
            label={t("form.maxAttendees")}
            hint={t("form.maxAttendeesHint")}
            inputMode="numeric"
            optional
          />
          <FormField
            field={fields.minAge}
            label={t("form.minAge")}
            hint={t("form.minAgeHint")}
            inputMode="numeric"
            optional
          />
          <FormField
            field={fields.contactEmail}
            label={t("form.contactEmail")}
            hint={t("form.contactEmailHint")}
            type="email"
            autoComplete="email"
          />
          <FormField
            field={fields.organizerWhatsapp}
            label={t("form.organizerWhatsapp")}
            hint={t("form.organizerWhatsappHint")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            optional
          />
          <FormField
            field={fields.links}
            label={t("form.links")}
            type="url"
            inputMode="url"
            maxLength={eventLimits.linkMax}
            optional
          />
        </div>
      </fieldset>

      <button
        type="submit"
        className="btn-primary"
        disabled={navigation.state === "submitting"}
        data-testid="event-submit"
      >
        {submitLabel}
      </button>
    </Form>
  );
}
