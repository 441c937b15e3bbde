import { z } from "#app/lib/form-schema";
import {
  classifiedCategories,
  classifiedConditions,
  classifiedCurrencies,
  classifiedLanguages,
  classifiedLimits,
} from "./constants";

// One Zod schema per form, shared by Conform in the browser and parseWithZod in the action.
// Messages are i18n keys ("classifieds:form.errors.…") translated where they are shown.

const e = (key: string) => `classifieds:form.errors.${key}`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeShort = /[<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// Every message is a translation key, the enum's too: a page shows whatever the schema says.
const optionalText = (values: readonly string[], error = e("choice")) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(values as [string, ...string[]], { error }).optional(),
  );

/** The list's filters (a GET form): anything unknown is dropped, so a hand-edited URL never fails. */
export const classifiedFiltersSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  category: optionalText(classifiedCategories).catch(undefined),
  area: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional()
    .catch(undefined),
  condition: optionalText(classifiedConditions).catch(undefined),
  minPrice: z.coerce.number().int().min(0).max(classifiedLimits.priceMax).optional().catch(undefined),
  maxPrice: z.coerce.number().int().min(0).max(classifiedLimits.priceMax).optional().catch(undefined),
  /** The currency the price range is in; the page language's by default. */
  currency: optionalText(classifiedCurrencies).catch(undefined),
  sort: z.enum(["newest", "price-low", "price-high"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(500).optional().catch(undefined),
});
export type ClassifiedFilters = z.infer<typeof classifiedFiltersSchema>;

const price = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const trimmed = value.trim();
    if (trimmed === "") return undefined;
    // "1,500" and "1 500" and "1.500" (as colones are often written): digits only, no decimals.
    return /^\d{1,3}([.,\s]\d{3})+$/.test(trimmed) ? trimmed.replace(/[.,\s]/g, "") : trimmed;
  },
  z.coerce
    .number({ error: e("price") })
    .min(0, { error: e("price") })
    .max(classifiedLimits.priceMax, { error: e("price") })
    .optional(),
);

export const postAdSchema = z
  .object({
    title: z
      .string({ error: e("titleRequired") })
      .trim()
      .min(4, { error: e("titleShort") })
      .max(classifiedLimits.titleMax, { error: e("tooLong") })
      .refine((value) => !unsafeShort.test(value), { error: e("invalidCharacters") }),
    description: z
      .string({ error: e("descriptionRequired") })
      .trim()
      .min(20, { error: e("descriptionShort") })
      .max(classifiedLimits.descriptionMax, { error: e("tooLong") })
      .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") }),
    language: z.enum(classifiedLanguages, { error: e("language") }),
    category: z.enum(classifiedCategories, { error: e("category") }),
    price,
    currency: z.enum(classifiedCurrencies, { error: e("currency") }).default("USD"),
    condition: optionalText(classifiedConditions, e("condition")),
    area: z.string({ error: e("area") }).regex(/^[a-z0-9-]{1,60}$/, { error: e("area") }),
    phone: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 ()-]{8,20}$/, { error: e("phone") })
        .optional(),
    ),
    // The defaults make these optional to Conform's constraints too: the server-rendered form
    // (what a phone shows before its scripts start, or without them) marks required whatever the
    // schema does not allow to be missing, and no one has to publish a number or add a photo.
    showPhone: z
      .preprocess((value) => value === "on" || value === "true" || value === true, z.boolean())
      .default(false),
    whatsapp: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()).default(false),
    photos: z
      .preprocess(
        (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]),
        z
          .array(z.instanceof(File, { error: e("photo") }))
          .transform((files) => files.filter((file) => file.size > 0))
          .refine((files) => files.length <= classifiedLimits.photosPerAd, {
            error: e("tooManyPhotos"),
          }),
      )
      .default([]),
    rules: z.preprocess((value) => value === "on", z.literal(true, { error: e("rules") })),
  })
  .superRefine((value, context) => {
    if ((value.showPhone || value.whatsapp) && !value.phone) {
      context.addIssue({ code: "custom", path: ["phone"], message: e("phoneNeeded") });
    }
    if (value.category === "for-sale" && value.price === undefined) {
      context.addIssue({ code: "custom", path: ["price"], message: e("priceNeeded") });
    }
  });
export type PostAdInput = z.infer<typeof postAdSchema>;

export const contactSchema = z.object({
  message: z
    .string({ error: e("messageRequired") })
    .trim()
    .min(10, { error: e("messageShort") })
    .max(classifiedLimits.messageMax, { error: e("tooLong") })
    .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") }),
  /** The buyer ticks that they read the safety tips shown beside the form. */
  safety: z.preprocess((value) => value === "on", z.literal(true, { error: e("safety") })),
});

export const adIdSchema = z.object({
  adId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: e("ad") }),
});
