import { z } from "#app/lib/form-schema";
import { knownModeratedKinds, moderationDecisions, reportReasons, suspensionDays } from "./kinds";

// One Zod schema per form, shared by Conform in the browser and parseWithZod in the action.
// Messages are i18n keys translated where they are shown.

const e = (key: string) => `moderation:errors.${key}`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// The areas' manifests register the kinds (app/manifests.ts); read when a form is parsed, not when
// this module loads, which may come first.
const kind = z.lazy(() => z.enum(knownModeratedKinds(), { error: e("notFound") }));

const itemId = z
  .string({ error: e("notFound") })
  .trim()
  .min(1, { error: e("notFound") })
  .max(100, { error: e("notFound") })
  .regex(/^[\w-]+$/, { error: e("notFound") });

/** What someone writes along with a report or a decision: optional, one paragraph's worth, no control characters. */
function freeText() {
  return z
    .string()
    .trim()
    .max(1000, { error: e("noteTooLong") })
    .refine((value) => !controlCharacters.test(value), { error: e("noteTooLong") })
    .optional()
    .default("");
}

/** The report control under any item (app/components/moderation/report-form.tsx). */
export const reportSchema = z.object({
  kind,
  itemId,
  reason: z.enum(reportReasons, { error: e("reasonRequired") }),
  note: freeText(),
  /** Where to come back to: a local path, checked again by the action. */
  returnTo: z.string().max(2000).optional().default("/"),
});

/** An admin's decision on a queued item. */
export const decisionSchema = z
  .object({
    kind,
    itemId,
    decision: z.enum(moderationDecisions, { error: e("invalidDecision") }),
    reason: freeText(),
    days: z.coerce.number().int().optional(),
  })
  .refine((value) => value.decision === "approve" || value.reason.length >= 3, {
    path: ["reason"],
    error: e("decisionReasonRequired"),
  })
  .refine((value) => value.decision !== "suspend" || (suspensionDays as readonly number[]).includes(value.days ?? -1), {
    path: ["days"],
    error: e("daysRequired"),
  });
