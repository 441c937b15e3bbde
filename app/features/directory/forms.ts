import { z } from "#app/lib/form-schema";
import { slugMaxLength, slugProblem } from "../../lib/slug";
import {
  businessCategories,
  businessOfferings,
  claimTypes,
  closureKinds,
  type DietaryTag,
  dietaryTags,
  menuCurrencies,
  spokenLanguages,
  verificationMethods,
} from "./constants";
import { overlapping, parseClock } from "./hours";
import { parseTaxId } from "./tax-id";

// One Zod schema per form, shared by Conform in the browser and parseWithZod in the action.
// Messages are i18n keys ("directory:errors.…") translated where they are shown.

const e = (key: string) => `directory:errors.${key}`;

// Angle brackets and control characters have no place in names and short fields; they are what
// injection attempts are made of. Long texts keep them (they are always rendered as text).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeShort = /[<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function shortText(max: number, options: { required?: boolean } = {}) {
  const base = z
    .string({ error: e("required") })
    .trim()
    .max(max, { error: e("tooLong") })
    .refine((value) => !unsafeShort.test(value), { error: e("invalidCharacters") });
  return options.required
    ? base.refine((value) => value.length > 0, { error: e("required") })
    : base.optional().default("");
}

function longText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: e("tooLong") })
    .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") })
    .optional()
    .default("");
}

/** "a, b, c" → ["a", "b", "c"]: comma-separated lists in one text input. */
function commaList(options: { maxItems: number; maxLength: number }) {
  return z
    .string()
    .max(2000, { error: e("tooLong") })
    .optional()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim().replace(/\s+/g, " "))
        .filter(Boolean),
    )
    .refine((items) => items.length <= options.maxItems, { error: e("tooManyItems") })
    .refine((items) => items.every((item) => item.length <= options.maxLength), { error: e("itemTooLong") })
    .refine((items) => items.every((item) => !unsafeShort.test(item)), { error: e("invalidCharacters") })
    .transform((items) => [...new Set(items)]);
}

const phoneField = z
  .string()
  .trim()
  .max(30, { error: e("phoneInvalid") })
  .refine((value) => value === "" || /^\+?[0-9][0-9 ().-]{6,24}$/.test(value), { error: e("phoneInvalid") })
  .optional()
  .default("");

const emailField = z
  .string()
  .trim()
  .max(254, { error: e("emailInvalid") })
  .refine((value) => value === "" || z.email().safeParse(value).success, { error: e("emailInvalid") })
  .optional()
  .default("");

const websiteField = z
  .string()
  .trim()
  .max(300, { error: e("websiteInvalid") })
  .transform((value) => (value && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value))
  .refine(
    (value) => {
      if (!value) return true;
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
      } catch {
        return false;
      }
    },
    { error: e("websiteInvalid") },
  )
  .optional()
  .default("");

function coordinate(min: number, max: number) {
  return z
    .string()
    .trim()
    .optional()
    .default("")
    .transform((value) => (value === "" ? null : Number(value.replace(",", "."))))
    .refine((value) => value === null || (Number.isFinite(value) && value >= min && value <= max), {
      error: e("coordinateInvalid"),
    });
}

export const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .max(slugMaxLength + 20, { error: e("slugTooLong") })
  .optional()
  .default("")
  .superRefine((value, ctx) => {
    if (!value) return;
    const problem = slugProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: e(`slug.${problem}`) });
  });

export const basicsSchema = z.object({
  name: shortText(100, { required: true }).refine((value) => value.length === 0 || value.length >= 2, {
    error: e("nameTooShort"),
  }),
  category: z.enum(businessCategories, { error: e("categoryRequired") }),
  area: z
    .string({ error: e("areaRequired") })
    .trim()
    .min(1, { error: e("areaRequired") })
    .max(80, { error: e("areaRequired") }),
  slug: slugField,
});
export type BasicsInput = z.infer<typeof basicsSchema>;

