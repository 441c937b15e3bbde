import { redirect } from "react-router";
import { localizePath } from "#app/lib/i18n";
import { requestLanguage } from "#app/lib/i18n.server";
import { assertSameOrigin } from "#app/lib/same-origin.server";
import { authResponseHeaders } from "#app/lib/session-cookie.server";
import { signOut } from "#app/platform/accounts/auth-flows.server";
import { redirectWithToast } from "#app/web/flash.server";
import type { Route } from "./+types/sign-out";

// Sign out is a POST (a form in the header) so a prefetch or a crawler can never sign anyone out,
// and only from our own pages: another site's form must not sign our visitors out.
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const cookies = await signOut({ cookie: request.headers.get("cookie") });
  // The home page that follows shows the toast: it bypasses the response cache (the flash cookie).
  return redirectWithToast(request, localizePath("/", requestLanguage(request)), "signedOut", {
    headers: authResponseHeaders(request, cookies),
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath("/", requestLanguage(request)));
}
