import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { handleFormAction } from "#app/lib/errors.server";

type FormActionOptions<F extends object> = NonNullable<Parameters<typeof handleFormAction<unknown, F>>[2]>;

/**
 * A Conform form's post in one call: the fields through `schema` (400 with `failure` and the form's
 * reply when they do not pass), then `run` with the values; an AppError it throws is answered on
 * the form the same way, with its own status (handleFormAction).
 */
export async function submitForm<S extends z.ZodType, T, F extends object = Record<never, never>>(
  formData: FormData,
  schema: S,
  run: (value: z.output<S>) => Promise<T>,
  options: FormActionOptions<F> = {},
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success")
    return data({ ...(options.failure as F), result: submission.reply() }, { status: 400 });
  return handleFormAction(submission, () => run(submission.value), options);
}

/** The posted form, or null when the body is not one (a wrong content type, a broken upload). */
export async function readFormData(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
