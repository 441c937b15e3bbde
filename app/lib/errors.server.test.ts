import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, type AppErrorCode } from "./errors";
import { handleAction, handleFormAction, orApiError, orAppError } from "./errors.server";
import { parseFormMessage } from "./form-message";
import { getTranslator } from "./i18n.server";

const statuses: [AppErrorCode, number][] = [
  ["not_found", 404],
  ["forbidden", 403],
  ["unauthorized", 401],
  ["conflict", 409],
  ["invalid", 400],
  ["rate_limited", 429],
];

function submit(entries: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(entries)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema: z.object({ email: z.string(), note: z.string() }) });
  if (submission.status !== "success") throw new Error("test form did not parse");
  return submission;
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("orAppError (loaders)", () => {
  it.each(statuses)("%s becomes the page's %i with the translated message", async (code, status) => {
    const answer = (await thrown(
      orAppError("es", () => Promise.reject(new AppError(code, "directory:errors.notFound"))),
    )) as {
      data: string;
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(status);
    expect(answer.data).toBe((await getTranslator("es"))("directory:errors.notFound"));
    expect(answer.data).not.toBe("directory:errors.notFound");
  });

  it("passes a value through and leaves real failures alone", async () => {
    expect(await orAppError("en", async () => 7)).toBe(7);
    const failure = new Error("database down");
    expect(await thrown(orAppError("en", () => Promise.reject(failure)))).toBe(failure);
  });

  it("tells a rate-limited visitor when to come back", async () => {
    const limited = new AppError("rate_limited", "common:errors.rateLimited", { retryAfterSeconds: 120, count: 2 });
    const answer = (await thrown(orAppError("en", () => Promise.reject(limited)))) as { init: ResponseInit };
    expect(new Headers(answer.init.headers).get("Retry-After")).toBe("120");
  });
});

describe("handleFormAction (Conform forms)", () => {
  it.each(statuses)("%s answers %i with the key in the form reply and keeps what was typed", async (code, status) => {
    const submission = submit({ email: "ana@example.cr", note: "hola" });
    const answer = (await handleFormAction(
      submission,
      () => Promise.reject(new AppError(code, "directory:errors.claimPending")),
      { failure: { intent: "claim" } },
    )) as {
      data: { intent: string; result: { error: Record<string, string[]>; initialValue: unknown } };
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(status);
    expect(answer.data.intent).toBe("claim");
    expect(answer.data.result.error[""]).toEqual(["directory:errors.claimPending"]);
    expect(answer.data.result.initialValue).toEqual({ email: "ana@example.cr", note: "hola" });
  });

  it("puts an error that names a field on that field, with its values", async () => {
    const submission = submit({ email: "ana@example.cr", note: "x" });
    const answer = (await handleFormAction(submission, () =>
      Promise.reject(new AppError("invalid", "beach:form.errors.noteTooLong", { field: "note", max: 280 })),
    )) as { data: { result: { error: Record<string, string[]> } } };
    const [message] = answer.data.result.error.note ?? [];
    expect(parseFormMessage(message ?? "")).toEqual({ key: "beach:form.errors.noteTooLong", values: { max: 280 } });
    expect(answer.data.result.error[""]).toBeUndefined();
  });

  it("sends a rate limit's wait as values of the key, with Retry-After", async () => {
    const submission = submit({ email: "ana@example.cr", note: "x" });
    const answer = (await handleFormAction(
      submission,
      () =>
        Promise.reject(new AppError("rate_limited", "common:errors.rateLimited", { retryAfterSeconds: 180, count: 3 })),
      { hideFields: ["note"] },
    )) as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } };
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(429);
    expect(new Headers(answer.init.headers).get("Retry-After")).toBe("180");
    const parsed = parseFormMessage(answer.data.result.error[""]?.[0] ?? "");
    expect(parsed).toEqual({ key: "common:errors.rateLimited", values: { retryAfterSeconds: 180, count: 3 } });
    expect(answer.data.result.initialValue.note).toBeUndefined();
    const es = await getTranslator("es");
    expect(es(parsed.key, parsed.values)).toMatch(/3/);
  });

  it("throws page errors as the page's response and returns what the call returns", async () => {
    const submission = submit({ email: "a@b.cr", note: "x" });
    expect(await handleFormAction(submission, async () => ({ ok: true }))).toEqual({ ok: true });
    const gone = (await thrown(
      handleFormAction(submission, () => Promise.reject(new AppError("not_found", "directory:errors.notFound")), {
        pageErrors: { language: "en", codes: ["not_found"] },
      }),
    )) as { init: ResponseInit; data: string };
    expect(gone.init.status).toBe(404);
    expect(gone.data).toBe((await getTranslator("en"))("directory:errors.notFound"));
    const failure = new TypeError("bug");
    expect(await thrown(handleFormAction(submission, () => Promise.reject(failure)))).toBe(failure);
  });
});

describe("handleAction (plain forms) and orApiError (JSON)", () => {
  it("answers the key as `error` beside the failure fields", async () => {
    const answer = (await handleAction(
      () => Promise.reject(new AppError("conflict", "directory:errors.claimPending")),
      {
        failure: { ok: false },
      },
    )) as { data: { ok: boolean; error: string }; init: ResponseInit };
    expect(answer.init.status).toBe(409);
    expect(answer.data).toEqual({ ok: false, error: "directory:errors.claimPending" });
  });

  it("answers JSON with a code and the translated message", async () => {
    const response = (await thrown(
      orApiError(
        "en",
        () => Promise.reject(new AppError("invalid", "beach:errors.badDate")),
        () => ({ code: "bad_thing", messageKey: "directory:errors.notFound" }),
      ),
    )) as Response;
    expect(response.status).toBe(400);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({
      error: { code: "bad_thing", message: (await getTranslator("en"))("directory:errors.notFound") },
    });
  });
});
