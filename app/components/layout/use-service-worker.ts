import { useEffect } from "react";
import { serviceWorkerDelayMs } from "#app/lib/page-loader";

/** Register the service worker about 5 s after load, when the browser is idle. */
export function useServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
    const register = () => {
      navigator.serviceWorker
        .register("/sw.js", { scope: "/" })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          // The worker keeps the scripts and styles this page loaded, for pages opened offline.
          const urls = performance.getEntriesByType("resource").map((entry) => entry.name);
          registration.active?.postMessage({ type: "cache-assets", urls });
        })
        .catch(() => {
          // A failed registration only means no offline support; the site works as before.
        });
    };
    const timer = window.setTimeout(() => {
      if ("requestIdleCallback" in window) window.requestIdleCallback(register, { timeout: 5000 });
      else register();
    }, serviceWorkerDelayMs);
    return () => window.clearTimeout(timer);
  }, []);
}
