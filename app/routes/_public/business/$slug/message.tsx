import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useActionData } from "react-router";
import { type FormReply, VisitorMessageForm } from "#app/components/bookings/public-forms";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { visitorMessageSchema } from "#app/features/messages/forms";
import { sendBusinessMessage } from "#app/features/messages/messages.server";
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
import type { Route } from "./+types/message";

// /business/{slug}/message: where the business page's message form posts (signed in or not). A
// failed post shows the form again here; a sent message says the answer comes by email.
export const handle = { i18n: ["bookings"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

async function reachableListing(slug: string) {
  const listing = await engagementListing({ slug });
  if (!listing?.isVerified) throw new AppError("not_found", "messages:errors.notFound");
  return listing;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const listing = await orAppError(language, () => reachableListing(params.slug));
  const user = await getSessionUser(request);
  return {
    head: {
      title: t("bookings:message.title", { name: listing.name }),
      description: t("bookings:message.intro"),
      noindex: true,
    },
    business: { name: listing.name, slug: listing.slug },
    open: listing.isPremium && listing.ownerId !== null,
    sent: readSearchParams(request, { sent: searchParam.flag() }).sent,
    defaults: user ? { name: user.name ?? "", email: user.email } : undefined,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { language } = await getRequestTranslator(request);
  const listing = await orAppError(language, () => reachableListing(params.slug));
  const user = await getSessionUser(request);
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: visitorMessageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return handleFormAction(submission, async () => {
    await sendBusinessMessage({
      businessId: listing.id,
      input: submission.value,
      language,
      user,
      clientIp: clientInfo(request, context).ip,
    });
    return redirect(`${localizePath(`/business/${listing.slug}/message`, language)}?sent=1`);
  });
}

export default function MessagePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bookings");
  const actionData = useActionData<typeof action>() as { result?: FormReply } | undefined;
  const { business } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <p className="text-sm">
        <LocalizedLink to={`/business/${business.slug}`} className="text-brand-800 hover:underline">
          ← {business.name}
        </LocalizedLink>
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{t("message.title", { name: business.name })}</h1>
      {loaderData.sent ? (
        <div
          className="mt-6 rounded-xl border border-green-200 bg-green-50 p-5"
          role="status"
          data-testid="message-sent"
        >
          <h2 className="text-lg font-semibold text-green-900">{t("message.sentTitle")}</h2>
          <p className="mt-2 text-green-900">{t("message.sentText")}</p>
          <LocalizedLink to={`/business/${business.slug}`} className="btn-secondary mt-4">
            {t("page.back", { name: business.name })}
          </LocalizedLink>
        </div>
      ) : loaderData.open ? (
        <>
          <p className="mt-2 text-slate-700">{t("message.intro")}</p>
          <VisitorMessageForm slug={business.slug} reply={actionData?.result} defaults={loaderData.defaults} />
        </>
      ) : (
        <p className="mt-6 rounded-xl bg-slate-50 p-5 text-slate-700">{t("message.unavailable")}</p>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
