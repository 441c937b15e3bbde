import { z } from "#app/lib/form-schema";

// One Zod schema per forum form, used by Conform in the browser and by parseWithZod on the
// server. Messages are i18n keys (community namespace), translated where they are shown.

const e = (key: string) => `community:errors.${key}`;

// Control characters other than line breaks and tabs have no place in a post.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const textControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const lineControl = /[\u0000-\u001f\u007f]/;

export const forumLimits = {
  titleMin: 5,
  title: 150,
  bodyMin: 10,
  body: 20_000,
  replyMin: 2,
  categoryName: 80,
  categoryDescription: 400,
  slug: 60,
} as const;

/** Authors may edit a post or reply for this long after writing it; admins at any time. */
export const editWindowMinutes = 30;
/** Replies shown per page of a discussion. */
export const repliesPerPage = 20;

const language = z.enum(["en", "es"], { error: e("languageRequired") });
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = z.string().regex(uuidPattern, { error: e("notFound") });

const title = z
  .string({ error: e("titleRequired") })
  .trim()
  .min(forumLimits.titleMin, { error: e("titleTooShort") })
  .max(forumLimits.title, { error: e("titleTooLong") })
  .refine((value) => !lineControl.test(value), { error: e("invalidText") });

const body = (min: number) =>
  z
    .string({ error: e("bodyRequired") })
    .trim()
    .min(min, { error: e("bodyTooShort") })
    .max(forumLimits.body, { error: e("bodyTooLong") })
    .refine((value) => !textControl.test(value), { error: e("invalidText") });

export const discussionSchema = z.object({
  // Conform posts an unchosen select as a missing field: that too asks to choose a category.
  categoryId: z.string({ error: e("categoryRequired") }).regex(uuidPattern, { error: e("categoryRequired") }),
  title,
  body: body(forumLimits.bodyMin),
  language,
});

export const editDiscussionSchema = z.object({
  intent: z.literal("edit-post"),
  title,
  body: body(forumLimits.bodyMin),
  language,
});

export const replySchema = z.object({
  intent: z.literal("reply"),
  body: body(forumLimits.replyMin),
  language,
  quote: z
    .string()
    .regex(/^(post|reply:[0-9a-f-]{36})$/i)
    .optional(),
});

export const editReplySchema = z.object({
  intent: z.literal("edit-reply"),
  replyId: uuid,
  body: body(forumLimits.replyMin),
  language,
});

const categoryText = (max: number, required: boolean) => {
  const base = z
    .string({ error: e("required") })
    .trim()
    .max(max, { error: e("tooLong") })
    .refine((value) => !lineControl.test(value), { error: e("invalidText") });
  return required ? base.min(1, { error: e("required") }) : base.default("");
};

export const categorySchema = z.object({
  intent: z.enum(["category-create", "category-update"]),
  categoryId: z.string().optional(),
  slug: z
    .string({ error: e("slugInvalid") })
    .trim()
    .toLowerCase()
    .max(forumLimits.slug, { error: e("slugInvalid") })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: e("slugInvalid") }),
  nameEn: categoryText(forumLimits.categoryName, true),
  nameEs: categoryText(forumLimits.categoryName, true),
  descriptionEn: categoryText(forumLimits.categoryDescription, false),
  descriptionEs: categoryText(forumLimits.categoryDescription, false),
});

export type CategoryInput = Omit<z.infer<typeof categorySchema>, "intent" | "categoryId">;
