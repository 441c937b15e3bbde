import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/translations";
import { FieldErrors, inputClass } from "./form-message";

export { inputClass };

// biome-ignore lint/suspicious/noExplicitAny: any form schema; the field is rendered as a string control
type AnyField = FieldMetadata<any, any, string[]>;

/**
 * A labelled form control wired to its Conform field: the label points at the control, the hint
 * and the error are announced with it (aria-describedby, aria-invalid), and what was typed comes
 * back after a failed post (Conform's kept value). Errors are translation keys (form-message.ts).
 */
type FormFieldProps = {
  field: AnyField;
  label: string;
  hint?: string;
  optional?: boolean;
  as?: "input" | "textarea" | "select";
  type?: "text" | "email" | "password" | "url" | "tel" | "search" | "date" | "number";
  options?: { value: string; label: string }[];
  placeholder?: string;
  rows?: number;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "decimal" | "text" | "tel" | "email" | "url" | "numeric";
  lang?: string;
};

export function FormField({
  field,
  label,
  hint,
  optional,
  as = "input",
  type = "text",
  options,
  placeholder,
  rows = 4,
  autoComplete,
  maxLength,
  inputMode,
  lang,
}: FormFieldProps) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  let control: ReactNode;
  if (as === "textarea") {
    const props = getTextareaProps(field, { ariaDescribedBy: hintId });
    control = (
      <textarea {...props} key={props.key} rows={rows} maxLength={maxLength} lang={lang} className={inputClass} />
    );
  } else if (as === "select") {
    const props = getSelectProps(field, { ariaDescribedBy: hintId });
    // Without a placeholder a choice is always made, and HTML allows `required` only on a select
    // whose first option is an empty placeholder: the server's schema still requires the value.
    control = (
      <select
        {...props}
        key={props.key}
        required={placeholder !== undefined ? props.required : undefined}
        className={`${inputClass} bg-white`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {(options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    const props = getInputProps(field, { type, ariaDescribedBy: hintId });
    control = (
      <input
        {...props}
        key={props.key}
        // Conform marks a list field `multiple`, which HTML allows only on email (and file) inputs.
        multiple={type === "email" ? props.multiple : undefined}
        autoComplete={autoComplete}
        maxLength={maxLength}
        inputMode={inputMode}
        lang={lang}
        placeholder={placeholder}
        className={inputClass}
      />
    );
  }
  return (
    <FieldFrame id={field.id} label={label} optional={optional} hint={hint} hintId={hintId}>
      {control}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </FieldFrame>
  );
}

/**
 * The English and the Spanish version of one text, side by side in the parent's grid: the same
 * control, hint and limits, each marked with its language so spelling and speech follow it.
 */
export function BilingualFields({
  en,
  es,
  labels,
  ...shared
}: Omit<FormFieldProps, "field" | "label" | "lang"> & {
  en: AnyField;
  es: AnyField;
  labels: { en: string; es: string };
}) {
  return (
    <>
      <FormField {...shared} field={en} label={labels.en} lang="en" />
      <FormField {...shared} field={es} label={labels.es} lang="es" />
    </>
  );
}

/** Label, optional mark and hint around a control FormField does not draw (a group of checkboxes, a file input). */
export function FieldFrame({
  id,
  label,
  optional,
  hint,
  hintId,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  hintId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("common");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-500"> ({t("ui.field.optional")})</span> : null}
      </label>
      {hint ? (
        <p id={hintId ?? `${id}-hint`} className="mt-0.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}
