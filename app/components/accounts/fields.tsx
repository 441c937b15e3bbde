import type { ReactNode } from "react";

// The accounts pages' names for the shared form parts (app/components/ui).
export { FormField as TextField, inputClass } from "#app/components/ui/form-field";
export { FieldErrors, FormErrors } from "#app/components/ui/form-message";

export function Notice({ children, tone = "success" }: { children: ReactNode; tone?: "success" | "info" }) {
  const colors =
    tone === "success" ? "border-green-200 bg-green-50 text-green-900" : "border-brand-100 bg-brand-50 text-brand-900";
  return (
    <div role="status" className={`rounded-md border p-3 text-sm ${colors}`} data-testid="notice">
      {children}
    </div>
  );
}
