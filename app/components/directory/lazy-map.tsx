import { type ComponentType, useEffect, useRef, useState } from "react";
import { MapIcon, MapPin } from "#app/components/ui/icons";
import { Illustration } from "#app/components/ui/illustration";
import { TooltipBubble } from "#app/components/ui/tooltip";
import { useTranslation } from "#app/lib/translations";

export interface MapPoint {
  id: string;
  name: string;
  href: string;
  latitude: number;
  longitude: number;
}

type LeafletMapProps = { points: MapPoint[]; zoom: number; label: string; onTilesFailed: () => void };

function prefersSavingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return Boolean(connection?.saveData || connection?.effectiveType === "slow-2g" || connection?.effectiveType === "2g");
}

// A pin's link is 44 px square. On the smallest map (a 375 px phone: about 343 × 288 px) that is
// this share of the box's width and height, in percent; two pins closer than that on both axes
// would overlap, and a finger could not tell them apart.
const pinWidth = 13;
const pinHeight = 16;
const box = { left: 10, right: 90, top: 18, bottom: 78 };

/**
 * Where a point falls in the box, in percent: north up, clear of the caption along the bottom.
 * Pins that would overlap (neighbours, or one address for several listings) are moved apart, each
 * to the nearest free place, inside the box.
 */
export function pinPositions(points: MapPoint[]): { left: number; top: number }[] {
  const lats = points.map((point) => point.latitude);
  const lons = points.map((point) => point.longitude);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const spread = (value: number, min: number, max: number) => (max > min ? (value - min) / (max - min) : 0.5);
  const positions = points.map((point) => ({
    left: box.left + (box.right - box.left) * spread(point.longitude, minLon, maxLon),
    top: box.top + (box.bottom - box.top) * (1 - spread(point.latitude, minLat, maxLat)),
  }));
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
  const placed: { left: number; top: number }[] = [];
  const free = (at: { left: number; top: number }) =>
    placed.every(
      (other) => Math.abs(other.left - at.left) >= pinWidth - 0.01 || Math.abs(other.top - at.top) >= pinHeight - 0.01,
    );
  // Each pin in turn takes its place, or the nearest free one on a grid of pin-sized steps around
  // it; a map too full for that (more pins than fit) leaves the rest where they fall.
  for (const wanted of positions) {
    let best = wanted;
    if (!free(wanted)) {
      let bestDistance = Number.POSITIVE_INFINITY;
      for (let row = -4; row <= 4; row++) {
        for (let column = -7; column <= 7; column++) {
          const candidate = {
            left: clamp(wanted.left + column * pinWidth, box.left, box.right),
            top: clamp(wanted.top + row * pinHeight, box.top, box.bottom),
          };
          const distance =
            ((candidate.left - wanted.left) / pinWidth) ** 2 + ((candidate.top - wanted.top) / pinHeight) ** 2;
          if (distance < bestDistance && free(candidate)) {
            best = candidate;
            bestDistance = distance;
          }
        }
      }
    }
    placed.push(best);
  }
  return placed;
}

/**
 * The map without tiles: the area's drawing with a pin per business, placed from its coordinates.
 * It is what a visitor without JavaScript gets, what shows until the map is near, and what stays
 * when the map's script or its tiles cannot load (tiles come from a server the site doesn't run).
 */
function StaticMap({ points, area, note }: { points: MapPoint[]; area?: string; note: string }) {
  const positions = pinPositions(points);
  return (
    <div className="absolute inset-0" data-testid="map-fallback">
      <Illustration kind="area" of={area ?? ""} className="size-full object-cover opacity-70" />
      {points.map((point, index) => (
        <a
          key={point.id}
          href={point.href}
          aria-label={point.name}
          // The drawn pin is 28 px; the link around it is 44 px square (a finger's width), the pin at
          // its bottom centre so the tip still marks the place.
          className="tooltip-anchor absolute flex size-11 -translate-x-1/2 -translate-y-full items-end justify-center text-brand-800 drop-shadow hover:text-brand-600"
          style={{ left: `${positions[index].left}%`, top: `${positions[index].top}%` }}
        >
          <MapPin className="size-7" aria-hidden="true" />
          <TooltipBubble text={point.name} className="bottom-full left-1/2 mb-1 -translate-x-1/2 whitespace-nowrap" />
        </a>
      ))}
      <p className="absolute inset-x-0 bottom-0 bg-white/85 px-3 py-1.5 text-xs text-slate-700">{note}</p>
    </div>
  );
}

// Leaflet and its tiles cost a phone on a weak signal real time and data, and the list already
// holds everything the map shows. So the map is a separate chunk, fetched only in the browser
// once its box scrolls near the viewport, or on a tap when the visitor has asked to save data.
export function LazyMap({
  points,
  title,
  area,
  sectionClassName = "mt-6",
  className = "h-72 sm:h-96",
  zoom = 15,
}: {
  points: MapPoint[];
  title: string;
  /** The area whose drawing backs the map when tiles cannot show. */
  area?: string;
  sectionClassName?: string;
  /** The map box's height. */
  className?: string;
  zoom?: number;
}) {
  const { t } = useTranslation("directory");
  const box = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);
  const [LeafletMap, setLeafletMap] = useState<ComponentType<LeafletMapProps> | null>(null);
  const [failed, setFailed] = useState(false);

  // Near the viewport is not enough: on a wide screen the map column is in view from the start,
  // and loading Leaflet there would put it in every visit's first load. It waits for the visitor
  // to scroll while the map is near; the drawing holds its place until then.
  useEffect(() => {
    const element = box.current;
    if (!element || prefersSavingData() || !("IntersectionObserver" in window)) return;
    let near = false;
    let scrolled = window.scrollY > 0;
    const load = () => {
      setShow(true);
      stop();
    };
    const onScroll = () => {
      scrolled = true;
      if (near) load();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        near = entries.some((entry) => entry.isIntersecting);
        if (near && scrolled) load();
      },
      { rootMargin: "200px" },
    );
    function stop() {
      observer.disconnect();
      removeEventListener("scroll", onScroll);
    }
    observer.observe(element);
    addEventListener("scroll", onScroll, { passive: true });
    return stop;
  }, []);

  useEffect(() => {
    if (!show) return;
    import("./leaflet-map").then(
      (module) => setLeafletMap(() => module.default),
      () => setFailed(true),
    );
  }, [show]);

  if (!points.length) return null;
  return (
    <section aria-label={title} className={sectionClassName}>
      <div
        ref={box}
        // isolate: Leaflet stacks its panes up to z-index 1000; they must stay under the sticky header.
        className={`relative isolate overflow-hidden rounded-xl border border-slate-200 bg-sky-50 ${className}`}
        data-testid="map"
        // Hovering or pressing the drawing starts the page's scripts, which bring the live map.
        data-enhance=""
      >
        {LeafletMap && !failed ? (
          <div className="absolute inset-0">
            <LeafletMap points={points} zoom={zoom} label={title} onTilesFailed={() => setFailed(true)} />
          </div>
        ) : (
          <StaticMap points={points} area={area} note={t(failed ? "map.failed" : "map.approximate")} />
        )}
        {show ? null : (
          // In the server's HTML too: on a cached page whose scripts have not started, a press here
          // starts them and the click waits for them (decision 012). Hidden where script is off.
          <button
            type="button"
            className="btn-secondary absolute top-3 right-3"
            onClick={() => setShow(true)}
            data-needs-script=""
          >
            <MapIcon className="size-4" aria-hidden="true" />
            {t("map.show")}
          </button>
        )}
      </div>
    </section>
  );
}
