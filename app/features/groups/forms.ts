import { z } from "#app/lib/form-schema";
import {
  groupDescriptionMax,
  groupLanguages,
  groupLinkMax,
  groupNameMax,
  groupTopics,
  memberCountMax,
  parseInviteLink,
  proofNoteMax,
} from "./constants";

// One Zod schema per form, shared by Conform in the browser and parseWithZod in the action.
// Messages are i18n keys ("groups:form.errors.…") translated where they are shown.

const e = (key: string) => `groups:form.errors.${key}`;

// Angle brackets and control characters have no place in a group's name; long texts keep angle
// brackets (always rendered as text) but not control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeShort = /[<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: e("group") });

/** The invite link: https only, on a known host, an invite path there. */
export const inviteLinkField = z
  .string({ error: e("linkRequired") })
  .trim()
  .min(1, { error: e("linkRequired") })
  .max(groupLinkMax, { error: e("tooLong") })
  .superRefine((value, context) => {
    if (!/^https:\/\//i.test(value)) {
      context.addIssue({ code: "custom", message: e("linkHttps") });
    } else if (!parseInviteLink(value)) {
      context.addIssue({ code: "custom", message: e("linkHost") });
    }
  })
  .transform((value) => parseInviteLink(value)?.url ?? value);

const description = z
  .string()
  .trim()
  .max(groupDescriptionMax, { error: e("tooLong") })
  .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") })
  .optional()
  .default("");

const optionalCount = z.preprocess(
  (value) =>
    typeof value === "string" ? (value.trim() === "" ? undefined : value.trim().replace(/[,.\s]/g, "")) : value,
  z.coerce
    .number({ error: e("memberCount") })
    .int({ error: e("memberCount") })
    .min(1, { error: e("memberCount") })
    .max(memberCountMax, { error: e("memberCount") })
    .optional(),
);

export const suggestGroupSchema = z
  .object({
    intent: z.literal("suggest"),
    inviteUrl: inviteLinkField,
    name: z
      .string({ error: e("nameRequired") })
      .trim()
      .min(2, { error: e("nameRequired") })
      .max(groupNameMax, { error: e("tooLong") })
      .refine((value) => !unsafeShort.test(value), { error: e("invalidCharacters") }),
    descriptionEn: description,
    descriptionEs: description,
    topic: z.enum(groupTopics, { error: e("topic") }),
    area: z
      .string({ error: e("area") })
      .trim()
      .regex(/^[a-z0-9-]{1,80}$/, { error: e("area") }),
    language: z.enum(groupLanguages, { error: e("language") }),
    memberCount: optionalCount,
  })
  .superRefine((value, context) => {
    if (!value.descriptionEn && !value.descriptionEs) {
      context.addIssue({ code: "custom", path: ["descriptionEn"], message: e("descriptionRequired") });
    }
  });
export type SuggestGroupInput = z.infer<typeof suggestGroupSchema>;

export const verifyGroupSchema = z.object({
  intent: z.literal("verify"),
  groupId: uuid,
  proofNote: z
    .string({ error: e("proofRequired") })
    .trim()
    .min(10, { error: e("proofRequired") })
    .max(proofNoteMax, { error: e("tooLong") })
    .refine((value) => !controlCharacters.test(value), { error: e("invalidCharacters") }),
});

export const memberCountSchema = z.object({
  intent: z.literal("count"),
  groupId: uuid,
  memberCount: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().replace(/[,.\s]/g, "") : value),
    z.coerce
      .number({ error: e("memberCount") })
      .int({ error: e("memberCount") })
      .min(1, { error: e("memberCount") })
      .max(memberCountMax, { error: e("memberCount") }),
  ),
  countedOn: z
    .string({ error: e("countedOn") })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: e("countedOn") })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: e("countedOn") }),
});

/** The filters of /groups, from the query string; anything unknown is ignored. */
export const groupFiltersSchema = z.object({
  topic: z.enum(groupTopics).optional().catch(undefined),
  area: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional()
    .catch(undefined),
  language: z.enum(groupLanguages).optional().catch(undefined),
});
export type GroupFilters = z.infer<typeof groupFiltersSchema>;