export const aboutSchema = z
  .object({
    descriptionEn: longText(2000),
    descriptionEs: longText(2000),
    specialtiesEn: commaList({ maxItems: 10, maxLength: 40 }),
    specialtiesEs: commaList({ maxItems: 10, maxLength: 40 }),
    keywords: commaList({ maxItems: 15, maxLength: 40 }),
  })
  .superRefine((value, ctx) => {
    if (!value.descriptionEn && !value.descriptionEs) {
      ctx.addIssue({ code: "custom", path: ["descriptionEn"], message: e("descriptionRequired") });
    }
  });
export type AboutInput = z.infer<typeof aboutSchema>;

const contactShape = {
  address: shortText(300),
  // Most places have no street address: people give directions from landmarks instead.
  directionsEn: shortText(500),
  directionsEs: shortText(500),
  // Anywhere in Costa Rica; a point in the sea off the other coast is a typo.
  latitude: coordinate(5, 11.5),
  longitude: coordinate(-87.5, -82.5),
  phone: phoneField,
  whatsapp: phoneField,
  email: emailField,
  website: websiteField,
};

/** A place needs a street address or directions in at least one language, to be found at all. */
function requireAddressOrDirections(
  value: { address: string; directionsEn: string; directionsEs: string },
  ctx: z.RefinementCtx,
) {
  if (!value.address && !value.directionsEn && !value.directionsEs) {
    ctx.addIssue({ code: "custom", path: ["address"], message: e("addressOrDirectionsRequired") });
    ctx.addIssue({ code: "custom", path: ["directionsEs"], message: e("addressOrDirectionsRequired") });
  }
}

export const contactSchema = z.object(contactShape).superRefine(requireAddressOrDirections);
export type ContactInput = z.infer<typeof contactSchema>;

export const seoSchema = z.object({
  metaTitleEn: shortText(70),
  metaTitleEs: shortText(70),
  metaDescriptionEn: shortText(160),
  metaDescriptionEs: shortText(160),
  seoKeywords: commaList({ maxItems: 15, maxLength: 40 }),
});
export type SeoInput = z.infer<typeof seoSchema>;

/** The dashboard's landing page section: the address, the search snippet and the specialties. */
export const landingPageSchema = z.object({
  slug: slugField.refine((value) => value.length > 0, { error: e("slug.tooShort") }),
  ...seoSchema.shape,
  specialtiesEn: commaList({ maxItems: 10, maxLength: 40 }),
  specialtiesEs: commaList({ maxItems: 10, maxLength: 40 }),
});
export type LandingPageInput = z.infer<typeof landingPageSchema>;

/**
 * What the place accepts and offers, and the languages spoken: checkboxes, so an unticked box is
 * simply absent and an empty list is a valid answer. A value outside the vocabulary is refused
 * rather than dropped, so a tampered post never saves a different list than the one sent.
 */
export const offeringsSchema = z.object({
  offerings: z
    .array(z.enum(businessOfferings, { error: e("offeringInvalid") }))
    .max(businessOfferings.length, { error: e("offeringInvalid") })
    .optional()
    .default([])
    .transform((values) => [...new Set(values)]),
  spokenLanguages: z
    .array(z.enum(spokenLanguages, { error: e("spokenLanguageInvalid") }))
    .max(spokenLanguages.length, { error: e("spokenLanguageInvalid") })
    .optional()
    .default([])
    .transform((values) => [...new Set(values)]),
});
export type OfferingsInput = z.infer<typeof offeringsSchema>;

/** Every field of the dashboard's "my business" form. */
export const businessDetailsSchema = z
  .object({
    ...basicsSchema.shape,
    ...aboutSchema.shape,
    ...contactShape,
    ...offeringsSchema.shape,
    ...seoSchema.shape,
  })
  .superRefine((value, ctx) => {
    if (!value.descriptionEn && !value.descriptionEs) {
      ctx.addIssue({ code: "custom", path: ["descriptionEn"], message: e("descriptionRequired") });
    }
    requireAddressOrDirections(value, ctx);
  });
export type BusinessDetailsInput = z.infer<typeof businessDetailsSchema>;

// ---------------------------------------------------------------------------------------------
// Weekly hours: for each weekday two optional periods (split hours), each "HH:MM"–"HH:MM".

