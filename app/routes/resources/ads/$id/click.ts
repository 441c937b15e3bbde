import { data, redirect } from "react-router";
import { adPageKinds } from "#app/features/ads/constants";
import { adTarget } from "#app/features/ads/placement.server";
import { isUuid } from "#app/features/directory/constants";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { countAdClick } from "#app/web/ads.server";
import type { Route } from "./+types/click";

// A house ad's link: counts the click (first-party, no third-party tracker), then sends the
// visitor where the ad says. Only the stored target is ever a destination, so this is no open
// redirect; an ad that was refused or never approved answers 404.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const target = isUuid(params.id) ? await adTarget(params.id) : null;
  if (!target) throw data(t("ads:errors.notFound"), { status: 404, headers: { "Cache-Control": "no-store" } });
  const { from } = readSearchParams(request, { from: searchParam.oneOf(adPageKinds, "other") });
  if (target.live) {
    countAdClick({
      adId: params.id,
      pageKind: from,
      language,
      userAgent: request.headers.get("user-agent"),
      ip: (context as { clientIp?: string } | undefined)?.clientIp ?? "unknown",
    });
  }
  return redirect(target.url, { status: 302, headers: { "Cache-Control": "no-store" } });
}
