import { env } from "./env.server";
import { requestLanguage } from "./i18n.server";
import { requestOrigin } from "./seo";
import { getSiteConfig } from "./site-config.server";

export async function loadRootData(request: Request) {
  const language = requestLanguage(request);
  const site = await getSiteConfig(language);
  return {
    language,
    origin: requestOrigin(request, env().SITE_URL),
    site: { siteName: site.siteName, tagline: site.tagline, social: site.social },
  };
}

export type LoadedRootData = Awaited<ReturnType<typeof loadRootData>>;