export const periodsPerDay = 2;
export const hoursFieldName = (weekday: number, period: number, edge: "open" | "close") =>
  `d${weekday}p${period}${edge}`;

const clockField = z
  .string()
  .trim()
  .max(5, { error: e("timeInvalid") })
  .optional()
  .default("")
  .refine((value) => value === "" || parseClock(value) !== null, { error: e("timeInvalid") });

const hoursShape: Record<string, typeof clockField> = {};
for (let weekday = 0; weekday < 7; weekday++) {
  for (let period = 0; period < periodsPerDay; period++) {
    hoursShape[hoursFieldName(weekday, period, "open")] = clockField;
    hoursShape[hoursFieldName(weekday, period, "close")] = clockField;
  }
}

/**
 * "Same hours every day": a checkbox and one pair of times that, ticked, stand for all seven days
 * (the server reads them, so it works without JavaScript; the browser copies the first day's
 * times into the pair when the box is ticked).
 */
export const sameEveryDayField = "sameEveryDay";
export const everyDayOpenField = "everyDayOpen";
export const everyDayCloseField = "everyDayClose";

/** The pair's period, or an issue on one of its fields. */
function everyDayPeriod(value: Record<string, string | undefined>) {
  const opens = value[everyDayOpenField] ? parseClock(value[everyDayOpenField]) : null;
  const closes = value[everyDayCloseField] ? parseClock(value[everyDayCloseField]) : null;
  if (opens === null || closes === null)
    return { issue: { path: opens === null ? everyDayOpenField : everyDayCloseField, message: e("timePair") } };
  const closesAt = closes === 0 ? 1440 : closes;
  if (opens === closesAt || opens === 1440) return { issue: { path: everyDayCloseField, message: e("timeSame") } };
  return { period: { opensAt: opens, closesAt } };
}

export const hoursSchema = z
  .object({
    ...hoursShape,
    [everyDayOpenField]: clockField,
    [everyDayCloseField]: clockField,
    [sameEveryDayField]: z.string().max(5).optional(),
  })
  .superRefine((raw, ctx) => {
    const value: Record<string, string | undefined> = raw;
    if (value[sameEveryDayField]) {
      const { issue } = everyDayPeriod(value);
      if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
      return;
    }
    const periods: { weekday: number; opensAt: number; closesAt: number }[] = [];
    for (let weekday = 0; weekday < 7; weekday++) {
      for (let period = 0; period < periodsPerDay; period++) {
        const openName = hoursFieldName(weekday, period, "open");
        const closeName = hoursFieldName(weekday, period, "close");
        const opens = value[openName] ? parseClock(value[openName]) : null;
        const closes = value[closeName] ? parseClock(value[closeName]) : null;
        if ((opens === null) !== (closes === null)) {
          ctx.addIssue({ code: "custom", path: [opens === null ? openName : closeName], message: e("timePair") });
          continue;
        }
        if (opens === null || closes === null) continue;
        // A close of 00:00 means midnight at the end of the day: 00:00–00:00 is open 24 hours.
        const closesAt = closes === 0 ? 1440 : closes;
        if (opens === closesAt || opens === 1440) {
          ctx.addIssue({ code: "custom", path: [closeName], message: e("timeSame") });
          continue;
        }
        periods.push({ weekday, opensAt: opens, closesAt });
      }
      if (overlapping(periods.filter((period) => period.weekday === weekday))) {
        ctx.addIssue({ code: "custom", path: [hoursFieldName(weekday, 1, "open")], message: e("timeOverlap") });
      }
    }
  })
  .transform((raw) => {
    const value: Record<string, string | undefined> = raw;
    const periods: { weekday: number; opensAt: number; closesAt: number }[] = [];
    if (value[sameEveryDayField]) {
      const { period } = everyDayPeriod(value);
      if (period) for (let weekday = 0; weekday < 7; weekday++) periods.push({ weekday, ...period });
      return { periods };
    }
    for (let weekday = 0; weekday < 7; weekday++) {
      for (let period = 0; period < periodsPerDay; period++) {
        const opens = parseClock(value[hoursFieldName(weekday, period, "open")] ?? "");
        const closes = parseClock(value[hoursFieldName(weekday, period, "close")] ?? "");
        if (opens !== null && closes !== null)
          periods.push({ weekday, opensAt: opens, closesAt: closes === 0 ? 1440 : closes });
      }
    }
    return { periods };
  });

