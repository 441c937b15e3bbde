import { useActionData } from "react-router";
import { BookingRequestForm, type FormReply, VisitorFormPage } from "#app/components/bookings/public-forms";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { publicEngagement, requestBooking } from "#app/features/bookings/bookings.server";
import { bookingRequestSchema } from "#app/features/bookings/forms";
import { localizePath } from "#app/lib/i18n";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import type { Route } from "./+types/book";
import { postVisitorForm, visitorFormPage } from "./visitor-form.server";

// /business/{slug}/book: where the business page's booking form posts (signed in or not). A failed
// post shows the form again here with its messages; a request that went through shows what happens
// next. The same page serves a visitor who opens it directly.
export const handle = { i18n: ["bookings"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const notFoundKey = "bookings:errors.notFound";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t, listing, defaults } = await visitorFormPage(request, params.slug, notFoundKey);
  const { booking: form } = await publicEngagement({ businessId: listing.id, language });
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
    defaults,
  };
}

export const action = (args: Route.ActionArgs) =>
  postVisitorForm(args, {
    notFoundKey,
    schema: bookingRequestSchema,
    send: async ({ listing, ...post }) => {
      const { emailConfirmed } = await requestBooking({ businessId: listing.id, ...post });
      // An address not yet confirmed was only sent the link to confirm it: the page says so.
      return `${localizePath(`/business/${listing.slug}/book`, post.language)}?sent=${emailConfirmed ? "1" : "confirm"}`;
    },
  });

export default function BookPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bookings");
  const actionData = useActionData<typeof action>() as { result?: FormReply } | undefined;
  const { business, form } = loaderData;
  return (
    <VisitorFormPage
      business={business}
      title={t("page.title", { name: business.name })}
      sent={
        loaderData.sent
          ? {
              title: t("page.sentTitle"),
              text: loaderData.awaitingConfirmation ? t("page.sentConfirm") : t("page.sentText"),
              testId: "booking-sent",
            }
          : null
      }
      intro={t("page.intro")}
      form={
        form ? (
          <BookingRequestForm
            slug={business.slug}
            form={form}
            reply={actionData?.result}
            defaults={loaderData.defaults}
          />
        ) : null
      }
      unavailable={{ text: t("page.unavailable"), testId: "booking-unavailable" }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
