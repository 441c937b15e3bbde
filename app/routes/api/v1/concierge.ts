import { z } from "zod";
import { maxQuestionLength } from "#app/domain/concierge/intents";
import { AppError } from "#app/lib/errors";
import { orApiError } from "#app/lib/errors.server";
import { isLanguage, type Language, languageFromAcceptLanguage } from "#app/lib/i18n";
import { askForRequest } from "#app/web/concierge.server";
import type { Route } from "./+types/concierge";

const bodySchema = z.object({
  question: z.string().trim().min(1).max(maxQuestionLength),
  lang: z.enum(["en", "es"]).optional(),
});

// The API's messages never repeat what was typed (see beach-report.ts): a fixed message per code.
const apiMessages: Record<string, string> = {
  invalid: "concierge:apiErrors.invalid",
  rate_limited: "concierge:apiErrors.rateLimited",
};

/**
 * POST /api/v1/concierge with {"question": "...", "lang": "en"|"es"} answers {"answer":
 * "<markdown>", "citations": [{title, url}], "intent"}. 400 for bad input, 429 when limited; the
 * conversation follows the playa.concierge cookie, like the chat page. Never cached.
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
  const { answer, headers } = await orApiError(
    language,
    async () => {
      const parsed = bodySchema.safeParse(raw);
      if (!parsed.success) throw new AppError("invalid", "concierge:apiErrors.invalid");
      return askForRequest({ request, context, question: parsed.data.question, language });
    },
    (error) => ({ code: error.code, messageKey: apiMessages[error.code] ?? "concierge:apiErrors.invalid", values: {} }),
  );
  return Response.json(
    { answer: answer.answer, citations: answer.citations, intent: answer.intent, lang: answer.language },
    { headers },
  );
}

export function loader() {
  return Response.json(
    { error: { code: "method_not_allowed", message: 'POST a JSON body {"question", "lang"}.' } },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}