const isoDate = z
  .string({ error: e("dateInvalid") })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: e("dateInvalid") })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: e("dateInvalid"),
    },
  );

export const closureSchema = z
  .object({
    startsOn: isoDate,
    endsOn: isoDate,
    kind: z.enum(closureKinds, { error: e("required") }),
    noteEn: shortText(80),
    noteEs: shortText(80),
  })
  .refine((value) => value.endsOn >= value.startsOn, { path: ["endsOn"], error: e("dateOrder") })
  .refine((value) => Date.parse(value.endsOn) - Date.parse(value.startsOn) <= 366 * 86_400_000, {
    path: ["endsOn"],
    error: e("closureTooLong"),
  });

export const menuItemSchema = z
  .object({
    nameEn: shortText(80),
    nameEs: shortText(80),
    descriptionEn: shortText(200),
    descriptionEs: shortText(200),
    price: z
      .string()
      .trim()
      .max(12, { error: e("priceInvalid") })
      .optional()
      .default("")
      .transform((value) => (value === "" ? null : Number(value.replace(/[ ,]/g, ""))))
      .refine((value) => value === null || (Number.isFinite(value) && value >= 0 && value <= 10_000_000), {
        error: e("priceInvalid"),
      }),
    currency: z.enum(menuCurrencies, { error: e("required") }),
    available: z
      .string()
      .optional()
      .transform((value) => value === "on" || value === "1" || value === "true"),
    sectionEn: shortText(60),
    sectionEs: shortText(60),
    // Checkboxes: none is absent, one is a string, several an array.
    dietaryTags: z.preprocess(
      (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
      // One message on the field (not on an item of it), whatever the tampered values are.
      z
        .array(z.string())
        .refine(
          (tags) =>
            tags.length <= dietaryTags.length && tags.every((tag) => (dietaryTags as readonly string[]).includes(tag)),
          { error: e("dietaryInvalid") },
        )
        .transform((tags) => tags as DietaryTag[]),
    ),
  })
  .superRefine((value, ctx) => {
    if (!value.nameEn && !value.nameEs)
      ctx.addIssue({ code: "custom", path: ["nameEn"], message: e("menuNameRequired") });
  });

/** Moving a menu item one place up or down (buttons that work without JavaScript). */
export const menuMoveSchema = z.object({
  itemId: z
    .string()
    .trim()
    .max(64, { error: e("required") }),
  direction: z.enum(["up", "down"], { error: e("required") }),
});

// ---------------------------------------------------------------------------------------------
// Reviews and claims

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ error: e("ratingRequired") })
    .int({ error: e("ratingRequired") })
    .min(1, { error: e("ratingRequired") })
    .max(5, { error: e("ratingRequired") }),
  body: z
    .string({ error: e("reviewTooShort") })
    .trim()
    .min(10, { error: e("reviewTooShort") })
    .max(2000, { error: e("tooLong") })
    .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") }),
});

export const replySchema = z.object({
  reviewId: z.uuid({ error: e("notFound") }),
  reply: z
    .string({ error: e("replyRequired") })
    .trim()
    .min(2, { error: e("replyRequired") })
    .max(1000, { error: e("tooLong") })
    .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") }),
});

export const claimSchema = z.object({
  claimType: z.enum(claimTypes, { error: e("claimTypeRequired") }),
  verificationMethod: z.enum(verificationMethods, { error: e("verificationMethodRequired") }),
  contactDetails: z
    .string({ error: e("contactRequired") })
    .trim()
    .min(5, { error: e("contactRequired") })
    .max(300, { error: e("tooLong") })
    .refine((value) => !unsafeShort.test(value), { error: e("invalidCharacters") }),
  additionalInfo: longText(2000),
  /** Optional: a cédula jurídica or física, stored as its digits. */
  taxId: z
    .string()
    .trim()
    .max(20, { error: e("taxIdFormat") })
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const parsed = parseTaxId(value);
      if (parsed) return parsed.digits;
      context.addIssue({ code: "custom", message: e("taxIdFormat") });
      return z.NEVER;
    }),
});

