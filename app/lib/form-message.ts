// Form messages travel as translation keys, never as text: the server does not know which words
// the reader's page will show, and the client must not guess whether a string is a key. A message
// that needs values carries them after "?", like a query string:
//   "accounts:auth.errors.invalidCredentials"
//   "common:errors.rateLimited?retryAfterSeconds=120&count=2"
// Client-side Zod messages are plain keys, so both sides read the same way.

export type MessageValues = Record<string, string | number>;

export function formMessage(key: string, values?: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values ?? {})) {
    if (typeof value === "string" || typeof value === "number") params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `${key}?${query}` : key;
}

export function parseFormMessage(message: string): { key: string; values: MessageValues } {
  const at = message.indexOf("?");
  if (at < 0) return { key: message, values: {} };
  const values: MessageValues = {};
  for (const [name, value] of new URLSearchParams(message.slice(at + 1))) {
    // Plural rules need `count` as a number.
    values[name] = value !== "" && Number.isFinite(Number(value)) ? Number(value) : value;
  }
  return { key: message.slice(0, at), values };
}
