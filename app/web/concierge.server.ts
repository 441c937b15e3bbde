import type { AppLoadContext } from "react-router";
import { askConcierge, type ConciergeAnswer, newConversationToken } from "#app/domain/concierge/concierge.server";
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
  });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (!existing) {
    headers.append(
      "Set-Cookie",
      `${conversationCookieName}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400${isHttpsRequest(request) ? "; Secure" : ""}`,
    );
  }
  return { answer: { ...answer, html: renderMarkdown(answer.answer) }, headers };
}