export const claimTaxIdSchema = z.object({
  claimId: z.uuid({ error: e("notFound") }),
});

export const claimDecisionSchema = z
  .object({
    claimId: z.uuid({ error: e("notFound") }),
    decision: z.enum(["approve", "reject"], { error: e("required") }),
    reason: z
      .string()
      .trim()
      .max(500, { error: e("tooLong") })
      .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") })
      .optional()
      .default(""),
  })
  .refine((value) => value.decision === "approve" || value.reason.length >= 5, {
    path: ["reason"],
    error: e("rejectReasonRequired"),
  });

export const photoSchema = z.object({
  photo: z
    .instanceof(File, { error: e("image.missing") })
    .refine((file) => file.size > 0, { error: e("image.missing") }),
  altEn: shortText(150),
  altEs: shortText(150),
});

/** A dish's photo (the menu editor). */
export const menuPhotoSchema = z.object({
  itemId: z.string().trim().max(64).optional().default(""),
  photo: z
    .instanceof(File, { error: e("image.missing") })
    .refine((file) => file.size > 0, { error: e("image.missing") }),
});

export const idSchema = z.object({ itemId: z.string().trim().max(64).optional().default("") });

/** The hours form's values for stored periods: the first two periods of each weekday. */
export function hoursDefaultValues(
  periods: readonly { weekday: number; opensAt: number; closesAt: number }[],
): Record<string, string> {
  const values: Record<string, string> = {};
  const clock = (minutes: number) =>
    `${String(Math.floor((minutes % 1440) / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  for (let weekday = 0; weekday < 7; weekday++) {
    const day = periods.filter((period) => period.weekday === weekday).sort((a, b) => a.opensAt - b.opensAt);
    day.slice(0, periodsPerDay).forEach((period, index) => {
      values[hoursFieldName(weekday, index, "open")] = clock(period.opensAt);
      values[hoursFieldName(weekday, index, "close")] = clock(period.closesAt);
    });
  }
  return values;
}

/** The edit form's values for a stored business (lists as comma-separated text). */
export function detailsDefaultValues(business: {
  name: string;
  category: string;
  areaSlug: string;
  slug: string;
  descriptionEn: string;
  descriptionEs: string;
  specialtiesEn: string[];
  specialtiesEs: string[];
  keywords: string[];
  address: string;
  directionsEn?: string;
  directionsEs?: string;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  website: string | null;
  metaTitleEn: string | null;
  metaTitleEs: string | null;
  metaDescriptionEn: string | null;
  metaDescriptionEs: string | null;
  seoKeywords: string[];
  offerings?: string[];
  spokenLanguages?: string[];
}): Record<string, string | string[]> {
  return {
    name: business.name,
    category: business.category,
    area: business.areaSlug,
    slug: business.slug,
    descriptionEn: business.descriptionEn,
    descriptionEs: business.descriptionEs,
    specialtiesEn: business.specialtiesEn.join(", "),
    specialtiesEs: business.specialtiesEs.join(", "),
    keywords: business.keywords.join(", "),
    address: business.address,
    directionsEn: business.directionsEn ?? "",
    directionsEs: business.directionsEs ?? "",
    latitude: business.latitude === null ? "" : String(business.latitude),
    longitude: business.longitude === null ? "" : String(business.longitude),
    phone: business.phone ?? "",
    whatsapp: business.whatsapp ?? "",
    email: business.email ?? "",
    website: business.website ?? "",
    metaTitleEn: business.metaTitleEn ?? "",
    metaTitleEs: business.metaTitleEs ?? "",
    metaDescriptionEn: business.metaDescriptionEn ?? "",
    metaDescriptionEs: business.metaDescriptionEs ?? "",
    seoKeywords: business.seoKeywords.join(", "),
    offerings: business.offerings ?? [],
    spokenLanguages: business.spokenLanguages ?? [],
  };
}
