import { adNetwork } from "#app/features/ads/network.server";
import { stripAlertsNow } from "#app/features/alerts/alerts.server";
import { can } from "#app/lib/authorization";
import { env } from "#app/lib/env.server";
import { getTranslator, requestLanguage } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { requestOrigin } from "#app/lib/seo";
import { bodySizeBytes } from "#app/lib/upload-limit";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { getSessionUser } from "./session.server";

export async function loadRootData(request: Request) {
  const language = requestLanguage(request);
  const [site, user, strip] = await Promise.all([
    getSiteConfig(language),
    getSessionUser(request),
    loadAlertStrip(language),
  ]);
  return {
    language,
    origin: requestOrigin(request, env().SITE_URL),
    site: { siteName: site.siteName, tagline: site.tagline, social: site.social },
    // The same for every visitor (configuration), so cached pages may carry it.
    adNetwork: adNetwork(),
    // The largest post with files the server keeps them in: the browser checks a chosen file
    // against it before sending (useUploadSizeCheck).
    uploadLimitBytes: bodySizeBytes(env().UPLOAD_BODY_LIMIT),
    // Warnings and emergencies in force, the same for every visitor (so cached pages carry it),
    // already in the page's language: the shell shows them without loading the alerts' strings.
    alertStrip: strip,
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

async function loadAlertStrip(language: "en" | "es") {
  // A page must open even when the alerts cannot be read: the strip is then left out.
  const alerts = await stripAlertsNow().catch((error: unknown) => {
    logger.error({ err: error }, "alert strip failed");
    return [];
  });
  if (!alerts.length) return null;
  const t = await getTranslator(language);
  return {
    label: t("alerts:strip.label"),
    alerts: alerts.slice(0, 5).map((alert) => ({
      id: alert.id,
      severity: alert.severity,
      severityLabel: t(`alerts:severities.${alert.severity}`),
      title: alert.title[language],
      areaSlugs: alert.areas.map((area) => area.slug),
    })),
  };
}

export type LoadedRootData = Awaited<ReturnType<typeof loadRootData>>;
