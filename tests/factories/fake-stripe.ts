import { startLoopbackServer } from "../support/loopback-server";

// A local stand-in for the few Stripe API calls billing makes (Checkout and Billing Portal
// sessions), so tests never reach the network. It records what was asked and serves a tiny
// "checkout page" whose Pay button goes to the success URL; the test then posts the signed
// webhook Stripe would send.

export interface FakeStripe {
  url: string;
  port: number;
  /** Form bodies of the API calls, by path ("/v1/checkout/sessions"). */
  calls: { path: string; body: URLSearchParams; authorization: string | undefined }[];
  /** The checkout sessions made, by id (success URL and metadata, as Stripe keeps them). */
  sessions: Map<string, { successUrl: string; cancelUrl: string; metadata: Record<string, string> }>;
  close(): Promise<void>;
}

function metadataOf(body: URLSearchParams, prefix: string) {
  const metadata: Record<string, string> = {};
  for (const [key, value] of body) {
    const match = key.match(new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[(\\w+)\\]$`));
    if (match) metadata[match[1]] = value;
  }
  return metadata;
}

export async function startFakeStripe(options: { port?: number } = {}): Promise<FakeStripe> {
  const calls: FakeStripe["calls"] = [];
  const sessions: FakeStripe["sessions"] = new Map();
  let counter = 0;
  const server = await startLoopbackServer((request, reply) => {
    const body = new URLSearchParams(request.body.toString("utf8"));
    const json = (status: number, value: unknown) => reply.json(status, value, { "request-id": `req_${++counter}` });
    const { path } = request;
    if (request.method === "POST" && path.startsWith("/v1/")) {
      calls.push({ path, body, authorization: request.headers.authorization });
      if (path === "/v1/checkout/sessions") {
        const id = `cs_test_${++counter}`;
        sessions.set(id, {
          successUrl: body.get("success_url") ?? "",
          cancelUrl: body.get("cancel_url") ?? "",
          metadata: metadataOf(body, "metadata"),
        });
        return json(200, { id, object: "checkout.session", mode: "subscription", url: `${request.origin}/pay/${id}` });
      }
      if (path === "/v1/billing_portal/sessions")
        return json(200, {
          id: `bps_${++counter}`,
          object: "billing_portal.session",
          url: `${request.origin}/portal/${body.get("customer")}`,
        });
      return json(404, { error: { type: "invalid_request_error", message: `no fake for ${path}` } });
    }
    if (request.method === "GET" && path.startsWith("/pay/")) {
      const session = sessions.get(path.slice("/pay/".length));
      if (!session) return json(404, { error: "no such session" });
      return reply.html(
        `<!doctype html><html lang="en"><title>Test checkout</title><main><h1>Test checkout</h1>` +
          `<a id="pay" href="${session.successUrl}">Pay</a> <a id="cancel" href="${session.cancelUrl}">Cancel</a></main></html>`,
      );
    }
    json(404, { error: "not found" });
  }, options);
  return { ...server, calls, sessions };
}
