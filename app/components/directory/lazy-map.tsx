import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { MapIcon } from "#app/components/ui/icons";
import { useTranslation } from "#app/lib/translations";

// Leaflet and its tiles cost a phone on a weak signal real time and data, and the list already
// holds everything the map shows. So the map is a separate chunk, fetched only in the browser
// once its box scrolls into view, or on a tap when the visitor has asked to save data.
const LeafletMap = lazy(() => import("./leaflet-map"));

export interface MapPoint {
  id: string;
  name: string;
  href: string;
  latitude: number;
  longitude: number;
}

function prefersSavingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return Boolean(connection?.saveData || connection?.effectiveType === "slow-2g" || connection?.effectiveType === "2g");
}

export function LazyMap({
  points,
  title,
  className = "h-72 sm:h-96",
  zoom = 15,
}: {
  points: MapPoint[];
  title: string;
  className?: string;
  zoom?: number;
}) {
  const { t } = useTranslation("directory");
  const box = useRef<HTMLDivElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [show, setShow] = useState(false);

  useEffect(() => setHydrated(true), []);

  // Observes the box rendered after hydration (the server's placeholder is a different element).
  useEffect(() => {
    if (!hydrated || prefersSavingData() || !box.current || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShow(true);
          observer.disconnect();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [hydrated]);

  // Without JavaScript there is no map, and the list above says everything it would.
  if (!points.length || !hydrated) return <div ref={box} />;
  return (
    <section aria-label={title} className="mt-6">
      <div
        ref={box}
        // isolate: Leaflet stacks its panes up to z-index 1000; they must stay under the sticky header.
        className={`relative isolate overflow-hidden rounded-xl border border-slate-200 bg-slate-100 ${className}`}
        data-testid="map"
      >
        {show ? (
          <Suspense fallback={<p className="p-4 text-sm text-slate-600">{t("map.loading")}</p>}>
            <LeafletMap points={points} zoom={zoom} label={title} />
          </Suspense>
        ) : (
          <div className="flex h-full items-center justify-center">
            <button type="button" className="btn-secondary" onClick={() => setShow(true)}>
              <MapIcon className="size-4" aria-hidden="true" />
              {t("map.show")}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
