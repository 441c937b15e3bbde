import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useNavigation } from "react-router";
import { FormErrors, Notice, TextField } from "#app/components/accounts/fields";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { clientInfo } from "#app/lib/client-info.server";
import { handleFormAction } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { authResponseHeaders } from "#app/lib/session-cookie.server";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { resetPassword } from "#app/platform/accounts/auth-flows.server";
import { createResetPasswordSchema } from "#app/platform/accounts/forms";
import { passwordPolicy } from "#app/platform/accounts/password-policy.server";
import type { Route } from "./+types/reset-password";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await getRequestTranslator(request);
  const { token } = readSearchParams(request, { token: searchParam.text() });
  return {
    head: { title: t("accounts:auth.reset.metaTitle"), description: t("accounts:auth.reset.intro"), noindex: true },
    token: token.length <= 512 ? token : "",
  };
}

const schema = createResetPasswordSchema(passwordPolicy);

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), outcome: null }, { status: 400 });
  }
  return handleFormAction(
    submission,
    async () => {
      const { ok, deviceCookie } = await resetPassword({
        ...submission.value,
        client: clientInfo(request, context),
        cookie: request.headers.get("cookie"),
      });
      return data(
        { result: submission.reply({ resetForm: true }), outcome: ok ? ("done" as const) : ("invalid" as const) },
        {
          status: ok ? 200 : 400,
          headers: authResponseHeaders(request, deviceCookie ? new Headers([["Set-Cookie", deviceCookie]]) : null),
        },
      );
    },
    { failure: { outcome: null }, hideFields: ["password"] },
  );
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(createResetPasswordSchema(), {
    id: "reset-password",
    lastResult: actionData?.result,
    defaultValue: { token: loaderData.token },
  });
  if (actionData?.outcome === "done") {
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <Notice>
          <p className="font-semibold">{t("auth.reset.doneTitle")}</p>
          <p className="mt-1">{t("auth.reset.doneBody")}</p>
        </Notice>
        <LocalizedLink to="/auth" className="btn-primary mt-6 inline-flex">
          {t("auth.verify.signIn")}
        </LocalizedLink>
      </section>
    );
  }
  if (!loaderData.token || actionData?.outcome === "invalid") {
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-2xl font-bold">{t("auth.reset.invalidTitle")}</h1>
        <p className="mt-3 text-slate-700">{t("auth.reset.invalidBody")}</p>
        <LocalizedLink to="/auth/forgot-password" className="btn-primary mt-6 inline-flex">
          {t("auth.reset.requestNew")}
        </LocalizedLink>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold">{t("auth.reset.title")}</h1>
      <p className="mt-2 text-slate-700">{t("auth.reset.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} />
        <TextField
          field={fields.password}
          label={t("auth.fields.newPassword")}
          type="password"
          autoComplete="new-password"
          hint={t("auth.fields.passwordHint")}
        />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
          {t("auth.reset.submit")}
        </button>
      </Form>
    </section>
  );
}
