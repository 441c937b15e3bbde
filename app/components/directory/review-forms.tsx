import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FieldErrors, FormErrors, inputClass } from "#app/components/accounts/fields";
import { MessageSquareReply } from "#app/components/ui/icons";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { replySchema, reviewSchema } from "#app/features/directory/forms";
import { useTranslation } from "#app/lib/translations";
import { type ReviewActionData, Stars } from "./reviews";

// The review and reply forms (reports use the shared control in components/moderation): only
// signed-in visitors see them, so reviews.tsx loads this
// module (with Conform and Zod) on demand instead of on every business page.

export function ReviewForm({
  actionData,
  existing,
}: {
  actionData: ReviewActionData;
  existing: { rating: number; body: string } | null;
}) {
  const { t } = useTranslation("directory");
  const navigation = useNavigation();
  const mine = actionData?.intent === "review" ? actionData : undefined;
  const [form, fields] = useZodForm(reviewSchema, {
    id: "review-form",
    lastResult: mine?.result,
    defaultValue: existing ? { rating: String(existing.rating), body: existing.body } : undefined,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-3 rounded-xl border border-slate-200 p-4"
      preventScrollReset
    >
      <h3 className="font-semibold">{existing ? t("reviews.editTitle") : t("reviews.writeTitle")}</h3>
      <input type="hidden" name="intent" value="review" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t("reviews.rating")}</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {[5, 4, 3, 2, 1].map((value) => (
            <label
              key={value}
              className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={fields.rating.name}
                value={String(value)}
                defaultChecked={fields.rating.initialValue === String(value)}
                className="size-4"
              />
              <Stars value={value} />
            </label>
          ))}
        </div>
        <FieldErrors id={fields.rating.errorId} errors={fields.rating.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.body.id} className="block text-sm font-medium text-slate-800">
          {t("reviews.body")}
        </label>
        <textarea
          {...getTextareaProps(fields.body)}
          key={fields.body.key}
          rows={4}
          maxLength={2000}
          className={inputClass}
        />
        <FieldErrors id={fields.body.errorId} errors={fields.body.errors} />
      </div>
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        {existing ? t("reviews.update") : t("reviews.submit")}
      </button>
    </Form>
  );
}

export function ReplyForm({ reviewId, actionData }: { reviewId: string; actionData: ReviewActionData }) {
  const { t } = useTranslation("directory");
  const mine = actionData?.intent === "reply" && actionData.reviewId === reviewId ? actionData : undefined;
  const [form, fields] = useZodForm(replySchema, {
    id: `reply-${reviewId}`,
    lastResult: mine?.result,
    shouldRevalidate: "onBlur",
  });
  return (
    <details className="mt-2" open={Boolean(mine)}>
      <summary className="inline-flex min-h-9 cursor-pointer items-center gap-1 text-sm font-medium text-brand-800">
        <MessageSquareReply className="size-4" aria-hidden="true" />
        {t("reviews.reply")}
      </summary>
      <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2" preventScrollReset>
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="reviewId" value={reviewId} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.reply.id} className="block text-sm font-medium text-slate-800">
          {t("reviews.replyLabel")}
        </label>
        <textarea
          {...getTextareaProps(fields.reply)}
          key={fields.reply.key}
          rows={3}
          maxLength={1000}
          className={inputClass}
        />
        <FieldErrors id={fields.reply.errorId} errors={fields.reply.errors} />
        <p className="text-xs text-slate-600">{t("reviews.replyOnce")}</p>
        <button type="submit" className="btn-secondary">
          {t("reviews.replySubmit")}
        </button>
      </Form>
    </details>
  );
}
