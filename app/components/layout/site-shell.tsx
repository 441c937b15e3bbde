import { Suspense, useEffect, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { AlertStrip } from "#app/components/alerts/alert-strip";
import { ConciergeLauncher } from "#app/components/concierge/launcher";
import { Toaster } from "#app/components/ui/toaster";
import { useTooltipBehaviour } from "#app/components/ui/tooltip";
import { stripLanguage } from "#app/lib/i18n";
import { lazyWhenOnline } from "#app/lib/lazy-when-online";
import { useTranslation } from "#app/lib/translations";
import type { LoadedRootData } from "#app/web/root-data.server";
import { Footer } from "./footer";
import { Header } from "./header";
import { useSavedLanguageMirror } from "./language-switcher";
import { NavigationProgress } from "./navigation-progress";
import { OfflineIndicator } from "./offline-indicator";
import { useServiceWorker } from "./use-service-worker";

// The ad network's consent banner and loader: fetched after hydration, and only where a network is
// configured and the page may carry ads (never the dashboard, admin, sign-in or emergency pages).
const AdNetwork = lazyWhenOnline(() => import("#app/components/ads/ad-network"));
const noAdsOn = [/^\/dashboard(\/|$)/, /^\/admin(\/|$)/, /^\/auth(\/|$)/, /^\/emergency(\/|$)/];

/** Whether the ad network's banner and loader run on this page (they need the page's scripts at load). */
export function adNetworkRunsOn(network: LoadedRootData["adNetwork"] | undefined, pathname: string) {
  return Boolean(network) && !noAdsOn.some((pattern) => pattern.test(stripLanguage(pathname)));
}

export function SiteShell({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData("root") as LoadedRootData | undefined;
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [hydrated, setHydrated] = useState(false);
  const network = root?.adNetwork ?? null;
  const adsAllowedHere = adNetworkRunsOn(network, pathname);
  useEffect(() => {
    setHydrated(true);
    // Lets CSS (and browser tests) tell a hydrated page from server HTML.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useServiceWorker();
  useTooltipBehaviour();
  useSavedLanguageMirror();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        {t("layout.skipToContent")}
      </a>
      {/* Early in the page, so a reader without JavaScript meets a toast before the header. */}
      <Toaster />
      <NavigationProgress />
      <Header siteName={root?.site.siteName ?? "Playa Hub"} />
      <AlertStrip strip={root?.alertStrip} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer
        siteName={root?.site.siteName ?? "Playa Hub"}
        social={root?.site.social ?? []}
        adChoices={adsAllowedHere}
        hydrated={hydrated}
      />
      <ConciergeLauncher hydrated={hydrated} />
      <OfflineIndicator />
      {hydrated && network && adsAllowedHere ? (
        <Suspense fallback={null}>
          <AdNetwork network={network} />
        </Suspense>
      ) : null}
    </div>
  );
}
