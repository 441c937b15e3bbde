import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirectDocument, useActionData, useNavigation } from "react-router";
import { FieldErrors, FormErrors, inputClass, TextField } from "#app/components/accounts/fields";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { clientInfo } from "#app/lib/client-info.server";
import { AppError } from "#app/lib/errors";
import { handleFormAction } from "#app/lib/errors.server";
import { languageStorageKey, localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { authResponseHeaders } from "#app/lib/session-cookie.server";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import {
  changePassword,
  countSessions,
  signOutEverywhere,
  verifyUserPassword,
} from "#app/platform/accounts/auth-flows.server";
import {
  createChangePasswordSchema,
  createDeleteAccountSchema,
  languageSchema,
  profileSchema,
} from "#app/platform/accounts/forms";
import { passwordPolicy } from "#app/platform/accounts/password-policy.server";
import {
  deleteOwnAccount,
  getAccount,
  updatePreferredLanguage,
  updateProfile,
} from "#app/platform/accounts/users.server";
import { redirectWithToast, toastHeaders } from "#app/web/flash.server";
import { actOnIntent } from "#app/web/intents";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/settings";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = await getRequestTranslator(request);
  const [account, sessionCount] = await Promise.all([
    getAccount({ userId: user.id }),
    countSessions({ userId: user.id }),
  ]);
  return {
    head: {
      title: t("accounts:dashboard.settings.metaTitle"),
      description: t("accounts:dashboard.settings.metaTitle"),
      noindex: true,
    },
    account: {
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      preferredLanguage: account.preferredLanguage === "es" ? "es" : "en",
    },
    sessionCount,
  };
}

type Intent = "profile" | "language" | "password" | "sessions" | "delete";

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { language } = await getRequestTranslator(request);
  const formData = await request.formData();

  return actOnIntent(
    formData,
    {
      profile: async () => {
        const submission = parseWithZod(formData, { schema: profileSchema });
        if (submission.status !== "success")
          return data({ intent: "profile" as Intent, result: submission.reply(), done: false }, { status: 400 });
        await updateProfile({ userId: user.id, ...submission.value });
        return redirectWithToast(request, localizePath("/dashboard/settings", language), "profileSaved");
      },
      language: async () => {
        const submission = parseWithZod(formData, { schema: languageSchema });
        if (submission.status !== "success")
          return data({ intent: "language" as Intent, result: submission.reply(), done: false }, { status: 400 });
        const chosen = submission.value.preferredLanguage;
        await updatePreferredLanguage({ userId: user.id, language: chosen });
        // The choice also becomes the site's saved language, and the page follows it: a
        // full page load, because the browser's translations are loaded for one language.
        const headers = new Headers({
          "Set-Cookie": `${languageStorageKey}=${chosen}; Path=/; Max-Age=31536000; SameSite=Lax`,
        });
        return redirectDocument(localizePath("/dashboard/settings", chosen), {
          headers: await toastHeaders(request, "languageSaved", headers),
        });
      },
      password: async () => {
        const schema = createChangePasswordSchema({ ...passwordPolicy, email: user.email });
        const submission = parseWithZod(formData, { schema });
        const hidden = ["currentPassword", "newPassword"];
        if (submission.status !== "success") {
          return data(
            { intent: "password" as Intent, result: submission.reply({ hideFields: hidden }), done: false },
            { status: 400 },
          );
        }
        return handleFormAction(
          submission,
          async () => {
            const outcome = await changePassword({
              userId: user.id,
              currentPassword: submission.value.currentPassword,
              newPassword: submission.value.newPassword,
              cookie: request.headers.get("cookie"),
              client: clientInfo(request, context),
            });
            if (!outcome.ok) {
              throw new AppError("invalid", "accounts:dashboard.settings.password.wrongCurrent", {
                field: "currentPassword",
              });
            }
            return redirectWithToast(request, localizePath("/dashboard/settings", language), "passwordChanged", {
              headers: authResponseHeaders(request, outcome.cookies),
            });
          },
          { failure: { intent: "password" as Intent, done: false }, hideFields: hidden },
        );
      },
      sessions: async () => {
        const cookies = await signOutEverywhere({ userId: user.id });
        return redirectWithToast(request, localizePath("/auth", language), "signedOutEverywhere", {
          headers: authResponseHeaders(request, cookies),
        });
      },
      delete: async () => {
        const submission = parseWithZod(formData, { schema: createDeleteAccountSchema(user.email) });
        if (submission.status !== "success") {
          return data(
            { intent: "delete" as Intent, result: submission.reply({ hideFields: ["password"] }), done: false },
            { status: 400 },
          );
        }
        return handleFormAction(
          submission,
          async () => {
            if (!(await verifyUserPassword({ userId: user.id, password: submission.value.password }))) {
              throw new AppError("invalid", "accounts:dashboard.settings.password.wrongCurrent", { field: "password" });
            }
            await deleteOwnAccount({ userId: user.id });
            const cookies = await signOutEverywhere({ userId: user.id });
            return redirectWithToast(request, localizePath("/", language), "accountDeleted", {
              headers: authResponseHeaders(request, cookies),
            });
          },
          { failure: { intent: "delete" as Intent, done: false }, hideFields: ["password"] },
        );
      },
    },
    () => data({ intent: null, result: undefined, done: false }, { status: 400 }),
  );
}

