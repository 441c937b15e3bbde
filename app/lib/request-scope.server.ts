import { AsyncLocalStorage } from "node:async_hooks";

// What one request learned on its way through the app that its HTTP answer must reflect, however
// deep it was learned: a refused attempt's wait (Retry-After on the 429) and a lost database
// connection (503 instead of 500). The HTTP layer opens a scope per request (server/app.ts).

export interface RequestScope {
  /** The longest wait a rate limit asked for during this request, in seconds. */
  retryAfterSeconds?: number;
  /** A loader or action failed because the database connection was lost. */
  databaseUnavailable?: boolean;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function runInRequestScope<T>(scope: RequestScope, run: () => T): T {
  return storage.run(scope, run);
}

export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore();
}

export function noteRetryAfter(seconds: number) {
  const scope = storage.getStore();
  if (scope) scope.retryAfterSeconds = Math.max(scope.retryAfterSeconds ?? 0, Math.ceil(seconds));
}

export function noteDatabaseUnavailable() {
  const scope = storage.getStore();
  if (scope) scope.databaseUnavailable = true;
}
