import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * Conform's form, checked in the browser by the Zod schema the server parses the post with, so
 * both give the same messages. By default a field is checked when the visitor leaves it and, once
 * checked, again on every keystroke, so an error goes as soon as it is mended. `constraint` also puts the
 * schema's limits on the controls (required, maxLength, min/max), so the browser enforces them
 * before the script has loaded.
 *
 * Kept out of form-field.tsx: that file is on pages that only read (filter forms), and this one
 * brings the Zod parsing with it.
 */
// What the form holds is the schema's input: an object, as every form schema is.
type FormShape<Schema extends z.ZodType> = Extract<z.input<Schema>, Record<string, unknown>>;

export function useZodForm<Schema extends z.ZodType>(
  schema: Schema,
  {
    constraint = false,
    shouldValidate = "onBlur",
    shouldRevalidate = "onInput",
    ...options
  }: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Parameters<typeof useForm<FormShape<Schema>, z.output<Schema>>>[0]["defaultValue"];
    constraint?: boolean;
    shouldValidate?: "onBlur" | "onSubmit";
    shouldRevalidate?: "onBlur" | "onInput" | "onSubmit";
  },
) {
  return useForm<FormShape<Schema>, z.output<Schema>>({
    ...options,
    ...(constraint ? { constraint: getZodConstraint(schema) } : {}),
    shouldValidate,
    shouldRevalidate,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
