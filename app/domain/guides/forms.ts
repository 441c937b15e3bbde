import { z } from "zod";

// One Zod schema per form, used by Conform in the browser and by parseWithZod on the server.
// Messages are i18n keys, translated where they are shown.

const e = (key: string) => `guides:contactForm.errors.${key}`;

// Control characters have no place in a name or a subject line (they end up in email headers and
// on admins' screens); a message may keep its line breaks and tabs.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const lineControl = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const textControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const contactLimits = { name: 100, email: 254, subject: 150, messageMin: 10, message: 5000 } as const;

export const contactFormSchema = z.object({
  name: z
    .string({ error: e("nameRequired") })
    .trim()
    .min(1, { error: e("nameRequired") })
    .max(contactLimits.name, { error: e("nameTooLong") })
    .refine((value) => !lineControl.test(value), { error: e("invalidText") }),
  email: z
    .string({ error: e("emailRequired") })
    .trim()
    .min(1, { error: e("emailRequired") })
    .max(contactLimits.email, { error: e("emailTooLong") })
    .pipe(z.email({ error: e("emailInvalid") })),
  subject: z
    .string({ error: e("subjectRequired") })
    .trim()
    .min(1, { error: e("subjectRequired") })
    .max(contactLimits.subject, { error: e("subjectTooLong") })
    .refine((value) => !lineControl.test(value), { error: e("invalidText") }),
  message: z
    .string({ error: e("messageTooShort") })
    .trim()
    .min(contactLimits.messageMin, { error: e("messageTooShort") })
    .max(contactLimits.message, { error: e("messageTooLong") })
    .refine((value) => !textControl.test(value), { error: e("invalidText") }),
  /** The honeypot: hidden from people, filled in by bots. Any value is accepted and then ignored. */
  website: z.string().max(10_000).optional(),
});

export type ContactFormInput = z.infer<typeof contactFormSchema>;
