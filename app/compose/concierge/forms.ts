import { z } from "#app/lib/form-schema";
import { maxQuestionLength } from "./intents";
import { writingTargets, writingTasks } from "./writing-tasks";

// The writing tools' forms (dashboard /ai-tools): asking for a draft, and saving the reviewed one.
// Messages are translation keys of the concierge namespace.

const e = (key: string) => `concierge:aiTools.errors.${key}`;

export const draftRequestSchema = z.object({
  intent: z.literal("draft"),
  businessId: z.uuid(e("invalid")),
  task: z.enum(writingTasks, e("invalid")),
  target: z.enum(writingTargets, e("invalid")),
  reviewId: z.uuid(e("noReview")).optional(),
  notes: z.string().trim().max(500, e("tooLong")).optional(),
});

export const saveDraftSchema = z.object({
  intent: z.literal("save"),
  businessId: z.uuid(e("invalid")),
  task: z.enum(writingTasks, e("invalid")),
  reviewId: z.uuid(e("noReview")).optional(),
  en: z.string().trim().max(2000, e("invalid")).optional(),
  es: z.string().trim().max(2000, e("invalid")).optional(),
});

/** The concierge API's JSON body: a question of 1 to 500 characters and an optional language. */
export const conciergeQuestionSchema = z.object({
  question: z.string().trim().min(1).max(maxQuestionLength),
  lang: z.enum(["en", "es"]).optional(),
});
