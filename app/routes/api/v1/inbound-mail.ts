import { timingSafeEqual } from "node:crypto";
import { relayInboundMail } from "#app/features/classifieds/relay.server";
import { env } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { readFormData } from "#app/web/form-action.server";
import type { Route } from "./+types/inbound-mail";

// The classifieds mail relay's inbound webhook (docs/operations.md "Classifieds mail relay"): the
// mail provider posts each message sent to relay+<token>@<relay domain> here as form fields, with
// the shared secret INBOUND_MAIL_SECRET as a bearer token (or X-Inbound-Secret). Field names of
// the common providers are accepted: to/recipient, from/sender, subject, text/body-plain/stripped-text.
// Answers 200 with what was done, also when the relay refuses (a closed ad, an unknown sender):
// the provider must not retry those. Without the secret configured the endpoint does not exist.

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

function secretMatches(request: Request, secret: string) {
  const header = request.headers.get("authorization") ?? "";
  const given = header.toLowerCase().startsWith("bearer ")
    ? header.slice(7).trim()
    : (request.headers.get("x-inbound-secret") ?? "");
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function field(form: FormData, ...names: string[]) {
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string" && value.trim()) return value;
  }
  return "";
}

export async function loader() {
  return json({ error: "method not allowed" }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  const secret = env().INBOUND_MAIL_SECRET;
  if (!secret) return json({ error: "not found" }, 404);
  if (request.method !== "POST") return json({ error: "method not allowed" }, 405);
  if (!secretMatches(request, secret)) return json({ error: "unauthorized" }, 401);
  const form = await readFormData(request);
  if (!form) return json({ error: "a form body is expected" }, 400);
  const to = field(form, "recipient", "to", "To");
  const from = field(form, "sender", "from", "From");
  const text = field(form, "stripped-text", "text", "body-plain", "TextBody");
  if (!to || !from) return json({ error: "to and from are required" }, 400);
  try {
    return json(await relayInboundMail({ to, from, text, subject: field(form, "subject", "Subject") }));
  } catch (error) {
    logger.error({ err: error }, "inbound mail relay failed");
    throw error;
  }
}
