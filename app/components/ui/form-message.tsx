import { parseFormMessage } from "#app/lib/form-message";
import { useTranslation } from "#app/lib/translations";

// Here rather than in form-field.tsx, which brings Conform: a plain form (the booking and message
// forms of a business page) styles its controls without loading a form library.
export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-700 aria-[invalid=true]:border-red-600";

/**
 * Renders form messages: every message is a translation key, optionally with values
 * (app/lib/form-message.ts), whether it came from the client's Zod check or the server's AppError.
 * `defaults` fills values a client-side schema message needs but cannot carry (a field's limits).
 */
export function useFormMessage(defaults?: Record<string, string | number>) {
  const { t } = useTranslation();
  return (message: string) => {
    const { key, values } = parseFormMessage(message);
    return t(key, { ...defaults, ...values });
  };
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const text = useFormMessage();
  if (!errors?.length) return null;
  return (
    <div id={id} className="mt-1 text-sm text-red-700" data-testid="field-error">
      {errors.map((error) => (
        <p key={error}>{text(error)}</p>
      ))}
    </div>
  );
}

export function FormErrors({ id, errors }: { id?: string; errors?: (string | null | undefined)[] | null }) {
  const text = useFormMessage();
  const shown = (errors ?? []).filter((error): error is string => Boolean(error));
  if (!shown.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
      data-testid="form-error"
    >
      {shown.map((error) => (
        <p key={error}>{text(error)}</p>
      ))}
    </div>
  );
}
