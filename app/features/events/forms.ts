import { phoneE164 } from "#app/lib/contact-links";
import { z } from "#app/lib/form-schema";
import { eventCategories, eventLimits, repeatKinds } from "./constants";

// One Zod schema per form, shared by Conform in the browser and parseWithZod in the action.
// Messages are i18n keys ("events:form.errors.…") translated where they are shown.

const e = (key: string) => `events:form.errors.${key}`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeShort = /[<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidField = z.string().regex(uuidPattern, { error: e("notFound") });

const shortText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: e("tooLong") })
    .refine((value) => !unsafeShort.test(value), { error: e("invalidCharacters") })
    .optional()
    .default("");

const longText = z
  .string()
  .trim()
  .max(eventLimits.descriptionMax, { error: e("tooLong") })
  .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") })
  .optional()
  .default("");

const day = z
  .string({ error: e("date") })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: e("date") })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: e("date") });
const optionalDay = z.preprocess((value) => (value === "" ? undefined : value), day.optional());
const time = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string({ error: e("time") })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: e("time") })
    .optional(),
);

const optionalInt = (min: number, max: number, key: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : value.trim()) : value),
    z.coerce
      .number({ error: e(key) })
      .int({ error: e(key) })
      .min(min, { error: e(key) })
      .max(max, { error: e(key) })
      .optional(),
  );

const coordinate = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : value.trim()) : value),
    z.coerce
      .number({ error: e("coordinates") })
      .min(min, { error: e("coordinates") })
      .max(max, { error: e("coordinates") })
      .optional(),
  );

const link = z
  .string()
  .trim()
  .max(eventLimits.linkMax, { error: e("tooLong") })
  .refine((value) => value === "" || /^https?:\/\/[^\s<>"]+$/i.test(value), { error: e("link") });

export const eventSchema = z
  .object({
    titleEn: shortText(eventLimits.titleMax),
    titleEs: shortText(eventLimits.titleMax),
    descriptionEn: longText,
    descriptionEs: longText,
    category: z.enum(eventCategories, { error: e("category") }),
    area: z
      .string({ error: e("area") })
      .trim()
      .regex(/^[a-z0-9-]{1,80}$/, { error: e("area") }),
    startDay: day,
    startTime: time,
    endDay: optionalDay,
    endTime: time,
    allDay: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
    repeat: z.enum(repeatKinds, { error: e("repeat") }).default("none"),
    repeatUntil: optionalDay,
    venueBusiness: z.preprocess((value) => (value === "" ? undefined : value), uuidField.optional()),
    venueName: shortText(eventLimits.venueNameMax),
    venueAddress: shortText(eventLimits.addressMax),
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
    price: z.preprocess(
      (value) =>
        typeof value === "string" ? (value.trim() === "" ? undefined : value.trim().replace(/,/g, "")) : value,
      z.coerce
        .number({ error: e("price") })
        .positive({ error: e("price") })
        .max(eventLimits.priceMaxCrc, { error: e("price") })
        .optional(),
    ),
    currency: z.enum(["USD", "CRC"], { error: e("currency") }).default("USD"),
    maxAttendees: optionalInt(1, eventLimits.maxAttendeesMax, "maxAttendees"),
    minAge: optionalInt(1, eventLimits.minAgeMax, "minAge"),
    contactEmail: z
      .string({ error: e("email") })
      .trim()
      .max(254, { error: e("email") })
      .email({ error: e("email") }),
    organizerWhatsapp: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .string({ error: e("whatsapp") })
        .trim()
        .max(30, { error: e("whatsapp") })
        .refine((value) => phoneE164(value) !== null && /^\+?[0-9][0-9 ().-]{6,24}$/.test(value), {
          error: e("whatsapp"),
        })
        .optional(),
    ),
    // Conform sends an empty field as undefined: blank links are dropped, not refused.
    links: z.preprocess(
      (value) =>
        (Array.isArray(value) ? value : [value]).filter(
          (item): item is string => typeof item === "string" && item.trim() !== "",
        ),
      z.array(link).max(eventLimits.linksMax, { error: e("link") }),
    ),
    organizerBusiness: z.preprocess((value) => (value === "" ? undefined : value), uuidField.optional()),
  })
  .superRefine((value, context) => {
    if (!value.titleEn && !value.titleEs) {
      context.addIssue({ code: "custom", path: ["titleEn"], message: e("titleRequired") });
    }
    if (!value.descriptionEn && !value.descriptionEs) {
      context.addIssue({ code: "custom", path: ["descriptionEn"], message: e("descriptionRequired") });
    }
    if (!value.allDay && !value.startTime) {
      context.addIssue({ code: "custom", path: ["startTime"], message: e("time") });
    }
    if (!value.venueBusiness && !value.venueAddress) {
      context.addIssue({ code: "custom", path: ["venueAddress"], message: e("venueRequired") });
    }
    if ((value.latitude === undefined) !== (value.longitude === undefined)) {
      context.addIssue({ code: "custom", path: ["latitude"], message: e("coordinates") });
    }
    if (value.repeat !== "none" && (!value.repeatUntil || value.repeatUntil < value.startDay)) {
      context.addIssue({ code: "custom", path: ["repeatUntil"], message: e("repeatUntil") });
    }
    if (value.price !== undefined && value.currency === "USD" && value.price > eventLimits.priceMaxUsd) {
      context.addIssue({ code: "custom", path: ["price"], message: e("price") });
    }
  });
export type EventInput = z.infer<typeof eventSchema>;

export const rsvpSchema = z.object({
  intent: z.literal("rsvp"),
  occurrenceId: uuidField,
  partySize: z.preprocess(
    (value) => (value === "" || value === undefined ? 1 : value),
    z.coerce
      .number({ error: e("partySize") })
      .int({ error: e("partySize") })
      .min(1, { error: e("partySize") })
      .max(eventLimits.partySizeMax, { error: e("partySize") }),
  ),
  ageConfirmed: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
});

/** The filters of /events, from the query string; anything unknown is ignored. */
export const eventFiltersSchema = z.object({
  view: z.enum(["list", "month", "week"]).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  when: z.enum(["weekend"]).optional().catch(undefined),
  area: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional()
    .catch(undefined),
  category: z.enum(eventCategories).optional().catch(undefined),
  cost: z.enum(["free", "paid"]).optional().catch(undefined),
  age: z.enum(["all", "adults"]).optional().catch(undefined),
  /** The month (YYYY-MM) or week start day (YYYY-MM-DD) the calendar shows. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional()
    .catch(undefined),
  week: day.optional().catch(undefined),
});
export type EventFilters = z.infer<typeof eventFiltersSchema>;
