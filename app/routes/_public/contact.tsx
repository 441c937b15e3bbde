import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useNavigation, useSearchParams } from "react-router";
import { FieldErrors, FormErrors, inputClass, Notice, TextField } from "#app/components/accounts/fields";
import { GuideArticle } from "#app/components/guides/guide-article";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { submitContactMessage } from "#app/features/guides/contact.server";
import { contactFormSchema, contactLimits } from "#app/features/guides/forms";
import { clientInfo } from "#app/lib/client-info.server";
import { handleFormAction } from "#app/lib/errors.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { redirectWithToast } from "#app/web/flash.server";
import { getSessionUser } from "#app/web/session.server";
import type { Route } from "./+types/contact";
import { loadGuide } from "./load-guide.server";

export const handle = { i18n: ["guides"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  return loadGuide(request, "contact");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { language } = await getRequestTranslator(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contactFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const user = await getSessionUser(request);
  return handleFormAction(submission, async () => {
    await submitContactMessage({
      input: submission.value,
      language,
      ip: clientInfo(request, context).ip,
      userId: user?.id ?? null,
    });
    // Post/redirect/get: a reload does not send the message twice.
    return redirectWithToast(request, localizePath("/contact?sent=1", language), "messageSent");
  });
}

function MessageField({
  field,
  label,
  hint,
}: {
  field: Parameters<typeof getTextareaProps>[0];
  label: string;
  hint: string;
}) {
  const hintId = `${field.id}-hint`;
  const props = getTextareaProps(field, { ariaDescribedBy: hintId });
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea {...props} key={props.key} rows={8} maxLength={contactLimits.message} className={inputClass} />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function ContactForm() {
  const { t } = useTranslation("guides");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(contactFormSchema, {
    id: "contact",
    lastResult: actionData?.result,
  });
  const honeypot = getInputProps(fields.website, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" aria-labelledby="contact-form-title">
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.name} label={t("contactForm.name")} autoComplete="name" />
      <TextField
        field={fields.email}
        label={t("contactForm.email")}
        type="email"
        autoComplete="email"
        hint={t("contactForm.emailHint")}
      />
      <TextField field={fields.subject} label={t("contactForm.subject")} />
      <MessageField field={fields.message} label={t("contactForm.message")} hint={t("contactForm.messageHint")} />
      {/* Off-screen for people and assistive technology; bots fill every field they find. */}
      <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={fields.website.id}>{t("contactForm.honeypot")}</label>
        <input {...honeypot} key={honeypot.key} tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={navigation.state === "submitting"}>
        {navigation.state === "submitting" ? t("contactForm.sending") : t("contactForm.submit")}
      </button>
    </Form>
  );
}

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("guides");
  const [searchParams] = useSearchParams();
  const sent = searchParams.get("sent") === "1";
  return (
    <GuideArticle page={loaderData.page} tableOfContents={false}>
      <section aria-labelledby="contact-form-title" className="mt-8 rounded-xl border border-slate-200 p-4 sm:p-6">
        <h2 id="contact-form-title" className="text-xl font-bold">
          {sent ? t("contactForm.sentTitle") : t("contactForm.title")}
        </h2>
        {sent ? (
          <div className="mt-4 space-y-4">
            <Notice>
              <p>{t("contactForm.sentBody")}</p>
            </Notice>
            <LocalizedLink to="/contact" className="btn-secondary">
              {t("contactForm.sendAnother")}
            </LocalizedLink>
          </div>
        ) : (
          <ContactForm />
        )}
      </section>
    </GuideArticle>
  );
}
