import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "react-router";
import { useFormMessage } from "#app/components/ui/form-message";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { type ConditionField, conditionFieldNames, conditionFields } from "#app/features/beach/conditions";
import { conditionReportSchema } from "#app/features/beach/forms";
import { useTranslation } from "#app/lib/translations";

export interface FormLimits {
  temperatureUnit: "°C" | "°F";
  temperatureMin: number;
  temperatureMax: number;
  temperatureRange: { min: string; max: string };
  reportNoteMax: number;
  observationNoteMax: number;
  photoMaxMb: number;
}

/**
 * Renders a beach form message (a key, app/lib/form-message.ts). The client's Zod messages cannot
 * carry the field's limits, so they are filled in here; values the server sent win.
 */
export function useErrorText(limits: FormLimits) {
  const temperature = useFormMessage({
    min: limits.temperatureRange.min,
    max: limits.temperatureRange.max,
    maxMb: limits.photoMaxMb,
  });
  const note = useFormMessage({ max: limits.reportNoteMax });
  const observation = useFormMessage({ max: limits.observationNoteMax });
  return (message: string, field?: "note" | "observation") =>
    field === "note" ? note(message) : field === "observation" ? observation(message) : temperature(message);
}

// data-form-message: the root brings the first message into view after a refused post and
// focuses its field, as it does for FieldErrors (useRevealFormMessagesAfterPost).
export function FieldError({ id, errors, render }: { id: string; errors?: string[]; render: (key: string) => string }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700" data-form-message tabIndex={-1}>
      {errors.map(render).join(" ")}
    </p>
  );
}

/** The condition report form, for admins and trusted reporters. Posts without JavaScript too. */
export function ReportForm({
  beachName,
  limits,
  lastResult,
}: {
  beachName: string;
  limits: FormLimits;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("beach");
  const schema = conditionReportSchema(limits.temperatureUnit === "°F" ? "F" : "C");
  const [form, fields] = useZodForm(schema, {
    id: "beach-report-form",
    lastResult,
    constraint: true,
  });
  const errorText = useErrorText(limits);
  const field = (name: ConditionField) => fields[name];
  const photoErrors = fields.photo.errors;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-4"
      data-testid="report-form"
    >
      <input type="hidden" name="intent" value="report" />
      <p className="text-sm text-slate-600">{t("form.reportIntro", { beach: beachName })}</p>
      {form.errors?.length ? (
        <p
          id={form.errorId}
          role="alert"
          className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800"
          data-form-message
          tabIndex={-1}
        >
          {form.errors.map((key) => errorText(key)).join(" ")}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {conditionFieldNames.map((name) => {
          const meta = field(name);
          return (
            <div key={name}>
              <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
                {t(`conditions.fields.${name}`)}
              </label>
              <select
                {...getSelectProps(meta)}
                key={meta.key}
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
              >
                <option value="">{t("form.notObserved")}</option>
                {conditionFields[name].map((value) => (
                  <option key={value} value={value}>
                    {t(`conditions.${name}.${value}`)}
                  </option>
                ))}
              </select>
              <FieldError id={meta.errorId} errors={meta.errors} render={(key) => errorText(key)} />
            </div>
          );
        })}
        <div>
          <label htmlFor={fields.waterTemp.id} className="block text-sm font-medium text-slate-800">
            {t("conditions.fields.waterTemp")}
          </label>
          <input
            {...getInputProps(fields.waterTemp, { type: "text" })}
            key={fields.waterTemp.key}
            inputMode="decimal"
            aria-describedby={`${fields.waterTemp.descriptionId} ${fields.waterTemp.errors ? fields.waterTemp.errorId : ""}`.trim()}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
          <p id={fields.waterTemp.descriptionId} className="mt-1 text-xs text-slate-500">
            {t("form.waterTempHint", { unit: limits.temperatureUnit })}
          </p>
          <FieldError id={fields.waterTemp.errorId} errors={fields.waterTemp.errors} render={(key) => errorText(key)} />
        </div>
      </div>
      <div>
        <label htmlFor={fields.note.id} className="block text-sm font-medium text-slate-800">
          {t("conditions.fields.note")}
        </label>
        <textarea
          {...getTextareaProps(fields.note)}
          key={fields.note.key}
          rows={3}
          maxLength={limits.reportNoteMax}
          aria-describedby={`${fields.note.descriptionId} ${fields.note.errors ? fields.note.errorId : ""}`.trim()}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
        />
        <p id={fields.note.descriptionId} className="mt-1 text-xs text-slate-500">
          {t("form.noteHint", { max: limits.reportNoteMax })}
        </p>
        <FieldError id={fields.note.errorId} errors={fields.note.errors} render={(key) => errorText(key, "note")} />
      </div>
      <div>
        <label htmlFor="beach-report-photo" className="block text-sm font-medium text-slate-800">
          {t("conditions.fields.photo")}
        </label>
        <input
          id="beach-report-photo"
          name={fields.photo.name}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`beach-report-photo-hint${photoErrors ? " beach-report-photo-error" : ""}`}
          aria-invalid={photoErrors ? true : undefined}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold"
        />
        <p id="beach-report-photo-hint" className="mt-1 text-xs text-slate-500">
          {t("form.photoHint", { maxMb: limits.photoMaxMb })}
        </p>
        <FieldError id="beach-report-photo-error" errors={photoErrors} render={(key) => errorText(key)} />
      </div>
      <button type="submit" className="btn-primary">
        {t("form.submit")}
      </button>
    </Form>
  );
}
