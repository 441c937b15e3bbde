import { readSinpeReceipt } from "#app/features/billing/sinpe.server";
import { orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { searchParam } from "#app/lib/search-params";
import { getSessionUser } from "#app/web/session.server";
import type { Route } from "./+types/$transferId";

// The photo of a SINPE Móvil receipt (docs/billing.md): only the transfer's owner and admins; any
// other visitor, signed in or not, gets the same not-found as a transfer without a photo (an image
// link has no sign-in page to offer). Never cached by a proxy.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const { language } = await getRequestTranslator(request);
  const parsed = searchParam.matching(/^[1-9]\d{0,15}$/).safeParse(params.transferId);
  const transferId = parsed.success && parsed.data ? Number(parsed.data) : 0;
  const file = await orAppError(language, () => readSinpeReceipt({ actor: user, transferId }));
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
