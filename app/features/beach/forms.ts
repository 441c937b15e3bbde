import { z } from "#app/lib/form-schema";
import {
  conditionFieldNames,
  conditionFields,
  observationNoteMax,
  photoMaxBytes,
  reportNoteMax,
  waterTempRangeC,
} from "./conditions";
import { celsiusToFahrenheit } from "./units";

// One schema per form, used by Conform in the browser and parseWithZod in the action. Messages
// are i18n keys (beach:form.errors.*), translated where they are shown.

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(values, { message: "beach:form.errors.choice" }).optional(),
  );

/** Drops control characters (a pasted NUL, a stray escape) but keeps tabs and line breaks. */
export function stripControlCharacters(value: string): string {
  return Array.from(value)
    .filter((character) => {
      const code = character.codePointAt(0) ?? 0;
      return code === 9 || code === 10 || (code >= 32 && code !== 127);
    })
    .join("");
}

/** Free text: trimmed, control characters other than tabs and newlines removed. */
const cleanText = (max: number, tooLong: string) =>
  z
    .string()
    .transform((value) => stripControlCharacters(value).trim())
    .pipe(z.string().max(max, { message: tooLong }));

const temperature = (unit: "C" | "F") => {
  const min = unit === "C" ? waterTempRangeC.min : Math.round(celsiusToFahrenheit(waterTempRangeC.min));
  const max = unit === "C" ? waterTempRangeC.max : Math.round(celsiusToFahrenheit(waterTempRangeC.max));
  return z.preprocess(
    (value) =>
      typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.trim().replace(",", "."))) : value,
    z
      .number({ message: "beach:form.errors.temperatureNumber" })
      .refine(Number.isFinite, { message: "beach:form.errors.temperatureNumber" })
      .min(min, { message: "beach:form.errors.temperatureRange" })
      .max(max, { message: "beach:form.errors.temperatureRange" })
      .optional(),
  );
};

export function conditionReportSchema(temperatureUnit: "C" | "F") {
  return z
    .object({
      intent: z.literal("report"),
      surfSize: optionalChoice(conditionFields.surfSize),
      surfQuality: optionalChoice(conditionFields.surfQuality),
      wind: optionalChoice(conditionFields.wind),
      windDirection: optionalChoice(conditionFields.windDirection),
      waterClarity: optionalChoice(conditionFields.waterClarity),
      flag: optionalChoice(conditionFields.flag),
      jellyfish: optionalChoice(conditionFields.jellyfish),
      sargassum: optionalChoice(conditionFields.sargassum),
      crowd: optionalChoice(conditionFields.crowd),
      waterTemp: temperature(temperatureUnit),
      note: cleanText(reportNoteMax, "beach:form.errors.noteTooLong").optional().default(""),
      // Checked here for size (so the browser can say so before uploading); the server also
      // checks what the bytes are and re-encodes them.
      photo: z
        .custom<File>((value) => typeof File !== "undefined" && value instanceof File, {
          message: "beach:form.errors.photo.type",
        })
        .refine((file) => file.size <= photoMaxBytes, { message: "beach:form.errors.photo.size" })
        .optional(),
    })
    .superRefine((value, context) => {
      const observed = conditionFieldNames.some((field) => value[field] !== undefined) || value.waterTemp !== undefined;
      if (!observed && !value.note) {
        context.addIssue({ code: "custom", path: ["surfSize"], message: "beach:form.errors.nothingObserved" });
      }
    });
}

export type ConditionReportInput = z.infer<ReturnType<typeof conditionReportSchema>>;

export const observationSchema = z.object({
  intent: z.literal("observation"),
  // Conform turns an empty field into undefined, and "   " is empty once trimmed: both read
  // "write a short note" rather than a type error.
  note: z
    .string({ message: "beach:form.errors.observationRequired" })
    .transform((value) => stripControlCharacters(value).trim())
    .pipe(
      z
        .string({ message: "beach:form.errors.observationRequired" })
        .min(1, { message: "beach:form.errors.observationRequired" })
        .max(observationNoteMax, { message: "beach:form.errors.observationTooLong" }),
    ),
});

export const deleteSchema = z.object({
  intent: z.enum(["deleteReport", "deleteObservation"]),
  id: z.coerce.number({ message: "beach:form.errors.choice" }).int().positive(),
});

export const reporterGrantSchema = z.object({
  intent: z.literal("grant"),
  email: z
    .string({ message: "beach:admin.errors.emailRequired" })
    .trim()
    .toLowerCase()
    .max(254, { message: "beach:admin.errors.emailInvalid" })
    .pipe(z.email({ message: "beach:admin.errors.emailInvalid" })),
});

export const reporterRevokeSchema = z.object({
  intent: z.literal("revoke"),
  userId: z.string().trim().min(1).max(100),
});
