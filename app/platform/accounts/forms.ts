import { z } from "#app/lib/form-schema";
import { isPersonName, personNameMessageKey } from "#app/lib/person-name";

// One Zod schema per form, used by Conform in the browser and by parseWithZod in the action.
// Messages are i18n keys ("accounts:auth.errors.…"), translated where they are shown, so the same
// schema speaks both languages. The common-password list is checked on the server only (it is
// not shipped to browsers): the schemas take it as an option.

const e = (key: string) => `accounts:auth.errors.${key}`;

export const passwordMinLength = 8;
export const passwordMaxLength = 128;
export const nameMaxLength = 100;
export const emailMaxLength = 254;

// Angle brackets and control characters: nobody's name needs them, and they are what injection
// attempts are made of (names go into emails and other people's screens).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeNameCharacters = /[<>\u0000-\u001f\u007f]/;

export const emailField = z
  .string({ error: e("emailRequired") })
  .trim()
  .min(1, { error: e("emailRequired") })
  .max(emailMaxLength, { error: e("emailTooLong") })
  .pipe(z.email({ error: e("emailInvalid") }));

/** For signing in: any length up to the maximum (old passwords predate today's rules). */
export const currentPasswordField = z
  .string({ error: e("passwordRequired") })
  .min(1, { error: e("passwordRequired") })
  .max(passwordMaxLength, { error: e("passwordTooLong") });

/** For a new password: 8–128 characters, no composition rules (NIST SP 800-63B). */
export const newPasswordField = z
  .string({ error: e("passwordRequired") })
  .min(passwordMinLength, { error: e("passwordTooShort") })
  .max(passwordMaxLength, { error: e("passwordTooLong") });

function personNameField(requiredKey: string) {
  return z
    .string({ error: e(requiredKey) })
    .trim()
    .min(1, { error: e(requiredKey) })
    .max(nameMaxLength, { error: e("nameTooLong") })
    .refine((value) => !unsafeNameCharacters.test(value), { error: e("nameInvalid") })
    .refine(isPersonName, { error: personNameMessageKey });
}

export const nameField = personNameField("nameRequired");
/** Its own message: "enter your name" under the last-name box reads as a mistake (Spanish above all). */
export const lastNameField = personNameField("lastNameRequired");

const redirectToField = z.string().max(2048).optional();

export interface PasswordPolicy {
  isCommonPassword?: (password: string) => boolean;
}

function checkNewPassword(
  password: string | undefined,
  email: string | undefined,
  policy: PasswordPolicy,
  path: string,
  ctx: z.RefinementCtx,
) {
  if (!password) return;
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) {
    ctx.addIssue({ code: "custom", path: [path], message: e("passwordSameAsEmail") });
  } else if (policy.isCommonPassword?.(password)) {
    ctx.addIssue({ code: "custom", path: [path], message: e("passwordCommon") });
  }
}

export const signInSchema = z.object({
  intent: z.literal("sign-in"),
  email: emailField,
  password: currentPasswordField,
  redirectTo: redirectToField,
});

export function createSignUpSchema(policy: PasswordPolicy = {}) {
  return z
    .object({
      intent: z.literal("sign-up"),
      firstName: nameField,
      lastName: lastNameField,
      email: emailField,
      password: newPasswordField,
      redirectTo: redirectToField,
    })
    .superRefine((value, ctx) => checkNewPassword(value.password, value.email, policy, "password", ctx));
}

export const forgotPasswordSchema = z.object({ email: emailField });

export function createResetPasswordSchema(policy: PasswordPolicy = {}) {
  return z
    .object({
      token: z
        .string({ error: e("tokenMissing") })
        .min(1, { error: e("tokenMissing") })
        .max(512),
      password: newPasswordField,
    })
    .superRefine((value, ctx) => checkNewPassword(value.password, undefined, policy, "password", ctx));
}

export const profileSchema = z.object({
  intent: z.literal("profile"),
  firstName: nameField,
  lastName: lastNameField,
});

export const languageSchema = z.object({
  intent: z.literal("language"),
  preferredLanguage: z.enum(["en", "es"], { error: "accounts:auth.errors.generic" }),
});

export function createChangePasswordSchema(policy: PasswordPolicy & { email?: string } = {}) {
  return z
    .object({
      intent: z.literal("password"),
      currentPassword: currentPasswordField,
      newPassword: newPasswordField,
    })
    .superRefine((value, ctx) => checkNewPassword(value.newPassword, policy.email, policy, "newPassword", ctx));
}

export function createDeleteAccountSchema(email: string) {
  return z.object({
    intent: z.literal("delete"),
    confirmEmail: z
      .string({ error: "accounts:dashboard.settings.delete.confirmMismatch" })
      .trim()
      .max(emailMaxLength, { error: "accounts:dashboard.settings.delete.confirmMismatch" })
      .refine((value) => value.toLowerCase() === email.toLowerCase(), {
        error: "accounts:dashboard.settings.delete.confirmMismatch",
      }),
    password: currentPasswordField,
  });
}

/** Most rows one user import (admin "import users") takes; shared by the check and the page's hint. */
export const maxImportRows = 500;
