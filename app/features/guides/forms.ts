import { z } from "#app/lib/form-schema";
import { isPersonName, personNameMessageKey } from "#app/lib/person-name";
import { parseWebUrl } from "./pages";

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
    .refine((value) => !lineControl.test(value), { error: e("invalidText") })
    .refine(isPersonName, { error: personNameMessageKey }),
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

// ---------------------------------------------------------------------------------------------
// Admin: editing a guide page in one language, and a public contact.

const a = (key: string) => `guides:admin.errors.${key}`;

export const editLimits = { title: 200, summary: 400, intro: 20_000, body: 50_000, sources: 20, sections: 60 } as const;

const requiredText = (max: number) =>
  z
    .string({ error: a("required") })
    .trim()
    .min(1, { error: a("required") })
    .max(max, { error: a("tooLong") })
    .refine((value) => !textControl.test(value), { error: a("invalidText") });

function isRealDay(value: string) {
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** YYYY-MM-DD, a real calendar day, not in the future (a check can't have happened tomorrow). */
export const verifiedOnField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: a("dateInvalid") })
  .refine(isRealDay, { error: a("dateInvalid") })
  .refine((value) => value <= new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10), {
    error: a("dateInFuture"),
  })
  .optional();

export interface SourceLine {
  label: string;
  url?: string;
}

/** One source per line: "Label | https://address" or just "Label". */
export function parseSourceLines(text: string): { sources: SourceLine[]; invalid: boolean } {
  const sources: SourceLine[] = [];
  let invalid = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const [labelPart, ...rest] = line.split("|");
    const label = labelPart.trim();
    const url = rest.join("|").trim();
    if (!label || label.length > 200) invalid = true;
    if (url) {
      try {
        const parsed = new URL(url);
        if (parsed.protocol !== "https:" && parsed.protocol !== "http:") invalid = true;
      } catch {
        invalid = true;
      }
    }
    sources.push(url ? { label, url } : { label });
  }
  return { sources, invalid };
}

export function formatSourceLines(sources: SourceLine[]): string {
  return sources.map((source) => (source.url ? `${source.label} | ${source.url}` : source.label)).join("\n");
}

export const sourcesField = z
  .string()
  .max(10_000, { error: a("tooLong") })
  .optional()
  .superRefine((value, ctx) => {
    const { sources, invalid } = parseSourceLines(value ?? "");
    if (invalid) ctx.addIssue({ code: "custom", message: a("sourcesInvalid") });
    if (sources.length > editLimits.sources) ctx.addIssue({ code: "custom", message: a("tooManySources") });
  })
  .transform((value) => parseSourceLines(value ?? "").sources);

export const anchorPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const guidePageEditSchema = z
  .object({
    intent: z.enum(["save", "preview"]).default("save"),
    language: z.enum(["en", "es"]),
    version: z.coerce.number().int().min(1),
    title: requiredText(editLimits.title),
    summary: requiredText(editLimits.summary),
    intro: z
      .string()
      .max(editLimits.intro, { error: a("tooLong") })
      .refine((value) => !textControl.test(value), { error: a("invalidText") })
      .optional(),
    lastVerifiedOn: verifiedOnField,
    sources: sourcesField,
    /** Checked: the other language must be updated to match (it is flagged as needing translation). */
    otherNeedsUpdate: z.boolean().optional(),
    sections: z
      .array(
        z.object({
          id: z.coerce.number().int().positive(),
          title: requiredText(editLimits.title),
          body: requiredText(editLimits.body),
          lastVerifiedOn: verifiedOnField,
          sources: sourcesField,
          remove: z.boolean().optional(),
        }),
      )
      .max(editLimits.sections)
      .optional(),
    newAnchor: z
      .string()
      .trim()
      .max(60, { error: a("tooLong") })
      .optional(),
    newTitle: z
      .string()
      .trim()
      .max(editLimits.title, { error: a("tooLong") })
      .optional(),
    newBody: z
      .string()
      .trim()
      .max(editLimits.body, { error: a("tooLong") })
      .optional(),
  })
  .superRefine((value, ctx) => {
    const started = Boolean(value.newAnchor || value.newTitle || value.newBody);
    if (!started) return;
    if (!value.newAnchor) ctx.addIssue({ code: "custom", path: ["newAnchor"], message: a("required") });
    else if (!anchorPattern.test(value.newAnchor))
      ctx.addIssue({ code: "custom", path: ["newAnchor"], message: a("anchorInvalid") });
    if (!value.newTitle) ctx.addIssue({ code: "custom", path: ["newTitle"], message: a("required") });
    if (!value.newBody) ctx.addIssue({ code: "custom", path: ["newBody"], message: a("required") });
  });

export type GuidePageEditInput = z.infer<typeof guidePageEditSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: a("tooLong") })
    .refine((value) => !textControl.test(value), { error: a("invalidText") })
    .optional();

const optionalUrl = z
  .string()
  .trim()
  .max(500, { error: a("tooLong") })
  .refine((value) => parseWebUrl(value) !== null, { error: a("urlInvalid") })
  .optional();

export const publicContactEditSchema = z.object({
  nameEn: requiredText(200),
  nameEs: requiredText(200),
  descriptionEn: optionalText(1000),
  descriptionEs: optionalText(1000),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+][0-9 -]{1,24}$/, { error: a("phoneInvalid") })
    .optional(),
  website: optionalUrl,
  placeEn: optionalText(120),
  placeEs: optionalText(120),
  businessSlug: z
    .string()
    .trim()
    .max(120, { error: a("tooLong") })
    .regex(anchorPattern, { error: a("slugInvalid") })
    .optional(),
  lastVerifiedOn: verifiedOnField,
  sourceLabel: optionalText(200),
  sourceUrl: optionalUrl,
});

export type PublicContactEditInput = z.infer<typeof publicContactEditSchema>;

/** The admin's "handled" / "not handled" button on a contact message. */
export const contactHandledSchema = z.object({
  id: z.coerce.number().int().positive(),
  handled: z.enum(["true", "false"]),
});
