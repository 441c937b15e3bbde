import { useEffect, useRef } from "react";
import { useFetchers, useNavigation } from "react-router";
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
    <div id={id} className="mt-1 text-sm text-red-700" data-testid="field-error" data-form-message tabIndex={-1}>
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
      data-form-message
      tabIndex={-1}
    >
      {shown.map((error) => (
        <p key={error}>{text(error)}</p>
      ))}
    </div>
  );
}

/**
 * Brings the page's first form message into view and focuses it (its field when the message
 * describes one, so a screen reader reads the label and the message together).
 */
export function revealFirstFormMessage(root: ParentNode = document) {
  const message = root.querySelector<HTMLElement>("[data-form-message]");
  if (!message) return false;
  // A control the message describes; Conform also points the <form> itself at its form-level
  // message, and a form element takes no focus.
  const field = message.id
    ? root.querySelector<HTMLElement>(
        `:is(input, select, textarea, button)[aria-describedby~="${CSS.escape(message.id)}"]`,
      )
    : null;
  message.scrollIntoView({ block: "center" });
  (field ?? message).focus({ preventScroll: true });
  return true;
}

/**
 * Reveals the first form message now, or as soon as one is rendered within `waitMs`: a Conform
 * form renders what the server answered a render after the post settles (it reads the answer in
 * an effect of its own), later than the root's effect. Answers a function that stops waiting.
 */
export function revealFormMessageWhenShown(waitMs = 500): () => void {
  if (revealFirstFormMessage()) return () => {};
  const observer = new MutationObserver(() => {
    if (revealFirstFormMessage()) stop();
  });
  const timer = setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * Once per post that comes back with messages: a refused form is often answered with the visitor
 * scrolled down at its button, far below the message that says what to change. Used once, in the
 * root, so every form that marks its messages with data-form-message (FormErrors and FieldErrors
 * do) gets it. A form the
 * browser checked before sending never posts: Conform focuses its first invalid field itself.
 */
export function useRevealFormMessagesAfterPost() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const posting = navigation.state === "submitting" || fetchers.some((fetcher) => fetcher.state === "submitting");
  const settled = navigation.state === "idle" && fetchers.every((fetcher) => fetcher.state === "idle");
  const posted = useRef(false);
  useEffect(() => {
    if (posting) posted.current = true;
    else if (settled && posted.current) {
      posted.current = false;
      return revealFormMessageWhenShown();
    }
  }, [posting, settled]);
}

function filesOf(form: HTMLFormElement) {
  return [...form.querySelectorAll<HTMLInputElement>('input[type="file"]')];
}

function bytesChosen(form: HTMLFormElement) {
  return filesOf(form).reduce(
    (total, input) => total + [...(input.files ?? [])].reduce((sum, file) => sum + file.size, 0),
    0,
  );
}

/**
 * Checks chosen files against the server's upload limit in the browser: on choosing, the field
 * says at once (in the page's language) that the file is too large, and a form over the limit is
 * not sent. The server answers such a post with the form and its message too (without scripts),
 * but only after the whole file has crossed a phone's connection. Used once, in the root.
 */
export function useUploadSizeCheck(limitBytes: number | undefined) {
  const { t } = useTranslation("common");
  useEffect(() => {
    if (!limitBytes) return;
    const message = t("errors.form.uploadTooLarge", { maxMb: Math.floor(limitBytes / 1024 / 1024) });
    const check = (form: HTMLFormElement) => {
      const over = bytesChosen(form) > limitBytes;
      const inputs = filesOf(form);
      for (const input of inputs) input.setCustomValidity(over && input.files?.length ? message : "");
      return over ? (inputs.find((input) => input.files?.length) ?? null) : null;
    };
    const onChange = (event: Event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== "file" || !input.form) return;
      check(input.form)?.reportValidity();
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const over = check(form);
      if (!over) return;
      // Before React Router's own listener: nothing is sent.
      event.preventDefault();
      event.stopImmediatePropagation();
      over.focus();
      over.reportValidity();
    };
    document.addEventListener("change", onChange, true);
    window.addEventListener("submit", onSubmit, true);
    return () => {
      document.removeEventListener("change", onChange, true);
      window.removeEventListener("submit", onSubmit, true);
    };
  }, [limitBytes, t]);
}
