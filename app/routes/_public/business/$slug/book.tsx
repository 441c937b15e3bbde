import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useActionData } from "react-router";
import { BookingRequestForm, type FormReply } from "#app/components/bookings/public-forms";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { publicEngagement, requestBooking } from "#app/features/bookings/bookings.server";
import { bookingRequestSchema } from "#app/features/bookings/forms";
import { clientInfo } from "#app/lib/client-info.server";
import { AppError } from "#app/lib/errors";
import { handleFormAction, orAppError } from "#app/lib/errors.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { engagementListing } from "#app/platform/plans/engagement.server";
import { getSessionUser } from "#app/web/session.server";
import type { Route } from "./+types/book";

// /business/{slug}/book: where the business page's booking form posts (signed in or not). A failed
// post shows the form again here with its messages; a request that went through shows what happens
// next. The same page serves a visitor who opens it directly.
export const handle = { i18n: ["bookings"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

async function bookableListing(slug: string) {
  const listing = await engagementListing({ slug });
  if (!listing?.isVerified) throw new AppError("not_found", "bookings:errors.notFound");
  return listing;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const listing = await orAppError(language, () => bookableListing(params.slug));
  const { booking: form } = await publicEngagement({ businessId: listing.id, language });
  const user = await getSessionUser(request);
  const { sent: sentParam } = readSearchParams(request, { sent: searchParam.oneOf(["1", "confirm"], null) });
  const sent = sentParam !== null;
  const awaitingConfirmation = sentParam === "confirm";
  return {
    head: {
      title: t("bookings:page.title", { name: listing.name }),
      description: t("bookings:page.intro"),
      noindex: true,
    },
    business: { name: listing.name, slug: listing.slug },
    form,
    sent,
    awaitingConfirmation,
    defaults: user ? { name: user.name ?? "", email: user.email } : undefined,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { language } = await getRequestTranslator(request);
  const listing = await orAppError(language, () => bookableListing(params.slug));
  const user = await getSessionUser(request);
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: bookingRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return handleFormAction(submission, async () => {
    const { emailConfirmed } = await requestBooking({
      businessId: listing.id,
      input: submission.value,
      language,
      user,
      clientIp: clientInfo(request, context).ip,
    });
    // An address not yet confirmed was only sent the link to confirm it: the page says so.
    return redirect(
      `${localizePath(`/business/${listing.slug}/book`, language)}?sent=${emailConfirmed ? "1" : "confirm"}`,
    );
  });
}

export default function BookPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bookings");
  const actionData = useActionData<typeof action>() as { result?: FormReply } | undefined;
  const { business, form } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <p className="text-sm">
        <LocalizedLink to={`/business/${business.slug}`} className="text-brand-800 hover:underline">
          ← {business.name}
        </LocalizedLink>
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{t("page.title", { name: business.name })}</h1>
      {loaderData.sent ? (
        <div
          className="mt-6 rounded-xl border border-green-200 bg-green-50 p-5"
          role="status"
          data-testid="booking-sent"
        >
          <h2 className="text-lg font-semibold text-green-900">{t("page.sentTitle")}</h2>
          <p className="mt-2 text-green-900">
            {loaderData.awaitingConfirmation ? t("page.sentConfirm") : t("page.sentText")}
          </p>
          <LocalizedLink to={`/business/${business.slug}`} className="btn-secondary mt-4">
            {t("page.back", { name: business.name })}
          </LocalizedLink>
        </div>
      ) : form ? (
        <>
          <p className="mt-2 text-slate-700">{t("page.intro")}</p>
          <BookingRequestForm
            slug={business.slug}
            form={form}
            reply={actionData?.result}
            defaults={loaderData.defaults}
          />
        </>
      ) : (
        <p className="mt-6 rounded-xl bg-slate-50 p-5 text-slate-700" data-testid="booking-unavailable">
          {t("page.unavailable")}
        </p>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
