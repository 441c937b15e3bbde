import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/ui/form-field";
import { FieldErrors, FormErrors } from "#app/components/ui/form-message";
import { Mail } from "#app/components/ui/icons";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { classifiedLimits } from "#app/features/classifieds/constants";
import { contactSchema } from "#app/features/classifieds/forms";
import { useTranslation } from "#app/lib/translations";
import { ScamWarning } from "./ad-parts";

/** Writes to the seller through the relay: the safety tips first, then the message; no address is shown either way. */
export function ContactForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("classifieds");
  const navigation = useNavigation();
  const [form, fields] = useZodForm(contactSchema, {
    id: "contact-seller-form",
    lastResult,
    constraint: true,
    shouldValidate: "onSubmit",
  });
  const safety = getInputProps(fields.safety, { type: "checkbox" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="contact-form" preventScrollReset>
      <input type="hidden" name="intent" value="contact" />
      <ScamWarning />
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormField
        field={fields.message}
        label={t("contact.message")}
        hint={t("contact.messageHint")}
        as="textarea"
        rows={5}
        maxLength={classifiedLimits.messageMax}
      />
      <div>
        <label htmlFor={safety.id} className="flex items-start gap-2 text-sm">
          <input {...safety} key={safety.key} className="mt-1 size-4" />
          <span>{t("contact.safety")}</span>
        </label>
        <FieldErrors id={fields.safety.errorId} errors={fields.safety.errors} />
      </div>
      <p className="text-xs text-slate-600">{t("contact.privacy")}</p>
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        <Mail className="size-4" aria-hidden="true" />
        {t("contact.submit")}
      </button>
    </Form>
  );
}
