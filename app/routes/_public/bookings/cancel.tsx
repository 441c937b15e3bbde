import { data, Form, useActionData } from "react-router";
import { BookingLinkFacts } from "#app/components/bookings/booking-link-facts";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { StatusBadge } from "#app/components/ui/status-badge";
import { bookingByToken, cancelBookingByToken } from "#app/features/bookings/bookings.server";
import { handleAction } from "#app/lib/errors.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { loadBookingFromLink } from "#app/web/booking-link.server";
import type { Route } from "./+types/cancel";

// /bookings/cancel?token=…: the link in a guest's booking email. Opening it shows the booking; the
// button cancels it (a link alone never does: mail scanners open links). No account needed: the
// token is the proof, and only its hash is stored.
export const handle = { i18n: ["bookings"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

function tokenOf(request: Request) {
  return readSearchParams(request, { token: searchParam.text() }).token;
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const page = await loadBookingFromLink(request, "cancel", (language) => bookingByToken({ token, language }));
  return { ...page, token };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData().catch(() => new FormData());
  const token = String(formData.get("token") ?? "");
  return handleAction(
    async () => {
      await cancelBookingByToken({ token });
      return data({ error: null, cancelled: true });
    },
    { failure: { cancelled: false } },
  );
}

export default function CancelBooking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bookings");
  const actionData = useActionData<typeof action>();
  const { booking } = loaderData;
  const cancelled = booking.status === "cancelled" || actionData?.cancelled;
  const status = cancelled ? "cancelled" : booking.status;
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("cancel.title")}</h1>
      <BookingLinkFacts
        page="cancel"
        testId="cancel-booking"
        business={
          booking.businessSlug ? (
            <LocalizedLink to={`/business/${booking.businessSlug}`} className="text-brand-800 underline">
              {booking.businessName}
            </LocalizedLink>
          ) : (
            booking.businessName
          )
        }
        booking={booking}
        error={actionData && "error" in actionData ? actionData.error : null}
      >
        <div>
          <dt className="text-sm text-slate-600">{t("cancel.party")}</dt>
          <dd className="font-medium">{booking.partySize}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t("cancel.status")}</dt>
          <dd>
            <StatusBadge
              tone={status === "confirmed" ? "success" : status === "pending" ? "warning" : "neutral"}
              testId="booking-status"
            >
              {t(`status.${status}`)}
            </StatusBadge>
          </dd>
        </div>
      </BookingLinkFacts>
      {cancelled ? (
        <p className="mt-6 text-slate-700" role="status" data-testid="cancelled">
          {t("cancel.done")}
        </p>
      ) : booking.past || booking.status === "declined" ? null : (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800" data-testid="cancel-submit">
            {t("cancel.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
