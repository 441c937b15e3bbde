import { type ReactNode, useRef } from "react";
import { Form, useLocation } from "react-router";
import { useTranslation } from "#app/lib/translations";

/**
 * A button that asks before doing something that cannot be undone (disable an account, hide a
 * review). It is a <details> element, so it works without JavaScript: the trigger opens the
 * question, "Yes" posts the form, "Cancel" goes back to the page as it was (with JavaScript it
 * simply closes). `fields` are the hidden inputs the action needs (intent, ids).
 */
export function ConfirmDialog({
  trigger,
  title,
  message,
  confirm,
  fields,
  tone = "danger",
  testId,
}: {
  trigger: string;
  title: string;
  message?: ReactNode;
  confirm: string;
  fields: Record<string, string>;
  tone?: "danger" | "primary";
  testId?: string;
}) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  const buttonClass = tone === "danger" ? "btn-primary bg-red-700 hover:bg-red-800" : "btn-primary";
  return (
    <details ref={details} className="group relative" data-testid={testId}>
      <summary
        className={`${tone === "danger" ? "btn-secondary text-red-800" : "btn-secondary"} cursor-pointer list-none`}
      >
        {trigger}
      </summary>
      <div
        role="alertdialog"
        aria-label={title}
        className="mt-2 w-full max-w-sm rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:absolute sm:z-10 sm:w-80"
      >
        <p className="font-semibold">{title}</p>
        {message ? <div className="mt-1 text-sm text-slate-600">{message}</div> : null}
        <Form method="post" className="mt-3 flex flex-wrap gap-2">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClass}>
            {confirm}
          </button>
          <a
            href={`${location.pathname}${location.search}`}
            className="btn-secondary"
            onClick={(event) => {
              event.preventDefault();
              if (details.current) details.current.open = false;
            }}
          >
            {t("ui.confirm.cancel")}
          </a>
        </Form>
      </div>
    </details>
  );
}
