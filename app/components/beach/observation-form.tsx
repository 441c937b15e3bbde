import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { observationSchema } from "#app/features/beach/forms";
import { useTranslation } from "#app/lib/translations";
import { FieldError, type FormLimits, useErrorText } from "./report-form";

/** "I'm here": a short note any signed-in user can post, shown as unverified. */
export function ObservationForm({
  limits,
  lastResult,
}: {
  limits: FormLimits;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("beach");
  const [form, fields] = useZodForm(observationSchema, {
    id: "beach-observation-form",
    lastResult,
    constraint: true,
    shouldValidate: "onSubmit",
  });
  const errorText = useErrorText(limits);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2" data-testid="observation-form">
      <input type="hidden" name="intent" value="observation" />
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
      <label htmlFor={fields.note.id} className="block text-sm font-medium text-slate-800">
        {t("observations.label")}
      </label>
      <textarea
        {...getTextareaProps(fields.note)}
        key={fields.note.key}
        rows={2}
        maxLength={limits.observationNoteMax}
        aria-describedby={`${fields.note.descriptionId} ${fields.note.errors ? fields.note.errorId : ""}`.trim()}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
      />
      <p id={fields.note.descriptionId} className="text-xs text-slate-500">
        {t("observations.hint", { max: limits.observationNoteMax })}
      </p>
      <FieldError
        id={fields.note.errorId}
        errors={fields.note.errors}
        render={(key) => errorText(key, "observation")}
      />
      <button type="submit" className="btn-secondary">
        {t("observations.submit")}
      </button>
    </Form>
  );
}
