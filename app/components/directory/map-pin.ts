import type { MapPoint } from "./lazy-map";

type Place = { id: string; name: string; latitude: number | null; longitude: number | null };

/** A place as its map pin linking to `href`, or no pin when it has no coordinates (for flatMap and lists). */
export function pinOf(place: Place, href: string): MapPoint[] {
  const { latitude, longitude } = place;
  return latitude !== null && longitude !== null ? [{ id: place.id, name: place.name, href, latitude, longitude }] : [];
}
