import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useFormMessage } from "#app/components/ui/form-message";
import { X } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { proseClass } from "#app/components/ui/prose";
import { maxQuestionLength } from "#app/compose/concierge/intents";
import { localizePath } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { type AnswerView, ConciergeAnswer } from "./answer";
import { StreamingMarkdown } from "./streaming-markdown";
import { submitOnEnter } from "./submit-on-enter";

interface ChatReply {
  question: string;
  error: string | null;
  answer: AnswerView | null;
}

interface Streamed {
  question: string;
  markdown: string;
  /** The server's sanitized HTML of the whole answer, once it is done. */
  html: string | null;
  citations: AnswerView["citations"];
  error: string | null;
}

/** Reads a server-sent events body, calling `onEvent` for each complete event. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: unknown) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = block.match(/^event: (.*)$/m)?.[1] ?? "message";
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6))
        .join("\n");
      if (data) onEvent(event, JSON.parse(data));
      end = buffer.indexOf("\n\n");
    }
  }
}

/**
 * The concierge in a panel: the same form and answer as /chat. With fetch streams the answer is
 * read from POST /api/v1/concierge as it is written (checked sentence by sentence on the server);
 * otherwise the form posts to /chat's action.
 */
export default function ChatWidget({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("concierge");
  const language = useLanguage();
  const fetcher = useFetcher<ChatReply>();
  const message = useFormMessage({ max: maxQuestionLength });
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const busy = fetcher.state !== "idle";
  const reply = fetcher.data;
  const [streamed, setStreamed] = useState<Streamed | null>(null);
  const [streaming, setStreaming] = useState(false);
  const error = streamed ? streamed.error : reply?.error ? message(reply.error) : null;

  async function ask(event: FormEvent<HTMLFormElement>) {
    const question = new FormData(event.currentTarget).get("question");
    if (typeof question !== "string" || !question.trim() || typeof ReadableStream === "undefined") return;
    event.preventDefault();
    setStreaming(true);
    let state: Streamed = { question, markdown: "", html: null, citations: [], error: null };
    const update = (next: Partial<Streamed>) => {
      state = { ...state, ...next };
      setStreamed(state);
    };
    update({});
    try {
      const response = await fetch("/api/v1/concierge", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ question, lang: language }),
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        update({ error: body?.error?.message ?? t("widget.failed") });
        return;
      }
      await readEvents(response.body, (name, data) => {
        if (name === "delta") update({ markdown: state.markdown + (data as { text: string }).text });
        else if (name === "done") {
          const done = data as { html: string; citations: AnswerView["citations"] };
          update({ html: done.html, citations: done.citations });
        } else if (name === "error") update({ error: (data as { message: string }).message });
      });
      if (inputRef.current) inputRef.current.value = "";
    } catch {
      update({ error: t("widget.failed") });
    } finally {
      setStreaming(false);
    }
  }

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
        {streamed?.html != null ? (
          <ConciergeAnswer
            answer={{ question: streamed.question, html: streamed.html, citations: streamed.citations }}
            headingLevel={3}
          />
        ) : streamed?.markdown ? (
          <section aria-labelledby="concierge-answer-title" className="space-y-3" data-testid="concierge-answer">
            <p className="text-sm text-slate-600">
              <span className="font-medium">{t("page.youAsked")}:</span> {streamed.question}
            </p>
            <h3 id="concierge-answer-title" className="sr-only">
              {t("page.answerTitle")}
            </h3>
            <div className={`${proseClass} text-base`}>
              <StreamingMarkdown markdown={streamed.markdown} />
            </div>
          </section>
        ) : reply?.answer && !streamed ? (
          <ConciergeAnswer answer={reply.answer} headingLevel={3} />
        ) : (
          <p className="text-sm text-slate-600">{t("page.intro")}</p>
        )}
        {busy || streaming ? <p className="mt-2 text-sm text-slate-600">{t("widget.loading")}</p> : null}
      </div>
      <fetcher.Form
        method="post"
        action={localizePath("/chat", language)}
        onSubmit={ask}
        className="space-y-2 border-t border-slate-200 px-4 py-3"
      >
        <label htmlFor="concierge-widget-question" className="block text-sm font-medium text-slate-800">
          {t("page.label")}
        </label>
        <textarea
          ref={inputRef}
          id="concierge-widget-question"
          onKeyDown={submitOnEnter}
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
          <button type="submit" className="btn-primary" disabled={busy || streaming}>
            {t("page.submit")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
