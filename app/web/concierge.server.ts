import type { AppLoadContext } from "react-router";
import { askConcierge, type ConciergeAnswer, newConversationToken } from "#app/compose/concierge/concierge.server";
import { clientInfo } from "#app/lib/client-info.server";
import type { Language } from "#app/lib/i18n";
import { renderMarkdown } from "#app/lib/markdown.server";
import { isHttpsRequest } from "#app/lib/session-cookie.server";
import { getSessionUser } from "./session.server";

// The concierge's conversation cookie: a random token (the database keeps its hash), HttpOnly and
// only ever set on a POST, so anonymous GETs stay cacheable and no page carries it.
export const conversationCookieName = "playa.concierge";

function readToken(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  const match = header.match(/(?:^|;\s*)playa\.concierge=([A-Za-z0-9_-]{20,64})(?:;|$)/);
  return match ? match[1] : null;
}

export interface WebAnswer extends ConciergeAnswer {
  html: string;
}

/** Asks the concierge for this request's visitor; answers the answer and the cookie to set. */
export async function askForRequest(options: {
  request: Request;
  context: AppLoadContext | undefined;
  question: string;
  language: Language;
  onText?: (text: string) => void;
  /** Called with the answer's headers once the question passed validation and the rate limits. */
  onAccepted?: (headers: Headers) => void;
}): Promise<{ answer: WebAnswer; headers: Headers }> {
  const { request } = options;
  const existing = readToken(request);
  const token = existing ?? newConversationToken();
  const actor = await getSessionUser(request);
  const answer = await askConcierge({
    question: options.question,
    language: options.language,
    actor,
    ip: clientInfo(request, options.context).ip,
    conversationToken: token,
    onText: options.onText,
    onAccepted: () => options.onAccepted?.(conversationHeaders(request, existing, token)),
  });
  const headers = conversationHeaders(request, existing, token);
  return { answer: { ...answer, html: renderMarkdown(answer.answer) }, headers };
}

/** The answer's headers: never cached, and the conversation cookie when the visitor had none. */
function conversationHeaders(request: Request, existing: string | null, token: string) {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (!existing) {
    headers.append(
      "Set-Cookie",
      `${conversationCookieName}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400${isHttpsRequest(request) ? "; Secure" : ""}`,
    );
  }
  return headers;
}
