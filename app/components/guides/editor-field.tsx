import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { FieldErrors, inputClass } from "#app/components/accounts/fields";

/** A labelled input or Markdown textarea of the content editors, with its hint and errors. */
export function EditorField({
  field,
  label,
  hint,
  multiline = false,
  rows = 4,
  type = "text",
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  multiline?: boolean;
  rows?: number;
  type?: "text" | "date" | "url" | "tel";
}) {
  const hintId = `${field.id}-hint`;
  const describedBy = hint ? hintId : undefined;
  const input = multiline ? null : getInputProps(field, { type, ariaDescribedBy: describedBy });
  const textarea = multiline ? getTextareaProps(field, { ariaDescribedBy: describedBy }) : null;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {textarea ? (
        <textarea {...textarea} key={textarea.key} rows={rows} className={`${inputClass} font-mono text-sm`} />
      ) : input ? (
        <input {...input} key={input.key} className={inputClass} />
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
