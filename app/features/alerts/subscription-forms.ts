import { z } from "#app/lib/form-schema";

// The subscribe forms: by email (works without JavaScript) and by Web Push (the page's script posts
// the browser's subscription). The same schemas check on the client and the server.

const e = (key: string) => `alerts:subscriptions.errors.${key}`;

export const subscriptionLimits = {
  email: 254,
  endpoint: 1024,
  areas: 30,
  kinds: 20,
} as const;

/** Checkbox groups arrive as one value, several, or none. */
const slugList = (max: number) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]),
    z
      .array(z.string().regex(/^[a-z0-9-]{1,60}$/, { error: e("choice") }))
      .max(max, { error: e("choice") })
      .transform((list) => [...new Set(list)]),
  );

const choice = {
  areas: slugList(subscriptionLimits.areas),
  kinds: slugList(subscriptionLimits.kinds),
};

export const emailSubscriptionSchema = z.object({
  intent: z.literal("email").default("email"),
  email: z
    .string({ error: e("emailRequired") })
    .trim()
    .toLowerCase()
    .min(1, { error: e("emailRequired") })
    .max(subscriptionLimits.email, { error: e("emailInvalid") })
    .pipe(z.email({ error: e("emailInvalid") })),
  ...choice,
  /** Off-screen: people leave it empty, bots fill it. */
  website: z.string().max(200).optional(),
});
export type EmailSubscriptionInput = z.infer<typeof emailSubscriptionSchema>;

// URL-safe base64 without padding: a P-256 public key uncompressed (65 bytes → 87 characters) and
// a 16-byte auth secret (22 characters), as PushSubscription.toJSON() gives them.
const base64url = (length: number) =>
  z
    .string({ error: e("pushKeys") })
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), { error: e("pushKeys") })
    .transform((value) => value.replace(/=+$/, ""));

export const pushSubscriptionSchema = z.object({
  intent: z.literal("push"),
  endpoint: z
    .string({ error: e("pushEndpoint") })
    .trim()
    .max(subscriptionLimits.endpoint, { error: e("pushEndpoint") })
    .pipe(z.url({ protocol: /^https?$/, error: e("pushEndpoint") })),
  p256dh: base64url(87),
  auth: base64url(22),
  ...choice,
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** A link's token: 43 characters of URL-safe base64 (32 random bytes). */
export const subscriptionTokenPattern = /^[A-Za-z0-9_-]{43}$/;
