import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  Form,
  redirect,
  redirectDocument,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "react-router";
import { FormErrors, Notice, TextField } from "#app/components/accounts/fields";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { clientInfo } from "#app/lib/client-info.server";
import { AppError } from "#app/lib/errors";
import { handleFormAction } from "#app/lib/errors.server";
import { languageOfPath, localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { authResponseHeaders } from "#app/lib/session-cookie.server";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { confirmationLinkHours, confirmationResendMinutes } from "#app/platform/accounts/auth.server";
import { type SignInResult, signIn, signUp } from "#app/platform/accounts/auth-flows.server";
import { createSignUpSchema, signInSchema } from "#app/platform/accounts/forms";
import { passwordPolicy } from "#app/platform/accounts/password-policy.server";
import { redirectIfSignedIn } from "#app/web/session.server";
import type { Route } from "./+types/index";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  // Only a same-site path is followed, and only that is pre-filled in the forms below.
  const { redirectTo } = readSearchParams(request, { redirectTo: searchParam.redirectPath() });
  await redirectIfSignedIn(request, redirectTo || localizePath("/dashboard", language));
  return {
    redirectTo,
    head: { title: t("accounts:auth.metaTitle"), description: t("accounts:auth.metaDescription") },
  };
}

const signUpServerSchema = createSignUpSchema(passwordPolicy);

/** Why a sign-in was refused, as the form shows it: wrong details are 401, a closed door 403. */
function refusedSignIn(outcome: Exclude<SignInResult, { ok: true }>, email: string) {
  if (outcome.reason === "unverified")
    return outcome.emailSent
      ? new AppError("forbidden", "accounts:auth.errors.emailNotVerifiedSent", { email })
      : new AppError("forbidden", "accounts:auth.errors.emailNotVerifiedRecent", {
          email,
          minutes: confirmationResendMinutes,
        });
  if (outcome.reason === "invalid") return new AppError("unauthorized", "accounts:auth.errors.invalidCredentials");
  return new AppError("forbidden", "accounts:auth.errors.accountDisabled");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { language } = await getRequestTranslator(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const client = clientInfo(request, context);

  if (intent === "sign-up") {
    const submission = parseWithZod(formData, { schema: signUpServerSchema });
    if (submission.status !== "success") {
      return data(
        {
          intent,
          result: submission.reply({ hideFields: ["password"] }),
          sentTo: null,
          linkHours: confirmationLinkHours,
        },
        { status: 400 },
      );
    }
    return handleFormAction(
      submission,
      async () => {
        const redirectTo = safeRedirectPath(submission.value.redirectTo ?? "", "") || undefined;
        const { cookie } = await signUp({ ...submission.value, redirectTo, language, client });
        return data(
          {
            intent,
            result: submission.reply({ resetForm: true }),
            sentTo: submission.value.email,
            linkHours: confirmationLinkHours,
          },
          { headers: authResponseHeaders(request, new Headers([["Set-Cookie", cookie]])) },
        );
      },
      { failure: { intent, sentTo: null, linkHours: confirmationLinkHours }, hideFields: ["password"] },
    );
  }

  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data(
      { intent: "sign-in" as const, result: submission.reply({ hideFields: ["password"] }), sentTo: null },
      { status: 400 },
    );
  }
  return handleFormAction(
    submission,
    async () => {
      const outcome = await signIn({
        ...submission.value,
        redirectTo: safeRedirectPath(submission.value.redirectTo ?? "", "") || undefined,
        client,
        cookie: request.headers.get("cookie"),
      });
      if (!outcome.ok) throw refusedSignIn(outcome, submission.value.email);
      const to = safeRedirectPath(submission.value.redirectTo, localizePath("/dashboard", language));
      // Going to a page in the other language needs a full load (the browser holds one language).
      const go = languageOfPath(new URL(to, "http://local").pathname) === language ? redirect : redirectDocument;
      return go(to, { headers: authResponseHeaders(request, outcome.cookies) });
    },
    { failure: { intent: "sign-in" as const, sentTo: null }, hideFields: ["password"] },
  );
}

function SignInForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation("accounts");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(signInSchema, {
    id: "sign-in",
    lastResult: actionData?.intent === "sign-in" ? actionData.result : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title" className="sr-only">
        {t("auth.tabs.signIn")}
      </h2>
      <input type="hidden" name="intent" value="sign-in" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.email} label={t("auth.fields.email")} type="email" autoComplete="email" />
      <TextField
        field={fields.password}
        label={t("auth.fields.password")}
        type="password"
        autoComplete="current-password"
      />
      <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
        {t("auth.signIn.submit")}
      </button>
      <p className="text-center text-sm">
        <LocalizedLink to="/auth/forgot-password" className="text-brand-800 underline">
          {t("auth.signIn.forgot")}
        </LocalizedLink>
      </p>
    </Form>
  );
}

function SignUpForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation("accounts");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // The browser checks what it can; the common-password list is checked by the server only.
  const [form, fields] = useZodForm(createSignUpSchema(), {
    id: "sign-up",
    lastResult: actionData?.intent === "sign-up" ? actionData.result : undefined,
  });
  if (actionData?.intent === "sign-up" && actionData.sentTo) {
    return (
      <Notice>
        <p className="font-semibold">{t("auth.signUp.checkEmailTitle")}</p>
        <p className="mt-1 [overflow-wrap:anywhere]">
          {t("auth.signUp.checkEmailBody", { email: actionData.sentTo, hours: actionData.linkHours })}
        </p>
      </Notice>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-labelledby="sign-up-title">
      <h2 id="sign-up-title" className="sr-only">
        {t("auth.tabs.signUp")}
      </h2>
      <input type="hidden" name="intent" value="sign-up" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.firstName} label={t("auth.fields.firstName")} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t("auth.fields.lastName")} autoComplete="family-name" />
      </div>
      <TextField field={fields.email} label={t("auth.fields.email")} type="email" autoComplete="email" />
      <TextField
        field={fields.password}
        label={t("auth.fields.password")}
        type="password"
        autoComplete="new-password"
        hint={t("auth.fields.passwordHint")}
      />
      <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
        {t("auth.signUp.submit")}
      </button>
    </Form>
  );
}

export default function AuthPage() {
  const { t } = useTranslation("accounts");
  const [searchParams] = useSearchParams();
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Without JavaScript the tabs are links: ?mode=signup shows the sign-up form. After a post, the
  // form that was submitted stays open.
  const mode =
    actionData?.intent === "sign-up" || (!actionData && searchParams.get("mode") === "signup") ? "signup" : "signin";
  const tabQuery = (next: string) => {
    const params = new URLSearchParams();
    if (next === "signup") params.set("mode", "signup");
    if (redirectTo) params.set("redirectTo", redirectTo);
    const query = params.toString();
    return query ? `/auth?${query}` : "/auth";
  };
  const tabClass = (active: boolean) =>
    `flex-1 rounded-md px-3 py-2 text-center text-sm font-semibold ${active ? "bg-white text-brand-800 shadow-sm" : "text-slate-600 hover:text-slate-900"}`;
  return (
    <section className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold">{t("auth.title")}</h1>
      <p className="mt-2 text-slate-700">{t("auth.intro")}</p>
      {/* Sent here to sign in on the way somewhere ("Authentication Required"): say why before
          asking. Someone who came to create an account was refused nothing, so the sign-up form
          opens without it. */}
      {redirectTo && mode === "signin" ? (
        <div className="mt-4">
          <Notice tone="info">{t("common:errors.authenticationRequired")}</Notice>
        </div>
      ) : null}
      <nav aria-label={t("auth.tabs.label")} className="mt-6 flex gap-1 rounded-lg bg-slate-100 p-1">
        {(["signin", "signup"] as const).map((tab) => (
          <LocalizedLink
            key={tab}
            to={tabQuery(tab)}
            replace
            className={tabClass(mode === tab)}
            aria-current={mode === tab ? "page" : undefined}
          >
            {tab === "signup" ? t("auth.tabs.signUp") : t("auth.tabs.signIn")}
          </LocalizedLink>
        ))}
      </nav>
      <div className="mt-6">
        {mode === "signup" ? <SignUpForm redirectTo={redirectTo} /> : <SignInForm redirectTo={redirectTo} />}
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        {mode === "signup" ? t("auth.signUp.haveAccount") : t("auth.signIn.noAccount")}{" "}
        <LocalizedLink
          to={tabQuery(mode === "signup" ? "signin" : "signup")}
          replace
          className="font-semibold text-brand-800 underline"
        >
          {mode === "signup" ? t("auth.signUp.signInInstead") : t("auth.signIn.createOne")}
        </LocalizedLink>
      </p>
    </section>
  );
}
