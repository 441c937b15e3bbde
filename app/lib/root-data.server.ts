import { env } from "./env.server";
import { requestLanguage } from "./i18n.server";
import type { RootData } from "./page-meta";
import { requestOrigin } from "./seo";
import { getSiteConfig } from "./site-config.server";

export async function loadRootData(request: Request) {
  const language = requestLanguage(request);
  const site = await getSiteConfig(language);
  return {
    language,
    origin: requestOrigin(request, env().SITE_URL),
    site: { siteName: site.siteName, tagline: site.tagline, social: site.social },
  } satisfies RootData;
}

export type LoadedRootData = Awaited<ReturnType<typeof loadRootData>>;
