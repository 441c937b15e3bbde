import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useFormMessage } from "#app/components/ui/form-message";
import { X } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { maxQuestionLength } from "#app/domain/concierge/intents";
import { localizePath } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { type AnswerView, ConciergeAnswer } from "./answer";

interface ChatReply {
  question: string;
  error: string | null;
  answer: AnswerView | null;
}

/** The concierge in a panel: the same form and answer as /chat, posted to /chat's action. */
export default function ChatWidget({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("concierge");
  const language = useLanguage();
  const fetcher = useFetcher<ChatReply>();
  const message = useFormMessage({ max: maxQuestionLength });
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const busy = fetcher.state !== "idle";
  const reply = fetcher.data;
  const error = reply?.error ? message(reply.error) : null;

  useEffect(() => {
    inputRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  useEffect(() => {
    if (reply?.answer && inputRef.current) inputRef.current.value = "";
  }, [reply]);

  return (
    <section
      aria-labelledby="concierge-widget-title"
      className="fixed inset-x-2 bottom-2 z-50 flex max-h-[85dvh] flex-col rounded-xl border border-slate-200 bg-white shadow-2xl sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-[26rem]"
      data-testid="concierge-widget"
    >
      <header className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 id="concierge-widget-title" className="text-base font-semibold">
          {t("widget.title")}
        </h2>
        <button type="button" onClick={onClose} className="rounded-md p-1 text-slate-700 hover:bg-slate-100">
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">{t("widget.close")}</span>
        </button>
      </header>
      <div className="flex-1 overflow-y-auto px-4 py-3" aria-live="polite">
        {reply?.answer ? (
          <ConciergeAnswer answer={reply.answer} headingLevel={3} />
        ) : (
          <p className="text-sm text-slate-600">{t("page.intro")}</p>
        )}
        {busy ? <p className="mt-2 text-sm text-slate-600">{t("widget.loading")}</p> : null}
      </div>
      <fetcher.Form
        method="post"
        action={localizePath("/chat", language)}
        className="space-y-2 border-t border-slate-200 px-4 py-3"
      >
        <label htmlFor="concierge-widget-question" className="block text-sm font-medium text-slate-800">
          {t("page.label")}
        </label>
        <textarea
          ref={inputRef}
          id="concierge-widget-question"
          name="question"
          rows={2}
          required
          maxLength={maxQuestionLength}
          aria-describedby={error ? "concierge-widget-error" : undefined}
          aria-invalid={error ? true : undefined}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
        />
        {error ? (
          <p id="concierge-widget-error" role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-2">
          <LocalizedLink to="/chat" className="text-sm text-brand-800 underline">
            {t("widget.fullPage")}
          </LocalizedLink>
          <button type="submit" className="btn-primary" disabled={busy}>
            {t("page.submit")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
