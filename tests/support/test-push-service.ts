import { startLoopbackServer } from "./loopback-server";
import {
  createSubscriberKeys,
  decryptWebPush,
  type SubscriberKeys,
  type VapidClaims,
  verifyVapidHeader,
} from "./web-push-decrypt";

// A push service on loopback for the tests: it stands where Google's, Mozilla's or Apple's would,
// records every request, checks its VAPID signature, and decrypts the payload with the keys of the
// subscription it was sent to. `respond` chooses the answer per subscription (201 by default;
// 410 for one that expired, 500 for a service in trouble).

export interface ReceivedPush {
  /** The subscription's id in the service (the endpoint's last path segment). */
  id: string;
  headers: Record<string, string | string[] | undefined>;
  vapid: VapidClaims;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  status: number;
}

export interface TestPushService {
  origin: string;
  /** A new subscription at this service: its endpoint and the browser's keys. */
  subscribe(): { id: string; endpoint: string; keys: SubscriberKeys };
  /** Registers keys made elsewhere (a browser test hands the page's own keys in). */
  register(id: string, keys: SubscriberKeys): string;
  received: ReceivedPush[];
  /** Requests that could not be verified or decrypted (they fail the test that reads them). */
  problems: string[];
  respond(id: string, status: number): void;
  close(): Promise<void>;
}

/** On `port` (a browser test's server is told it in advance), or any free one. */
export async function startTestPushService(options: { port?: number } = {}): Promise<TestPushService> {
  const subscribers = new Map<string, SubscriberKeys>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  let counter = 0;
  const server = await startLoopbackServer((request, reply) => {
    const id = decodeURIComponent(request.path.split("/").pop() ?? "");
    const keys = subscribers.get(id);
    const status = statuses.get(id) ?? 201;
    try {
      if (request.method !== "POST") throw new Error(`method ${request.method}`);
      if (!keys) throw new Error(`unknown subscription ${id}`);
      if (request.headers["content-encoding"] !== "aes128gcm")
        throw new Error(`content-encoding ${request.headers["content-encoding"]}`);
      const vapid = verifyVapidHeader(request.headers.authorization);
      const payload = JSON.parse(decryptWebPush(request.body, keys));
      received.push({ id, headers: request.headers, vapid, payload, status });
    } catch (error) {
      problems.push(`${id}: ${(error as Error).message}`);
      return reply.empty(400);
    }
    reply.empty(status);
  }, options);
  const origin = server.url;
  const register = (id: string, keys: SubscriberKeys) => {
    subscribers.set(id, keys);
    return `${origin}/push/${id}`;
  };
  return {
    origin,
    register,
    subscribe() {
      counter += 1;
      const keys = createSubscriberKeys();
      const id = `sub-${counter}-${Math.random().toString(36).slice(2, 8)}`;
      return { id, endpoint: register(id, keys), keys };
    },
    received,
    problems,
    respond(id, status) {
      statuses.set(id, status);
    },
    close: server.close,
  };
}
