import { isbot } from "isbot";
import { data, redirect } from "react-router";
import { recordBusinessEvent } from "#app/features/directory/business.server";
import {
  contactChannelKind,
  contactChannelTarget,
  isRedirectedContactChannel,
} from "#app/features/directory/contact-channels";
import { findPublicBusiness } from "#app/features/directory/landing-page.server";
import { classifyVisitSource } from "#app/features/directory/visits";
import { clientInfo } from "#app/lib/client-info.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import type { Route } from "./+types/$channel";

const noStore = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * A contact link on a business page (WhatsApp, Waze, Google Maps, website): counts the click for
 * the owner's analytics, then sends the visitor on. It works without scripts; the destination is
 * built from the listing's stored details by the same rules as the page's links, never from the
 * request, so this is no open redirect, and a channel the page does not offer answers 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const notFound = () => data(t("directory:errors.notFound"), { status: 404, headers: noStore });
  if (!isRedirectedContactChannel(params.channel)) throw notFound();
  const site = await getSiteConfig(language);
  let found: Awaited<ReturnType<typeof findPublicBusiness>>;
  try {
    found = await findPublicBusiness({ slug: params.slug, language, timeZone: site.timeZone });
  } catch {
    throw notFound();
  }
  const business = found.business;
  if (!business) throw notFound();
  const greeting = t("common:contactLinks.greeting.business", { name: business.name, siteName: site.siteName });
  const target = contactChannelTarget(business, params.channel, greeting);
  if (!target) throw notFound();
  if (shouldCount(request)) {
    const counted = await consumeRateLimit({
      key: `business-events:${clientInfo(request, context).ip}`,
      points: 120,
      durationSeconds: 3600,
    }).then(
      () => true,
      () => false,
    );
    if (counted) {
      const referer = URL.parse(request.headers.get("referer") ?? "", request.url);
      const source = referer
        ? classifyVisitSource({ url: referer.pathname + referer.search, referer: null })
        : "direct";
      await recordBusinessEvent({
        businessId: business.id,
        kind: contactChannelKind[params.channel],
        language,
        source,
      });
    }
  }
  return redirect(target, { status: 302, headers: noStore });
}

/**
 * A person's click from a page of ours: not a crawler, not a browser prefetching the link, not
 * another site's link or an address typed in (which could inflate a business's numbers). A
 * browser too old to say where a navigation came from is counted.
 */
function shouldCount(request: Request): boolean {
  const userAgent = request.headers.get("user-agent");
  if (userAgent && isbot(userAgent)) return false;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin";
}
