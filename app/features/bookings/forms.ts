import { z } from "#app/lib/form-schema";
import { isPersonName, personNameMessageKey } from "#app/lib/person-name";
import { bookingLimits } from "./constants";

// One Zod schema per form, checked in the action (the forms post without JavaScript). Messages are
// i18n keys ("bookings:errors.…") translated where they are shown.

const e = (key: string) => `bookings:errors.${key}`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeShort = /[<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidField = z.string().regex(uuidPattern, { error: e("notFound") });

const shortText = (max: number, key = "name") =>
  z
    .string({ error: e(key) })
    .trim()
    .min(1, { error: e(key) })
    .max(max, { error: e("tooLong") })
    .refine((value) => !unsafeShort.test(value), { error: e("invalidCharacters") });

export const dayField = z
  .string({ error: e("date") })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: e("date") })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: e("date") });

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = z
  .string({ error: e("time") })
  .trim()
  .regex(timePattern, { error: e("time") });

const wholeNumber = (min: number, max: number, key: string) =>
  z.coerce
    .number({ error: e(key) })
    .int({ error: e(key) })
    .min(min, { error: e(key) })
    .max(max, { error: e(key) });

export const emailField = z
  .string({ error: e("email") })
  .trim()
  .max(254, { error: e("email") })
  .email({ error: e("email") });

/** The public booking form. */
export const bookingRequestSchema = z.object({
  serviceId: z.string({ error: e("service") }).regex(uuidPattern, { error: e("service") }),
  date: dayField,
  time: timeField,
  partySize: wholeNumber(1, bookingLimits.partySizeMax, "partySize"),
  name: shortText(bookingLimits.nameMax).refine(isPersonName, { error: personNameMessageKey }),
  email: emailField,
  specialRequests: z
    .string()
    .trim()
    .max(bookingLimits.requestsMax, { error: e("tooLong") })
    .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") })
    .optional()
    .default(""),
});
export type BookingRequestInput = z.infer<typeof bookingRequestSchema>;

/** "18:00, 19:30 20:00" → ["18:00", "19:30", "20:00"], sorted and without repeats. */
export function parseSlotTimes(value: string): string[] | null {
  const parts = value
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (/^\d:\d\d$/.test(part) ? `0${part}` : part));
  if (!parts.length || parts.some((part) => !timePattern.test(part))) return null;
  return [...new Set(parts)].sort();
}

/** The owner's form for one bookable service. */
export const serviceSchema = z.object({
  serviceId: z.preprocess((value) => (value === "" ? undefined : value), uuidField.optional()),
  nameEn: shortText(bookingLimits.serviceNameMax, "serviceName"),
  nameEs: z
    .string()
    .trim()
    .max(bookingLimits.serviceNameMax, { error: e("tooLong") })
    .refine((value) => !unsafeShort.test(value), { error: e("invalidCharacters") })
    .optional()
    .default(""),
  slotTimes: z
    .string({ error: e("slotTimes") })
    .max(400, { error: e("slotTimes") })
    .transform((value, ctx) => {
      const times = parseSlotTimes(value);
      if (!times || times.length > bookingLimits.slotsPerServiceMax) {
        ctx.addIssue({ code: "custom", message: e("slotTimes") });
        return z.NEVER;
      }
      return times;
    }),
  weekdays: z
    .preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z.array(wholeNumber(0, 6, "weekdays")),
    )
    .refine((days) => days.length > 0, { error: e("weekdays") })
    .transform((days) => [...new Set(days)].sort()),
  capacity: wholeNumber(1, bookingLimits.capacityMax, "capacity"),
  durationMinutes: wholeNumber(bookingLimits.durationMinutesMin, bookingLimits.durationMinutesMax, "duration"),
  leadTimeHours: wholeNumber(0, bookingLimits.leadTimeHoursMax, "leadTime"),
});
export type ServiceInput = z.infer<typeof serviceSchema>;

export const blackoutSchema = z.object({
  day: dayField,
  reason: z
    .string()
    .trim()
    .max(bookingLimits.blackoutReasonMax, { error: e("tooLong") })
    .refine((value) => !unsafeShort.test(value), { error: e("invalidCharacters") })
    .optional()
    .default(""),
});
