import { adNetwork } from "#app/features/ads/network.server";
import { can } from "#app/lib/authorization";
import { env } from "#app/lib/env.server";
import { requestLanguage } from "#app/lib/i18n.server";
import { requestOrigin } from "#app/lib/seo";
import { bodySizeBytes } from "#app/lib/upload-limit";
import { getSiteConfig } from "#app/platform/site/site-config.server";
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
    // The largest post with files the server keeps them in: the browser checks a chosen file
    // against it before sending (useUploadSizeCheck).
    uploadLimitBytes: bodySizeBytes(env().UPLOAD_BODY_LIMIT),
    // Only what the header needs: the shell shows Admin, Dashboard and Sign out from this. Whether
    // the Admin link shows is asked of can() here, with the rule the admin pages enforce, so the
    // role-to-permission table stays out of every page's JavaScript.
    user: user
      ? {
          id: user.id,
          name: user.name,
          role: user.role,
          grants: user.grants,
          seesAdmin: can(user, "read:admin:any"),
        }
      : null,
  };
}

export type LoadedRootData = Awaited<ReturnType<typeof loadRootData>>;
