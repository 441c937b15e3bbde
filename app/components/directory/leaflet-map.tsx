import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";
import type { MapPoint } from "./lazy-map";

/** The Leaflet map itself: browser only, loaded through LazyMap. */
export default function LeafletMap({
  points,
  zoom,
  label,
  onTilesFailed,
}: {
  points: MapPoint[];
  zoom: number;
  label: string;
  onTilesFailed: () => void;
}) {
  // Read through a ref so a new callback on each render doesn't rebuild the map.
  const failed = useRef(onTilesFailed);
  failed.current = onTilesFailed;
  const element = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(points.map((point) => [point.id, point.latitude, point.longitude]));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `points`, which is a new array on every render.
  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, { scrollWheelZoom: false });
    const tiles = L.tileLayer("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", {
      maxZoom: 19,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    }).addTo(map);
    // One tile missing on a flaky connection leaves a usable map; none arriving at all (offline,
    // the tile server blocked or down) leaves grey pins on grey, so the drawing takes over.
    let loadedTiles = 0;
    tiles.on("tileload", () => {
      loadedTiles++;
    });
    tiles.on("tileerror", () => {
      if (loadedTiles === 0) failed.current();
    });
    const markers = points.map((point) => {
      // Built as DOM nodes, not HTML strings: a business name is user content.
      const link = document.createElement("a");
      link.href = point.href;
      link.textContent = point.name;
      return L.circleMarker([point.latitude, point.longitude], {
        radius: 9,
        color: "#1e3a8a",
        weight: 2,
        fillColor: "#2563eb",
        fillOpacity: 0.9,
      }).bindPopup(link);
    });
    const group = L.featureGroup(markers).addTo(map);
    if (points.length > 1) map.fitBounds(group.getBounds(), { padding: [28, 28], maxZoom: 16 });
    else map.setView([points[0].latitude, points[0].longitude], zoom);
    return () => {
      map.remove();
    };
  }, [key, zoom]);

  return <section ref={element} className="h-full w-full" aria-label={label} />;
}
