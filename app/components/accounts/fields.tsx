import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { FieldErrors } from "#app/components/ui/form-message";

export function Notice({ children, tone = "success" }: { children: React.ReactNode; tone?: "success" | "info" }) {
  const colors =
    tone === "success" ? "border-green-200 bg-green-50 text-green-900" : "border-brand-100 bg-brand-50 text-brand-900";
  return (
    <div role="status" className={`rounded-md border p-3 text-sm ${colors}`} data-testid="notice">
      {children}
    </div>
  );
}

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-700 aria-[invalid=true]:border-red-600";

export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  hint,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form schema; the field is rendered as a string input
  field: FieldMetadata<any, any, string[]>;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  hint?: string;
}) {
  const hintId = `${field.id}-hint`;
  const props = getInputProps(field, { type, ariaDescribedBy: hint ? hintId : undefined });
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input {...props} key={props.key} autoComplete={autoComplete} className={inputClass} />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export { FieldErrors, FormErrors } from "#app/components/ui/form-message";
