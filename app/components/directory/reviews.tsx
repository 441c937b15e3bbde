import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation, useNavigation } from "react-router";
import { FieldErrors, FormErrors, inputClass, Notice } from "#app/components/accounts/fields";
import { Flag, MessageSquareReply, Star } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import type { PublicReview } from "#app/domain/directory/business.server";
import { replySchema, reportSchema, reviewSchema } from "#app/domain/directory/forms";
import { formatDate } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { Rating } from "./rating";

export type ReviewActionData =
  | { intent: "review" | "reply" | "report"; reviewId?: string; result: SubmissionResult<string[]>; done?: boolean }
  | undefined;

function Stars({ value }: { value: number }) {
  const { t } = useTranslation("directory");
  return (
    <span className="flex" role="img" aria-label={t("reviews.stars", { count: value })}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`size-4 ${value >= star ? "fill-amber-400 text-amber-500" : "text-slate-300"}`}
        />
      ))}
    </span>
  );
}

function ReviewForm({
  actionData,
  existing,
}: {
  actionData: ReviewActionData;
  existing: { rating: number; body: string } | null;
}) {
  const { t } = useTranslation("directory");
  const navigation = useNavigation();
  const mine = actionData?.intent === "review" ? actionData : undefined;
  const [form, fields] = useForm({
    id: "review-form",
    lastResult: mine?.result,
    defaultValue: existing ? { rating: String(existing.rating), body: existing.body } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-3 rounded-xl border border-slate-200 p-4"
      preventScrollReset
    >
      <h3 className="font-semibold">{existing ? t("reviews.editTitle") : t("reviews.writeTitle")}</h3>
      {mine?.done ? <Notice>{t("reviews.saved")}</Notice> : null}
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

function ReplyForm({ reviewId, actionData }: { reviewId: string; actionData: ReviewActionData }) {
  const { t } = useTranslation("directory");
  const mine = actionData?.intent === "reply" && actionData.reviewId === reviewId ? actionData : undefined;
  const [form, fields] = useForm({
    id: `reply-${reviewId}`,
    lastResult: mine?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: replySchema }),
    shouldValidate: "onBlur",
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

function ReportForm({ reviewId, actionData }: { reviewId: string; actionData: ReviewActionData }) {
  const { t } = useTranslation("directory");
  const mine = actionData?.intent === "report" && actionData.reviewId === reviewId ? actionData : undefined;
  const [form, fields] = useForm({
    id: `report-${reviewId}`,
    lastResult: mine?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportSchema }),
    shouldValidate: "onBlur",
  });
  if (mine?.done)
    return (
      <p className="mt-2 text-sm text-slate-600" role="status">
        {t("reviews.reported")}
      </p>
    );
  return (
    <details className="mt-2" open={Boolean(mine)}>
      <summary className="inline-flex min-h-9 cursor-pointer items-center gap-1 text-xs text-slate-600">
        <Flag className="size-3.5" aria-hidden="true" />
        {t("reviews.report")}
      </summary>
      <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2" preventScrollReset>
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="reviewId" value={reviewId} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.reason.id} className="block text-sm font-medium text-slate-800">
          {t("reviews.reportReason")}
        </label>
        <input
          {...getInputProps(fields.reason, { type: "text" })}
          key={fields.reason.key}
          maxLength={500}
          className={inputClass}
        />
        <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
        <button type="submit" className="btn-secondary">
          {t("reviews.reportSubmit")}
        </button>
      </Form>
    </details>
  );
}

export function ReviewsSection({
  rating,
  reviewCount,
  reviews,
  viewer,
  actionData,
}: {
  rating: number;
  reviewCount: number;
  reviews: PublicReview[];
  viewer: { signedIn: boolean; isOwner: boolean; myReview: { rating: number; body: string } | null } | null;
  actionData: ReviewActionData;
}) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const location = useLocation();
  return (
    <section aria-labelledby="reviews-title" className="mt-10" id="reviews">
      <h2 id="reviews-title" className="text-2xl font-bold">
        {t("reviews.title")}
      </h2>
      <div className="mt-2">
        <Rating value={rating} count={reviewCount} size="lg" />
      </div>
      <div className="mt-4">
        {viewer?.signedIn ? (
          viewer.isOwner ? (
            <p className="text-sm text-slate-700">{t("reviews.ownerNote")}</p>
          ) : (
            <ReviewForm actionData={actionData} existing={viewer.myReview} />
          )
        ) : (
          <p className="text-sm">
            <LocalizedLink
              to={`/auth?${new URLSearchParams({ redirectTo: `${location.pathname}#reviews` })}`}
              className="font-medium text-brand-800 underline"
            >
              {t("reviews.signInToWrite")}
            </LocalizedLink>
          </p>
        )}
      </div>
      {reviews.length ? (
        <ul className="mt-6 space-y-4" data-testid="reviews">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-xl border border-slate-200 p-4" data-testid="review">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex items-center gap-2 text-sm">
                  <Stars value={review.rating} />
                  <span className="font-semibold">{review.authorName ?? t("reviews.formerMember")}</span>
                  {review.isMine ? (
                    <span className="rounded bg-brand-50 px-1.5 text-xs text-brand-900">{t("reviews.yours")}</span>
                  ) : null}
                </p>
                <p className="text-xs text-slate-600">
                  {formatDate(new Date(review.createdAt), language, { dateStyle: "medium" })}
                  {review.updatedAt !== review.createdAt &&
                  new Date(review.updatedAt).getTime() - new Date(review.createdAt).getTime() > 60_000
                    ? ` · ${t("reviews.edited")}`
                    : ""}
                </p>
              </div>
              <p className="mt-2 text-slate-800 whitespace-pre-line" lang={review.language}>
                {review.body}
              </p>
              {review.ownerReply ? (
                <div
                  className="mt-3 rounded-md border-l-4 border-brand-600 bg-slate-50 p-3 text-sm"
                  data-testid="owner-reply"
                >
                  <p className="font-semibold">{t("reviews.ownerReply")}</p>
                  <p className="mt-1 whitespace-pre-line">{review.ownerReply}</p>
                </div>
              ) : viewer?.isOwner ? (
                <ReplyForm reviewId={review.id} actionData={actionData} />
              ) : null}
              {viewer?.signedIn && !review.isMine ? <ReportForm reviewId={review.id} actionData={actionData} /> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-700">{t("reviews.empty")}</p>
      )}
    </section>
  );
}
