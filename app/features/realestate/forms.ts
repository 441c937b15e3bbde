import { z } from "#app/lib/form-schema";
import { isPersonName, personNameMessageKey } from "#app/lib/person-name";
import {
  alertFrequencies,
  contactMethods,
  leadStatuses,
  listingTypes,
  propertyFeatures,
  propertyTypes,
  realEstateLimits,
  titleTypes,
} from "./constants";

// One Zod schema per form, shared by Conform in the browser and parseWithZod in the action.
// Messages are i18n keys ("realestate:form.errors.…") translated where they are shown.

const e = (key: string) => `realestate:form.errors.${key}`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeShort = /[<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);

/** "450,000", "$450000" or "450000" → 450000; empty → undefined. */
const numberText = (value: unknown) =>
  typeof value === "string" ? (value.trim() === "" ? undefined : value.trim().replace(/[$,\s]/g, "")) : value;

/** A whole number from min to max; any other entry gives the one message. */
const wholeNumberIn = (options: { min: number; max: number; error: string }) =>
  z.coerce
    .number({ error: options.error })
    .int({ error: options.error })
    .min(options.min, { error: options.error })
    .max(options.max, { error: options.error });

function wholeNumber(options: { min: number; max: number; error: string }) {
  return z.preprocess(numberText, wholeNumberIn(options));
}

// Left empty, the field is undefined (numberText): only what was typed is checked.
function optionalWholeNumber(options: { min: number; max: number; error: string }) {
  return z.preprocess(numberText, wholeNumberIn(options).optional());
}

const shortText = (max: number, required: string) =>
  z
    .string({ error: e(required) })
    .trim()
    .min(2, { error: e(required) })
    .max(max, { error: e("tooLong") })
    .refine((value) => !unsafeShort.test(value), { error: e("invalidCharacters") });

const longText = (max: number, required: string, min = 20) =>
  z
    .string({ error: e(required) })
    .trim()
    .min(min, { error: e(required) })
    .max(max, { error: e("tooLong") })
    .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") });

const email = z
  .string({ error: e("email") })
  .trim()
  .toLowerCase()
  .max(200, { error: e("tooLong") })
  .email({ error: e("email") });

const phone = z
  .string()
  .trim()
  .max(40, { error: e("tooLong") })
  .refine((value) => value === "" || /^\+?[0-9 ()-]{7,40}$/.test(value), { error: e("phone") })
  .optional()
  .transform((value) => value || null);

const coordinate = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : value.trim()) : value),
    z.coerce
      .number({ error: e("coordinates") })
      .min(min, { error: e("coordinates") })
      .max(max, { error: e("coordinates") })
      .optional(),
  );

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

export const propertySchema = z
  .object({
    title: shortText(realEstateLimits.titleMax, "titleRequired"),
    description: longText(realEstateLimits.descriptionMax, "descriptionRequired"),
    descriptionLanguage: z.enum(["en", "es"], { error: e("language") }),
    listingType: z.enum(listingTypes, { error: e("listingType") }),
    propertyType: z.enum(propertyTypes, { error: e("propertyType") }),
    priceUsd: wholeNumber({ min: 1, max: realEstateLimits.priceMaxUsd, error: e("price") }),
    bedrooms: wholeNumber({ min: 0, max: 50, error: e("bedrooms") }),
    bathrooms: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().replace(",", ".") : value),
      z.coerce
        .number({ error: e("bathrooms") })
        .min(0, { error: e("bathrooms") })
        .max(50, { error: e("bathrooms") })
        .refine((value) => Number.isInteger(value * 2), { error: e("bathrooms") }),
    ),
    lotM2: optionalWholeNumber({ min: 1, max: realEstateLimits.areaMaxM2, error: e("squareMeters") }),
    constructionM2: optionalWholeNumber({ min: 1, max: realEstateLimits.areaMaxM2, error: e("squareMeters") }),
    area: z
      .string({ error: e("area") })
      .trim()
      .regex(/^[a-z0-9-]{1,80}$/, { error: e("area") }),
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
    titleType: z.enum(titleTypes, { error: e("titleType") }),
    inMaritimeZone: checkbox,
    features: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z.array(z.enum(propertyFeatures, { error: e("features") })).max(propertyFeatures.length),
    ),
    contactName: shortText(120, "contactNameRequired").refine(isPersonName, { error: personNameMessageKey }),
    contactEmail: email,
    contactPhone: phone,
    preferredContact: z.enum(contactMethods, { error: e("preferredContact") }),
  })
  .superRefine((value, context) => {
    if ((value.latitude === undefined) !== (value.longitude === undefined)) {
      context.addIssue({ code: "custom", path: ["latitude"], message: e("coordinates") });
    }
    if (value.preferredContact !== "email" && !value.contactPhone) {
      context.addIssue({ code: "custom", path: ["contactPhone"], message: e("phoneForContact") });
    }
    // A concession only exists inside the zone.
    if (value.titleType === "concession" && !value.inMaritimeZone) {
      context.addIssue({ code: "custom", path: ["inMaritimeZone"], message: e("concessionZone") });
    }
  });
export type PropertyInput = z.infer<typeof propertySchema>;

export const priceSchema = z.object({
  intent: z.literal("price"),
  propertyId: z.string().regex(uuidPattern, { error: e("property") }),
  priceUsd: wholeNumber({ min: 1, max: realEstateLimits.priceMaxUsd, error: e("price") }),
});

export const inquirySchema = z.object({
  name: shortText(120, "nameRequired").refine(isPersonName, { error: personNameMessageKey }),
  email,
  phone,
  preferredContact: z.enum(contactMethods, { error: e("preferredContact") }),
  message: longText(realEstateLimits.messageMax, "messageRequired", 10),
});
export type InquiryInput = z.infer<typeof inquirySchema>;

export const leadUpdateSchema = z.object({
  leadId: z.string().regex(uuidPattern, { error: e("lead") }),
  status: z.enum(leadStatuses, { error: e("leadStatus") }),
  notes: z
    .string()
    .trim()
    .max(realEstateLimits.notesMax, { error: e("tooLong") })
    .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") })
    .optional()
    .default(""),
});

const optionalWhole = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : value.replace(/[$,\s]/g, "")) : value),
    z.coerce.number().int().min(0).max(max).optional(),
  );

/** The filters of /real-estate, from the query string; anything unknown or malformed is ignored. */
export const propertyFiltersSchema = z.object({
  listing: z
    .enum([...listingTypes, "rent"])
    .optional()
    .catch(undefined),
  type: z.enum(propertyTypes).optional().catch(undefined),
  minPrice: optionalWhole(realEstateLimits.priceMaxUsd).catch(undefined),
  maxPrice: optionalWhole(realEstateLimits.priceMaxUsd).catch(undefined),
  beds: optionalWhole(50).catch(undefined),
  baths: optionalWhole(50).catch(undefined),
  area: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional()
    .catch(undefined),
});
export type PropertyFilters = z.infer<typeof propertyFiltersSchema>;

/** The filters as they go back into a query string (empty ones left out). */
export function filtersToQuery(filters: PropertyFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== "") query[key] = String(value);
  }
  return query;
}

export const saveSearchSchema = z.object({
  frequency: z.enum(alertFrequencies, { error: e("frequency") }),
});
