import { lazy, Suspense, useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { ConciergeLauncher } from "#app/components/concierge/launcher";
import { Toaster } from "#app/components/ui/toaster";
import { useTooltipBehaviour } from "#app/components/ui/tooltip";
import { useTranslation } from "#app/lib/translations";
import type { LoadedRootData } from "#app/web/root-data.server";
import { Footer } from "./footer";
import { Header } from "./header";
import { NavigationProgress } from "./navigation-progress";
import { useServiceWorker } from "./use-service-worker";

// Spec §2: the offline indicator is loaded lazily, after hydration, so it costs the first load nothing.
const OfflineIndicator = lazy(() => import("./offline-indicator"));

export function SiteShell({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData("root") as LoadedRootData | undefined;
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // Lets CSS (and browser tests) tell a hydrated page from server HTML.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useServiceWorker();
  useTooltipBehaviour();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        {t("layout.skipToContent")}
      </a>
      {/* Early in the page, so a reader without JavaScript meets a toast before the header. */}
      <Toaster />
      <NavigationProgress />
      <Header siteName={root?.site.siteName ?? "Playa Hub"} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer siteName={root?.site.siteName ?? "Playa Hub"} social={root?.site.social ?? []} />
      <ConciergeLauncher hydrated={hydrated} />
      {hydrated ? (
        <Suspense fallback={null}>
          <OfflineIndicator />
        </Suspense>
      ) : null}
    </div>
  );
}
