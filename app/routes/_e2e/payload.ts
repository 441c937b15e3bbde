import type { z } from "zod";

/**
 * The options a browser test posts to a test-only route: JSON inside the form field "payload" (the
 * server accepts only form bodies on POST), checked by `schema`. Anything else is answered here, with
 * a 400 that lists what the schema refused, so the route returns it as it is.
 */
export async function readPayload<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<{ options: z.output<Schema> } | { refusal: Response }> {
  const payload = (await request.formData().catch(() => null))?.get("payload");
  let options: unknown = null;
  try {
    options = typeof payload === "string" ? JSON.parse(payload) : null;
  } catch {
    // Not JSON: the schema below refuses it.
  }
  const parsed = schema.safeParse(options);
  if (!parsed.success) return { refusal: Response.json({ error: parsed.error.issues }, { status: 400 }) };
  return { options: parsed.data };
}
