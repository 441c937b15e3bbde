// One error type for expected failures, thrown by domain functions. Messages are i18n keys, so the
// page can show them in either language. errors.server.ts is the one place that turns them into
// what the visitor sees: orAppError (a page's status and translated message, for loaders) and
// handleFormAction / handleAction (a form reply carrying the key, for actions).
export type AppErrorCode = "not_found" | "forbidden" | "unauthorized" | "conflict" | "invalid" | "rate_limited";

const statusByCode: Record<AppErrorCode, number> = {
  not_found: 404,
  forbidden: 403,
  unauthorized: 401,
  conflict: 409,
  invalid: 400,
  rate_limited: 429,
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    /** An i18n key, e.g. "directory:errors.slugTaken". */
    readonly messageKey: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = "AppError";
  }

  get status() {
    return statusByCode[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
