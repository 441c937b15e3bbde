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
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { requestPasswordReset } from "#app/platform/accounts/auth-flows.server";
import { forgotPasswordSchema } from "#app/platform/accounts/forms";
import type { Route } from "./+types/forgot-password";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await getRequestTranslator(request);
  return {
    head: { title: t("accounts:auth.forgot.metaTitle"), description: t("accounts:auth.forgot.intro"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  return handleFormAction(
    submission,
    async () => {
      await requestPasswordReset({ email: submission.value.email, client: clientInfo(request, context) });
      // The same answer whether or not the address has an account.
      return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
    },
    { failure: { sentTo: null } },
  );
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation("accounts");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(forgotPasswordSchema, {
    id: "forgot-password",
    lastResult: actionData?.result,
  });
  return (
    <section className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold">{t("auth.forgot.title")}</h1>
      {actionData?.sentTo ? (
        <div className="mt-6">
          <Notice>
            <p className="font-semibold">{t("auth.forgot.sentTitle")}</p>
            <p className="mt-1">{t("auth.forgot.sentBody", { email: actionData.sentTo })}</p>
          </Notice>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-700">{t("auth.forgot.intro")}</p>
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField field={fields.email} label={t("auth.fields.email")} type="email" autoComplete="email" />
            <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
              {t("auth.forgot.submit")}
            </button>
          </Form>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <LocalizedLink to="/auth" className="text-brand-800 underline">
          {t("auth.forgot.back")}
        </LocalizedLink>
      </p>
    </section>
  );
}