function useIntentResult(intent: Intent) {
  const actionData = useActionData<typeof action>();
  return actionData && actionData.intent === intent ? actionData : undefined;
}

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function SubmitButton({ label, intent, danger = false }: { label: string; intent: Intent; danger?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button
      type="submit"
      disabled={busy}
      className={danger ? "btn-primary bg-red-700 hover:bg-red-800" : "btn-primary"}
    >
      {label}
    </button>
  );
}

function ProfileForm({ firstName, lastName }: { firstName: string; lastName: string }) {
  const { t } = useTranslation("accounts");
  const last = useIntentResult("profile");
  const [form, fields] = useZodForm(profileSchema, {
    id: "settings-profile",
    lastResult: last?.result,
    defaultValue: { firstName, lastName },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="profile" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.firstName} label={t("auth.fields.firstName")} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t("auth.fields.lastName")} autoComplete="family-name" />
      </div>
      <SubmitButton label={t("dashboard.settings.profile.submit")} intent="profile" />
    </Form>
  );
}

function LanguageForm({ preferredLanguage }: { preferredLanguage: "en" | "es" }) {
  const { t } = useTranslation("accounts");
  const last = useIntentResult("language");
  const [form, fields] = useForm({
    id: "settings-language",
    lastResult: last?.result,
    defaultValue: { preferredLanguage },
  });
  const select = getSelectProps(fields.preferredLanguage);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="language" />
      <div>
        <label htmlFor={fields.preferredLanguage.id} className="block text-sm font-medium text-slate-800">
          {t("dashboard.settings.language.label")}
        </label>
        <select {...select} key={select.key} className={inputClass}>
          <option value="en">{t("languages.en")}</option>
          <option value="es">{t("languages.es")}</option>
        </select>
        <p className="mt-1 text-xs text-slate-600">{t("dashboard.settings.language.help")}</p>
        <FieldErrors id={fields.preferredLanguage.errorId} errors={fields.preferredLanguage.errors} />
      </div>
      <SubmitButton label={t("dashboard.settings.language.submit")} intent="language" />
    </Form>
  );
}

function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation("accounts");
  const last = useIntentResult("password");
  const [form, fields] = useZodForm(createChangePasswordSchema({ email }), {
    id: "settings-password",
    lastResult: last?.result,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="password" />
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <p className="text-sm text-slate-600">{t("dashboard.settings.password.help")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField
        field={fields.currentPassword}
        label={t("auth.fields.currentPassword")}
        type="password"
        autoComplete="current-password"
      />
      <TextField
        field={fields.newPassword}
        label={t("auth.fields.newPassword")}
        type="password"
        autoComplete="new-password"
        hint={t("auth.fields.passwordHint")}
      />
      <SubmitButton label={t("dashboard.settings.password.submit")} intent="password" />
    </Form>
  );
}

function DeleteForm({ email }: { email: string }) {
  const { t } = useTranslation("accounts");
  const last = useIntentResult("delete");
  const [form, fields] = useZodForm(createDeleteAccountSchema(email), {
    id: "settings-delete",
    lastResult: last?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="delete" />
      <p className="text-sm text-slate-700">{t("dashboard.settings.delete.help")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField
        field={fields.confirmEmail}
        label={`${t("dashboard.settings.delete.confirmLabel")}: ${email}`}
        type="email"
        autoComplete="off"
      />
      <TextField
        field={fields.password}
        label={t("dashboard.settings.delete.passwordLabel")}
        type="password"
        autoComplete="current-password"
      />
      <SubmitButton label={t("dashboard.settings.delete.submit")} intent="delete" danger />
    </Form>
  );
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const { account } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("dashboard.settings.title")}</h1>
      <Card title={t("dashboard.settings.profile.title")} id="settings-profile-title">
        <ProfileForm firstName={account.firstName} lastName={account.lastName} />
      </Card>
      <Card title={t("dashboard.settings.language.title")} id="settings-language-title">
        <LanguageForm preferredLanguage={account.preferredLanguage as "en" | "es"} />
      </Card>
      <Card title={t("dashboard.settings.password.title")} id="settings-password-title">
        <PasswordForm email={account.email} />
      </Card>
      <Card title={t("dashboard.settings.sessions.title")} id="settings-sessions-title">
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="sessions" />
          <p className="text-sm text-slate-700">
            {t("dashboard.settings.sessions.help", { count: loaderData.sessionCount })}
          </p>
          <SubmitButton label={t("dashboard.settings.sessions.signOutEverywhere")} intent="sessions" />
        </Form>
      </Card>
      <Card title={t("dashboard.settings.delete.title")} id="settings-delete-title">
        <DeleteForm email={account.email} />
      </Card>
    </div>
  );
}
