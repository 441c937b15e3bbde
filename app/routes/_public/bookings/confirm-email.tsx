import { data, Form, useActionData } from "react-router";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { FormErrors } from "#app/components/ui/form-message";
import { bookingForEmailConfirmation, confirmBookingEmail } from "#app/features/bookings/bookings.server";
import { AppError } from "#app/lib/errors";
import { handleAction, orAppError } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
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
  const { language, t } = await getRequestTranslator(request);
  const link = linkOf(request);
  const booking = await orAppError(language, async () => {
    const found = await bookingForEmailConfirmation({ ...link, language });
    if (!found) throw new AppError("not_found", "bookings:errors.notFound");
    return found;
  });
  return {
    head: { title: t("bookings:confirmEmail.title"), description: t("bookings:confirmEmail.intro"), noindex: true },
    booking: { ...booking, startsAt: booking.startsAt.toISOString() },
    link,
  };
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
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const { booking, link } = loaderData;
  const already = booking.confirmed || actionData?.alreadyConfirmed;
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("confirmEmail.title")}</h1>
      <p className="mt-2 text-slate-700">{t("confirmEmail.intro")}</p>
      <dl className="mt-6 space-y-2 rounded-xl border border-slate-200 p-5" data-testid="confirm-booking-email">
        <div>
          <dt className="text-sm text-slate-600">{t("confirmEmail.business")}</dt>
          <dd className="font-medium">{booking.businessName}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t("confirmEmail.when")}</dt>
          <dd className="font-medium">
            {booking.service} ·{" "}
            {formatDate(new Date(booking.startsAt), language, { dateStyle: "full", timeStyle: "short" })}
          </dd>
        </div>
      </dl>
      {actionData && "error" in actionData && actionData.error ? (
        <div className="mt-4">
          <FormErrors errors={[actionData.error]} />
        </div>
      ) : null}
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
