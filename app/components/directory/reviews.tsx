import type { SubmissionResult } from "@conform-to/react";
import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { Star } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import type { PublicReview } from "#app/features/directory/business.server";
import { formatDate } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { Rating } from "./rating";

export type ReviewActionData =
  | { intent: "review" | "reply"; reviewId?: string; result: SubmissionResult<string[]> }
  | undefined;

// Conform and Zod come with the forms, fetched only when a signed-in visitor sees one.
const ReviewForm = lazy(() => import("./review-forms").then((module) => ({ default: module.ReviewForm })));
const ReportControl = lazy(() =>
  import("#app/components/moderation/report-form").then((module) => ({ default: module.ReportControl })),
);
const ReplyForm = lazy(() => import("./review-forms").then((module) => ({ default: module.ReplyForm })));

export function Stars({ value }: { value: number }) {
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
            <Suspense>
              <ReviewForm actionData={actionData} existing={viewer.myReview} />
            </Suspense>
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
                <Suspense>
                  <ReplyForm reviewId={review.id} actionData={actionData} />
                </Suspense>
              ) : null}
              {viewer?.signedIn && !review.isMine ? (
                <Suspense>
                  <ReportControl kind="review" itemId={review.id} signedIn own={false} />
                </Suspense>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-700">{t("reviews.empty")}</p>
      )}
    </section>
  );
}
