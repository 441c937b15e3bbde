import { z } from "#app/lib/form-schema";
import { adLanguages, adLimits, adPageKinds } from "./constants";

// The house-ad form, shared by Conform in the browser and parseWithZod in the admin's and the
// owner's actions. Messages are translation keys (ads:form.errors.…).

const e = (key: string) => `ads:form.errors.${key}`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeText = /[<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// Conform hands an empty field over as missing: optional text becomes "" again here.
const text = (options: { required: boolean; max: number }) => {
  const base = z
    .string({ error: e("headlineRequired") })
    .trim()
    .max(options.max, { error: e("tooLong") })
    .refine((value) => !unsafeText.test(value), { error: e("invalidCharacters") });
  return options.required
    ? base.refine((value) => value.length >= 3, { error: e("headlineRequired") })
    : base.optional().transform((value) => value ?? "");
};

/** Checkbox groups arrive as one value, several, or none. */
const choices = <T extends string>(values: readonly T[]) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]),
    z.array(z.enum(values as [T, ...T[]], { error: e("choice") })).transform((list) => [...new Set(list)]),
  );

const day = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: e("date") })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)), { error: e("date") })
    .optional(),
);

const image = z.preprocess(
  (value) => (value instanceof File && value.size > 0 ? value : undefined),
  z
    .instanceof(File, { error: e("image") })
    .refine((file) => file.size <= adLimits.imageMaxBytes, { error: e("imageSize") })
    .optional(),
);

/**
 * Where an ad may send a visitor: a page of this site ("/events/…") or an http(s) address. Nothing
 * else (javascript:, data:, a protocol-relative //host) is ever stored, so the click redirect
 * cannot be turned into anything but a link.
 */
export function isAdTarget(value: string): boolean {
  if (value.length > adLimits.urlMax) return false;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\") && !/\s/.test(value);
  const url = URL.parse(value);
  return Boolean(url && (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes("."));
}

const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean());

export const houseAdSchema = z
  .object({
    headlineEn: text({ required: true, max: adLimits.headlineMax }),
    headlineEs: text({ required: true, max: adLimits.headlineMax }),
    bodyEn: text({ required: false, max: adLimits.bodyMax }),
    bodyEs: text({ required: false, max: adLimits.bodyMax }),
    targetUrl: z
      .string({ error: e("target") })
      .trim()
      .refine(isAdTarget, { error: e("target") }),
    altEn: text({ required: false, max: adLimits.altMax }),
    altEs: text({ required: false, max: adLimits.altMax }),
    pageKinds: choices(adPageKinds),
    languages: choices(adLanguages),
    areas: z.preprocess(
      (value) => (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]),
      z.array(z.string().regex(/^[a-z0-9-]{1,60}$/, { error: e("choice") })).max(30, { error: e("choice") }),
    ),
    startsOn: day,
    endsOn: day,
    imageEn: image,
    imageEs: image,
    removeImageEn: checkbox,
    removeImageEs: checkbox,
    /** Admins only: the advertiser's listing (by its address); empty for the site's own notices. */
    businessSlug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,120}$/, { error: e("business") })
      .optional()
      .transform((value) => value ?? ""),
  })
  .superRefine((value, context) => {
    if (value.startsOn && value.endsOn && value.endsOn < value.startsOn) {
      context.addIssue({ code: "custom", path: ["endsOn"], message: e("endBeforeStart") });
    }
  });
export type HouseAdInput = z.infer<typeof houseAdSchema>;

export const adReviewSchema = z.object({
  decision: z.enum(["approve", "reject", "pause", "resume", "end"], { error: e("decision") }),
  note: text({ required: false, max: adLimits.noteMax }),
});
