import { startLoopbackServer } from "../support/loopback-server";

// A local stand-in for the part of ONVO Pay's API billing uses (docs.onvopay.com): creating a
// Checkout one-time link (POST /v1/checkout/sessions/one-time-link, Bearer secret key, amounts in
// the currency's minor unit) and retrieving a payment intent (GET /v1/payment-intents/:id). It
// serves a small hosted "Checkout" page whose buttons pay by card or SINPE Móvil (or fail), and,
// like ONVO, sends the webhooks ({ type, data } with the X-Webhook-Secret header) to the URL it is
// given, then sends the buyer to the session's redirect URL.

export interface FakeOnvoSession {
  id: string;
  status: "open" | "succeeded";
  lineItems: { quantity: number; unitAmount: number; currency: string; description: string }[];
  customerEmail?: string;
  redirectUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  paymentIntentId: string | null;
}

export interface FakeOnvoIntent {
  id: string;
  amount: number;
  currency: string;
  status: "succeeded" | "requires_payment_method" | "processing";
  paymentMethodType: "card" | "mobile_transfer";
}

export interface FakeOnvoEvent {
  type: string;
  data: Record<string, unknown>;
}

export interface FakeOnvo {
  url: string;
  port: number;
  calls: { method: string; path: string; body: unknown; authorization: string | undefined }[];
  sessions: Map<string, FakeOnvoSession>;
  intents: Map<string, FakeOnvoIntent>;
  /**
   * The buyer pays (or fails to): the intent is recorded as ONVO would, and the events ONVO sends
   * for it are answered (sent to the webhook URL too when one was given). `amount` overrides the
   * session's total (a payment for less than asked).
   */
  pay(
    sessionId: string,
    options?: { outcome?: "succeeded" | "failed"; method?: "card" | "mobile_transfer"; amount?: number },
  ): Promise<FakeOnvoEvent[]>;
  close(): Promise<void>;
}

const total = (session: FakeOnvoSession) =>
  session.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);

export async function startFakeOnvo(
  options: { port?: number; secretKey?: string; webhookUrl?: string; webhookSecret?: string } = {},
): Promise<FakeOnvo> {
  const calls: FakeOnvo["calls"] = [];
  const sessions: FakeOnvo["sessions"] = new Map();
  const intents: FakeOnvo["intents"] = new Map();
  let counter = 0;

  async function deliver(events: FakeOnvoEvent[]) {
    if (!options.webhookUrl) return;
    for (const event of events)
      await fetch(options.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "x-webhook-secret": options.webhookSecret ?? "" },
        body: JSON.stringify(event),
      });
  }

  async function pay(
    sessionId: string,
    settings: { outcome?: "succeeded" | "failed"; method?: "card" | "mobile_transfer"; amount?: number } = {},
  ) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no fake ONVO session ${sessionId}`);
    const outcome = settings.outcome ?? "succeeded";
    const intent: FakeOnvoIntent = {
      id: `pi_onvo_${++counter}`,
      amount: settings.amount ?? total(session),
      currency: session.lineItems[0]?.currency ?? "CRC",
      status: outcome === "succeeded" ? "succeeded" : "requires_payment_method",
      paymentMethodType: settings.method ?? "card",
    };
    intents.set(intent.id, intent);
    const events: FakeOnvoEvent[] = [];
    if (outcome === "failed") {
      events.push({
        type: "payment-intent.failed",
        data: { ...intent, error: { message: "Card declined", code: "card_declined" } },
      });
    } else {
      session.status = "succeeded";
      session.paymentIntentId = intent.id;
      events.push({ type: "payment-intent.succeeded", data: { ...intent } });
      events.push({
        type: "checkout-session.succeeded",
        data: {
          id: session.id,
          status: "succeeded",
          paymentIntentId: intent.id,
          currency: intent.currency,
          metadata: session.metadata,
        },
      });
    }
    await deliver(events);
    return events;
  }

  const server = await startLoopbackServer(async (request, reply) => {
    const { path } = request;
    const raw = request.body.toString("utf8");
    const json = (status: number, value: unknown) => reply.json(status, value);
    if (path.startsWith("/v1/")) {
      let body: unknown = null;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          return json(400, { statusCode: 400, message: "invalid JSON" });
        }
      }
      calls.push({ method: request.method, path, body, authorization: request.headers.authorization });
      const key = request.headers.authorization?.replace(/^Bearer /, "");
      if (!key || (options.secretKey && key !== options.secretKey))
        return json(401, { statusCode: 401, message: "Unauthorized" });
      if (request.method === "POST" && path === "/v1/checkout/sessions/one-time-link") {
        const input = body as Partial<FakeOnvoSession> | null;
        const items = input?.lineItems;
        const valid =
          Array.isArray(items) &&
          items.length > 0 &&
          items.every(
            (item) =>
              Number.isInteger(item.unitAmount) &&
              item.unitAmount > 0 &&
              Number.isInteger(item.quantity) &&
              typeof item.currency === "string",
          ) &&
          typeof input?.redirectUrl === "string" &&
          typeof input?.cancelUrl === "string";
        if (!valid || !input) return json(400, { statusCode: 400, message: "invalid one-time link" });
        const id = `cs_onvo_${++counter}`;
        sessions.set(id, {
          id,
          status: "open",
          lineItems: input.lineItems ?? [],
          customerEmail: input.customerEmail,
          redirectUrl: input.redirectUrl ?? "",
          cancelUrl: input.cancelUrl ?? "",
          metadata: input.metadata ?? {},
          paymentIntentId: null,
        });
        return json(201, {
          id,
          url: `${request.origin}/checkout/${id}`,
          status: "open",
          metadata: input.metadata ?? {},
        });
      }
      const intentMatch = path.match(/^\/v1\/payment-intents\/([\w-]+)$/);
      if (request.method === "GET" && intentMatch) {
        const intent = intents.get(intentMatch[1]);
        return intent ? json(200, intent) : json(404, { statusCode: 404, message: "Not found" });
      }
      return json(404, { statusCode: 404, message: `no stand-in for ${request.method} ${path}` });
    }
    const page = path.match(/^\/checkout\/([\w-]+)(\/pay)?$/);
    const session = page ? sessions.get(page[1]) : undefined;
    if (page && session && request.method === "POST" && page[2]) {
      const form = new URLSearchParams(raw);
      const method = form.get("method") === "mobile_transfer" ? "mobile_transfer" : "card";
      const outcome = form.get("outcome") === "failed" ? "failed" : "succeeded";
      await pay(session.id, { method, outcome });
      return reply.empty(303, { location: outcome === "failed" ? session.cancelUrl : session.redirectUrl });
    }
    if (page && session && request.method === "GET" && !page[2]) {
      const amount = (total(session) / 100).toLocaleString("es-CR");
      return reply.html(
        `<!doctype html><html lang="es"><meta name="viewport" content="width=device-width"><title>ONVO Checkout (test)</title>` +
          `<main><h1>ONVO Checkout (test)</h1><p id="amount">₡${amount}</p>` +
          `<form method="post" action="/checkout/${session.id}/pay"><input type="hidden" name="method" value="card">` +
          `<button id="pay-card">Pagar con tarjeta</button></form>` +
          `<form method="post" action="/checkout/${session.id}/pay"><input type="hidden" name="method" value="mobile_transfer">` +
          `<button id="pay-sinpe">Pagar con SINPE Móvil</button></form>` +
          `<a id="cancel" href="${session.cancelUrl}">Cancelar</a></main></html>`,
      );
    }
    json(404, { error: "not found" });
  }, options);
  return { ...server, calls, sessions, intents, pay };
}
