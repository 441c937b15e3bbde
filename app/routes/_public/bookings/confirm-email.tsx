import { data, Form, useActionData } from "react-router";
import { BookingLinkFacts } from "#app/components/bookings/booking-link-facts";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { bookingForEmailConfirmation, confirmBookingEmail } from "#app/features/bookings/bookings.server";
import { handleAction } from "#app/lib/errors.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { loadBookingFromLink } from "#app/web/booking-link.server";
import type { Route } from "./+types/confirm-email";

// /bookings/confirm-email?booking=…&token=…: the link in the one email a guest address that is not
// confirmed gets. Opening it shows which booking; the button confirms the address and sends the
// details (a link alone never does: mail scanners open links).
export const handle = { i18n: ["bookings"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

function linkOf(request: Request) {
  const { booking, token } = readSearchParams(request, { booking: searchParam.text(), token: searchParam.text() });
  return { bookingId: booking, token };
}

export async function loader({ request }: Route.LoaderArgs) {
  const link = linkOf(request);
  const page = await loadBookingFromLink(request, "confirmEmail", (language) =>
    bookingForEmailConfirmation({ ...link, language }),
  );
  return { ...page, link };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const bookingId = String(formData.get("booking") ?? "");
  const token = String(formData.get("token") ?? "");
  return handleAction(
    async () => {
      const { alreadyConfirmed } = await confirmBookingEmail({ bookingId, token });
      return data({ error: null, done: true, alreadyConfirmed });
    },
    { failure: { done: false, alreadyConfirmed: false } },
  );
}

export default function ConfirmBookingEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bookings");
  const actionData = useActionData<typeof action>();
  const { booking, link } = loaderData;
  const already = booking.confirmed || actionData?.alreadyConfirmed;
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("confirmEmail.title")}</h1>
      <p className="mt-2 text-slate-700">{t("confirmEmail.intro")}</p>
      <BookingLinkFacts
        page="confirmEmail"
        testId="confirm-booking-email"
        business={booking.businessName}
        booking={booking}
        error={actionData && "error" in actionData ? actionData.error : null}
      />
      {already ? (
        <p className="mt-6 text-slate-700" role="status" data-testid="email-confirmed">
          {t("confirmEmail.already")}
        </p>
      ) : actionData?.done ? (
        <p className="mt-6 text-slate-700" role="status" data-testid="email-confirmed">
          {t("confirmEmail.done")}
        </p>
      ) : (
        <>
          <Form method="post" className="mt-6">
            <input type="hidden" name="booking" value={link.bookingId} />
            <input type="hidden" name="token" value={link.token} />
            <button type="submit" className="btn-primary" data-testid="confirm-email-submit">
              {t("confirmEmail.submit")}
            </button>
          </Form>
          <p className="mt-4 text-sm text-slate-600">{t("confirmEmail.notYours")}</p>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
