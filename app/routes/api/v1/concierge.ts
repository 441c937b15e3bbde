import { conciergeQuestionSchema } from "#app/compose/concierge/forms";
import { AppError } from "#app/lib/errors";
import { orApiError } from "#app/lib/errors.server";
import { isLanguage, type Language, languageFromAcceptLanguage } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import type { RouteHandle } from "#app/lib/route-handle";
import { askForRequest } from "#app/web/concierge.server";
import type { Route } from "./+types/concierge";

// The API takes JSON (the server's input check refuses any other non-form body with 415); the body
// is checked like any form (conciergeQuestionSchema): a question of 1 to 500 characters and an optional lang.
export const handle = { acceptsJson: true } satisfies RouteHandle;

// The API's messages never repeat what was typed (see beach-report.ts): a fixed message per code.
const apiMessages: Record<string, string> = {
  invalid: "concierge:apiErrors.invalid",
  rate_limited: "concierge:apiErrors.rateLimited",
};

/**
 * POST /api/v1/concierge with {"question": "...", "lang": "en"|"es"} answers {"answer":
 * "<markdown>", "citations": [{title, url}], "intent"}. 400 for bad input, 429 when limited; the
 * conversation follows the playa.concierge cookie, like the chat page. Never cached.
 * With `Accept: text/event-stream` the answer comes as server-sent events instead: `delta`
 * ({text}: checked Markdown, in order), then `done` ({citations, intent, lang, html: the whole answer
 * rendered and sanitized}) or `error`
 * ({code, message}); 400 and 429 are still JSON, sent before any stream starts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  let raw: unknown = null;
  try {
    raw = await request.json();
  } catch {
    raw = null;
  }
  const requested = (raw as { lang?: unknown } | null)?.lang;
  const language: Language = isLanguage(requested)
    ? requested
    : (languageFromAcceptLanguage(request.headers.get("accept-language")) ?? "en");
  const ask = (streaming?: Pick<Parameters<typeof askForRequest>[0], "onText" | "onAccepted">) =>
    orApiError(
      language,
      async () => {
        const parsed = conciergeQuestionSchema.safeParse(raw);
        if (!parsed.success) throw new AppError("invalid", "concierge:apiErrors.invalid");
        return askForRequest({ request, context, question: parsed.data.question, language, ...streaming });
      },
      (error) => ({
        code: error.code,
        messageKey: apiMessages[error.code] ?? "concierge:apiErrors.invalid",
        values: {},
      }),
    );
  if (/\btext\/event-stream\b/i.test(request.headers.get("accept") ?? "")) return streamAnswer(ask, language);
  const { answer, headers } = await ask();
  return Response.json(
    { answer: answer.answer, citations: answer.citations, intent: answer.intent, lang: answer.language },
    { headers },
  );
}

type Ask = (streaming: {
  onText: (text: string) => void;
  onAccepted: (headers: Headers) => void;
}) => ReturnType<typeof askForRequest>;

/**
 * The answer as server-sent events. The response starts only once the question is accepted
 * (validated, within the limits), so a bad question still gets its 400 JSON; after that a failure
 * is an `error` event, the status being already sent.
 */
async function streamAnswer(ask: Ask, language: Language): Promise<Response> {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const queued: Uint8Array[] = [];
  let closed = false;
  const send = (event: string, data: unknown) => {
    if (closed) return;
    const chunk = encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    if (controller) controller.enqueue(chunk);
    else queued.push(chunk);
  };
  const close = () => {
    if (closed) return;
    closed = true;
    controller?.close();
  };
  let accept: (headers: Headers) => void = () => {};
  const accepted = new Promise<Headers>((resolve) => {
    accept = resolve;
  });
  const asking = ask({ onText: (text) => send("delta", { text }), onAccepted: (headers) => accept(headers) });
  // A refused question rejects before it is accepted: orApiError's 400/429 response is thrown as is.
  const headers = await Promise.race([accepted, asking.then(({ headers }) => headers)]);
  asking.then(
    ({ answer }) => {
      send("done", { citations: answer.citations, intent: answer.intent, lang: answer.language, html: answer.html });
      close();
    },
    async (error: unknown) => {
      logger.error({ err: error }, "concierge stream failed");
      const t = await getTranslator(language);
      send("error", { code: "failed", message: t("concierge:apiErrors.failed") });
      close();
    },
  );
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      for (const chunk of queued.splice(0)) streamController.enqueue(chunk);
      if (closed) streamController.close();
    },
    cancel() {
      closed = true;
    },
  });
  headers.set("Content-Type", "text/event-stream; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  headers.set("X-Accel-Buffering", "no");
  return new Response(body, { headers });
}

export function loader() {
  return Response.json(
    { error: { code: "method_not_allowed", message: 'POST a JSON body {"question", "lang"}.' } },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}
