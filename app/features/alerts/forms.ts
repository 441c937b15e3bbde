import { z } from "#app/lib/form-schema";
import { alertKinds, alertLimits, alertSeverities } from "./constants";

// One Zod schema per form, shared by Conform in the browser and parseWithZod in the action.
// Messages are i18n keys ("alerts:form.errors.…") translated where they are shown.

const e = (key: string) => `alerts:form.errors.${key}`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeShort = /[<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const areaSlug = z
  .string({ error: e("area") })
  .trim()
  .regex(/^[a-z0-9-]{1,80}$/, { error: e("area") });

const title = z
  .string({ error: e("titleRequired") })
  .trim()
  .min(1, { error: e("titleRequired") })
  .max(alertLimits.titleMax, { error: e("tooLong") })
  .refine((value) => !unsafeShort.test(value), { error: e("invalidCharacters") });

const body = z
  .string()
  .trim()
  .max(alertLimits.bodyMax, { error: e("tooLong") })
  .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") })
  .optional()
  .default("");

const note = z
  .string()
  .trim()
  .max(alertLimits.noteMax, { error: e("tooLong") })
  .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") })
  .optional()
  .default("");

/** A wall time on the site's clocks, as <input type="datetime-local"> sends it. */
export const wallTimePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const wallTime = z
  .string({ error: e("time") })
  .trim()
  .regex(wallTimePattern, { error: e("time") });
const optionalWallTime = z.preprocess((value) => (value === "" ? undefined : value), wallTime.optional());

/** The publishing form (new alert, or an update of one: then the notes say what changed). */
export const alertSchema = z
  .object({
    kind: z.enum(alertKinds, { error: e("kind") }),
    severity: z.enum(alertSeverities, { error: e("severity") }),
    // Conform sends no checkbox at all as undefined: no area ticked is the whole site.
    areas: z.preprocess(
      (value) =>
        (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter(
          (item) => !(typeof item === "string" && item.trim() === ""),
        ),
      z.array(areaSlug).max(50, { error: e("area") }),
    ),
    titleEn: title,
    titleEs: title,
    bodyEn: body,
    bodyEs: body,
    sourceName: z
      .string({ error: e("sourceName") })
      .trim()
      .min(1, { error: e("sourceName") })
      .max(alertLimits.sourceNameMax, { error: e("tooLong") })
      .refine((value) => !unsafeShort.test(value), { error: e("invalidCharacters") }),
    sourceUrl: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .string()
        .trim()
        .max(alertLimits.sourceUrlMax, { error: e("tooLong") })
        .refine((value) => /^https?:\/\/[^\s<>"]+$/i.test(value), { error: e("sourceUrl") })
        .optional(),
    ),
    /** Empty: from now. */
    startsAt: optionalWallTime,
    expiresAt: wallTime,
    noteEn: note,
    noteEs: note,
  })
  .superRefine((value, context) => {
    if (value.startsAt && value.startsAt >= value.expiresAt) {
      context.addIssue({ code: "custom", path: ["expiresAt"], message: e("expiresBeforeStart") });
    }
    if (new Set(value.areas).size !== value.areas.length) {
      context.addIssue({ code: "custom", path: ["areas"], message: e("area") });
    }
  });
export type AlertFormValue = z.infer<typeof alertSchema>;

/** Ending an alert: what the update says, in both languages. */
export const endAlertSchema = z.object({
  intent: z.literal("end"),
  noteEn: note,
  noteEs: note,
});

/** The filters of /alerts, from the query string; anything unknown is ignored. */
export const alertFiltersSchema = z.object({
  kind: z.enum(alertKinds).optional().catch(undefined),
  severity: z.enum(alertSeverities).optional().catch(undefined),
  area: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional()
    .catch(undefined),
  when: z.enum(["now", "upcoming"]).optional().catch(undefined),
});
export type AlertFilters = z.infer<typeof alertFiltersSchema>;

/** The admin's form that lets a person post alerts for one area (or every area). */
export const alertPosterGrantSchema = z.object({
  intent: z.literal("grant"),
  email: z
    .string({ error: e("email") })
    .trim()
    .max(254, { error: e("email") })
    .email({ error: e("email") }),
  /** An area slug, or "*" for every area and the whole site. */
  area: z
    .string({ error: e("area") })
    .trim()
    .regex(/^(\*|[a-z0-9-]{1,80})$/, { error: e("area") }),
});

export const alertPosterRevokeSchema = z.object({
  intent: z.literal("revoke"),
  userId: z.string().min(1).max(200),
  area: z
    .string()
    .regex(/^(\*|[a-z0-9-]{1,80})$/)
    .optional(),
});
