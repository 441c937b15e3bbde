import type { ReactNode } from "react";
import { FormErrors } from "#app/components/ui/form-message";
import { formatDate } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

/**
 * What the booking behind a guest's emailed link is (the business, the service and when), then
 * the page's own rows, and under it what the page's button was refused for, if it was.
 */
export function BookingLinkFacts({
  page,
  testId,
  business,
  booking,
  error,
  children,
}: {
  page: "cancel" | "confirmEmail";
  testId: string;
  business: ReactNode;
  booking: { service: string; startsAt: string };
  error: string | null | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation("bookings");
  const language = useLanguage();
  return (
    <>
      <dl className="mt-6 space-y-2 rounded-xl border border-slate-200 p-5" data-testid={testId}>
        <div>
          <dt className="text-sm text-slate-600">{t(`${page}.business`)}</dt>
          <dd className="font-medium">{business}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t(`${page}.when`)}</dt>
          <dd className="font-medium">
            {booking.service} ·{" "}
            {formatDate(new Date(booking.startsAt), language, { dateStyle: "full", timeStyle: "short" })}
          </dd>
        </div>
        {children}
      </dl>
      {error ? (
        <div className="mt-4">
          <FormErrors errors={[error]} />
        </div>
      ) : null}
    </>
  );
}
