import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { type AppError, type AppErrorCode, isAppError } from "./errors";
import { formMessage } from "./form-message";
import type { Language } from "./i18n";
import { getTranslator } from "./i18n.server";

// The one way from an expected failure (AppError) to the visitor:
// - a page that cannot be shown (loaders, and actions whose object is gone): `orAppError` throws the
//   translated message with the error's status, which the route's ErrorBoundary shows;
// - a form that cannot be saved: `handleFormAction` (Conform forms) or `handleAction` (plain button
//   forms) answer the error's status with the translation KEY in the form reply; the page renders
//   it with t() (FormErrors, FieldErrors, useFormMessage).
// Routes never catch AppError themselves. Anything that is not an AppError stays a real failure.

function headersFor(error: AppError): HeadersInit | undefined {
  const retryAfter = error.details?.retryAfterSeconds;
  return typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : undefined;
}

/** The field an AppError names (details.field), if any. */
function fieldOf(error: AppError): string | null {
  return typeof error.details?.field === "string" ? error.details.field : null;
}

/** The form message (key plus values) an AppError reads as. */
export function appErrorMessage(error: AppError): string {
  const { field: _field, ...values } = error.details ?? {};
  return formMessage(error.messageKey, values);
}

/** Turns an AppError into the thrown response a route's ErrorBoundary shows, in the page's language. */
export async function appErrorResponse(error: AppError, language: Language) {
  const t = await getTranslator(language);
  return data(t(error.messageKey, error.details), { status: error.status, headers: headersFor(error) });
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

/**
 * The JSON API's form of orAppError: an AppError becomes `{ error: { code, message } }` with its
 * status (thrown as a Response, which resource routes answer as it is). `describe` names the error
 * for API clients and may choose the message (an API's message must not echo what was typed); by
 * default the AppError's code and message.
 */
export async function orApiError<T>(
  language: Language,
  run: () => Promise<T>,
  describe: (error: AppError) => { code: string; messageKey: string; values?: Record<string, unknown> } = (error) => ({
    code: error.code,
    messageKey: error.messageKey,
    values: error.details,
  }),
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isAppError(error)) throw error;
    const t = await getTranslator(language);
    const headers = new Headers(headersFor(error));
    headers.set("Cache-Control", "no-store");
    const { code, messageKey, values } = describe(error);
    throw Response.json({ error: { code, message: t(messageKey, values) } }, { status: error.status, headers });
  }
}

interface ActionOptions<F extends object> {
  /** The rest of the action's answer on failure (its intent, ids...), beside the error. */
  failure?: F;
  /** Codes that mean the page itself is gone or closed: thrown as the page's response instead. */
  pageErrors?: { language: Language; codes: AppErrorCode[] };
}

async function expected(error: unknown, options: ActionOptions<object>): Promise<AppError> {
  if (!isAppError(error)) throw error;
  if (options.pageErrors?.codes.includes(error.code)) throw await appErrorResponse(error, options.pageErrors.language);
  return error;
}

type Reply = (options: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
}) => SubmissionResult<string[]>;

/**
 * The form reply for a caught error: an AppError's key on the field it names (or `field`, else the
 * form) with its status; anything else is rethrown. handleFormAction uses it; so do helpers that
 * answer several intents in one shape (the directory's edit forms).
 */
export function formFailure(caught: unknown, reply: Reply, options: { hideFields?: string[]; field?: string } = {}) {
  if (!isAppError(caught)) throw caught;
  const message = appErrorMessage(caught);
  const field = fieldOf(caught) ?? options.field;
  const result = field
    ? reply({ fieldErrors: { [field]: [message] }, hideFields: options.hideFields })
    : reply({ formErrors: [message], hideFields: options.hideFields });
  return { result, status: caught.status, headers: headersFor(caught) };
}

/**
 * Runs an action's domain call for a Conform form. On an AppError it answers the error's status
 * with `{ ...failure, result }`, where `result` is the submission's reply carrying the error's key
 * (on the field named by `details.field`, else on the form) and keeps what was typed.
 */
export async function handleFormAction<T, F extends object = Record<never, never>>(
  // biome-ignore lint/suspicious/noExplicitAny: any form's submission
  submission: Submission<any, string[]>,
  run: () => Promise<T>,
  options: ActionOptions<F> & {
    hideFields?: string[];
    /** The field an error that names none belongs to (default: the whole form). */
    field?: string;
  } = {},
) {
  try {
    return await run();
  } catch (caught) {
    const failure = formFailure(await expected(caught, options), submission.reply, options);
    return data(
      { ...(options.failure as F), result: failure.result },
      { status: failure.status, headers: failure.headers },
    );
  }
}

/**
 * The same for a plain form without Conform (a button that verifies, approves, revokes): on an
 * AppError it answers `{ ...failure, error }` with the error's key as `error`.
 */
export async function handleAction<T, F extends object = Record<never, never>>(
  run: () => Promise<T>,
  options: ActionOptions<F> = {},
) {
  try {
    return await run();
  } catch (caught) {
    const error = await expected(caught, options);
    return data(
      { ...(options.failure as F), error: appErrorMessage(error) },
      { status: error.status, headers: headersFor(error) },
    );
  }
}
