import { adNetwork } from "#app/domain/ads/network.server";
import { getSiteConfig } from "#app/domain/content/site-config.server";
import { env } from "#app/lib/env.server";
import { requestLanguage } from "#app/lib/i18n.server";
import { requestOrigin } from "#app/lib/seo";
import { getSessionUser } from "./session.server";

export async function loadRootData(request: Request) {
  const language = requestLanguage(request);
  const [site, user] = await Promise.all([getSiteConfig(language), getSessionUser(request)]);
  return {
    language,
    origin: requestOrigin(request, env().SITE_URL),
    site: { siteName: site.siteName, tagline: site.tagline, social: site.social },
    // The same for every visitor (configuration), so cached pages may carry it.
    adNetwork: adNetwork(),
    // Only what the header needs: the shell shows Admin, Dashboard and Sign out from this, asking
    // can() with the same actor shape (id, role, grants) the server checks.
    user: user ? { id: user.id, name: user.name, role: user.role, grants: user.grants } : null,
  };
}

export type LoadedRootData = Awaited<ReturnType<typeof loadRootData>>;
