import { getSessionUser } from "./auth.server";
import { env } from "./env.server";
import { requestLanguage } from "./i18n.server";
import { requestOrigin } from "./seo";
import { getSiteConfig } from "./site-config.server";

export async function loadRootData(request: Request) {
  const language = requestLanguage(request);
  const [site, user] = await Promise.all([getSiteConfig(language), getSessionUser(request)]);
  return {
    language,
    origin: requestOrigin(request, env().SITE_URL),
    site: { siteName: site.siteName, tagline: site.tagline, social: site.social },
    // Only what the header needs: the shell shows Admin, Dashboard and Sign out from this.
    user: user ? { id: user.id, name: user.name, role: user.role } : null,
  };
}

export type LoadedRootData = Awaited<ReturnType<typeof loadRootData>>;
