import { useActionData } from "react-router";
import { type FormReply, VisitorFormPage, VisitorMessageForm } from "#app/components/bookings/public-forms";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { visitorMessageSchema } from "#app/features/messages/forms";
import { sendBusinessMessage } from "#app/features/messages/messages.server";
import { localizePath } from "#app/lib/i18n";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import type { Route } from "./+types/message";
import { postVisitorForm, visitorFormPage } from "./visitor-form.server";

// /business/{slug}/message: where the business page's message form posts (signed in or not). A
// failed post shows the form again here; a sent message says the answer comes by email.
export const handle = { i18n: ["bookings"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const notFoundKey = "messages:errors.notFound";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { t, listing, defaults } = await visitorFormPage(request, params.slug, notFoundKey);
  return {
    head: {
      title: t("bookings:message.title", { name: listing.name }),
      description: t("bookings:message.intro"),
      noindex: true,
    },
    business: { name: listing.name, slug: listing.slug },
    open: listing.isPremium && listing.ownerId !== null,
    sent: readSearchParams(request, { sent: searchParam.flag() }).sent,
    defaults,
  };
}

export const action = (args: Route.ActionArgs) =>
  postVisitorForm(args, {
    notFoundKey,
    schema: visitorMessageSchema,
    send: async ({ listing, ...post }) => {
      await sendBusinessMessage({ businessId: listing.id, ...post });
      return `${localizePath(`/business/${listing.slug}/message`, post.language)}?sent=1`;
    },
  });

export default function MessagePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bookings");
  const actionData = useActionData<typeof action>() as { result?: FormReply } | undefined;
  const { business } = loaderData;
  return (
    <VisitorFormPage
      business={business}
      title={t("message.title", { name: business.name })}
      sent={
        loaderData.sent ? { title: t("message.sentTitle"), text: t("message.sentText"), testId: "message-sent" } : null
      }
      intro={t("message.intro")}
      form={
        loaderData.open ? (
          <VisitorMessageForm slug={business.slug} reply={actionData?.result} defaults={loaderData.defaults} />
        ) : null
      }
      unavailable={{ text: t("message.unavailable") }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
