import { z } from "#app/lib/form-schema";
import { isPersonName, personNameMessageKey } from "#app/lib/person-name";
import { messageLimits } from "./constants";

const e = (key: string) => `messages:errors.${key}`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeShort = /[<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const body = z
  .string({ error: e("body") })
  .trim()
  .min(2, { error: e("body") })
  .max(messageLimits.bodyMax, { error: e("tooLong") })
  .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") });

/** A visitor's message from the business page. */
export const visitorMessageSchema = z.object({
  name: z
    .string({ error: e("name") })
    .trim()
    .min(1, { error: e("name") })
    .max(messageLimits.nameMax, { error: e("tooLong") })
    .refine((value) => !unsafeShort.test(value), { error: e("invalidCharacters") })
    .refine(isPersonName, { error: personNameMessageKey }),
  email: z
    .string({ error: e("email") })
    .trim()
    .max(254, { error: e("email") })
    .email({ error: e("email") }),
  body,
});
export type VisitorMessageInput = z.infer<typeof visitorMessageSchema>;

export const replySchema = z.object({ body });
