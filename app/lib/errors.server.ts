import { data } from "react-router";
import { type AppError, isAppError } from "./errors";
import { getTranslator } from "./i18n.server";
import type { Language } from "./i18n";

/** Turns an AppError into the thrown response a route's ErrorBoundary shows, in the page's language. */
export async function appErrorResponse(error: AppError, language: Language) {
  const t = await getTranslator(language);
  return data(t(error.messageKey, error.details), { status: error.status });
}

/** Runs a domain call; an AppError becomes its HTTP answer, anything else stays a real failure. */
export async function orAppError<T>(language: Language, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isAppError(error)) throw await appErrorResponse(error, language);
    throw error;
  }
}
