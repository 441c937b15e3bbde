import { type AppLoadContext, redirect } from "react-router";
import type { z } from "zod";
import { clientInfo } from "#app/lib/client-info.server";
import { AppError } from "#app/lib/errors";
import { orAppError } from "#app/lib/errors.server";
import type { Language } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import type { SessionUser } from "#app/platform/accounts/auth.server";
import { type EngagementListing, engagementListing } from "#app/platform/plans/engagement.server";
import { submitForm } from "#app/web/form-action.server";
import { getSessionUser } from "#app/web/session.server";

// What the two pages a business page's visitor forms post to (book.tsx, message.tsx) share: the
// verified listing (any other slug is "not found", with the page's own message), the signed-in
// visitor's name and email for the form, and the post itself.

async function verifiedListing(slug: string, notFoundKey: string) {
  const listing = await engagementListing({ slug });
  if (!listing?.isVerified) throw new AppError("not_found", notFoundKey);
  return listing;
}

/** What a visitor form page's loader starts from. */
export async function visitorFormPage(request: Request, slug: string, notFoundKey: string) {
  const { language, t } = await getRequestTranslator(request);
  const listing = await orAppError(language, () => verifiedListing(slug, notFoundKey));
  const user = await getSessionUser(request);
  return { language, t, listing, defaults: user ? { name: user.name ?? "", email: user.email } : undefined };
}

/**
 * A visitor form's post: parsed with `schema` (400 with the form's reply when it does not pass),
 * handed to `send`, which does the work and answers where to go next; a refusal it throws is shown
 * on the form.
 */
export async function postVisitorForm<S extends z.ZodType>(
  { request, params, context }: { request: Request; params: { slug: string }; context: AppLoadContext | undefined },
  options: {
    notFoundKey: string;
    schema: S;
    send: (post: {
      listing: EngagementListing;
      input: z.output<S>;
      language: Language;
      user: SessionUser | null;
      clientIp: string;
    }) => Promise<string>;
  },
) {
  const { language } = await getRequestTranslator(request);
  const listing = await orAppError(language, () => verifiedListing(params.slug, options.notFoundKey));
  const user = await getSessionUser(request);
  const formData = await request.formData().catch(() => new FormData());
  return submitForm(formData, options.schema, async (input) =>
    redirect(
      await options.send({
        listing,
        input,
        language,
        user,
        clientIp: clientInfo(request, context).ip,
      }),
    ),
  );
}
