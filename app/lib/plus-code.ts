import olc from "open-location-code";

// Plus Codes (Open Location Codes): where there is no street address, a short code that anyone can
// type into Google Maps or Waze finds the door. Computed from the stored coordinates, never stored.

const codec = new olc.OpenLocationCode();

/** The town short codes are given relative to: the hub's own beach. */
export const plusCodeReference = { name: "Playa Flamingo", latitude: 10.4333, longitude: -85.7903 } as const;

// A short code names its town; beyond this distance (in degrees, about 20 km) the town is no help.
const nearbyDegrees = 0.2;

export interface PlusCode {
  /** The full code, like 762PC6M5+8V: it finds the spot anywhere on Earth. */
  full: string;
  /** The code without its region digits (C6M5+8V), to be read with the reference town; null when too far. */
  short: string | null;
  /** The town the short code is read with; null with it. */
  town: string | null;
  /** The short code followed by the reference town (C6M5+8V Playa Flamingo); null when too far. */
  local: string | null;
}

/** The place's Plus Code, or null when it has no coordinates (or impossible ones). */
export function plusCode(place: { latitude: number | null; longitude: number | null }): PlusCode | null {
  const { latitude, longitude } = place;
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const full = codec.encode(latitude, longitude);
  const near =
    Math.abs(latitude - plusCodeReference.latitude) <= nearbyDegrees &&
    Math.abs(longitude - plusCodeReference.longitude) <= nearbyDegrees;
  // Only the first four digits are dropped (the form maps apps print), and only when the town
  // gives them back: the check guards a place near the edge of a region cell.
  const short = full.slice(4);
  const recovers =
    near && codec.recoverNearest(short, plusCodeReference.latitude, plusCodeReference.longitude) === full;
  return recovers
    ? { full, short, town: plusCodeReference.name, local: `${short} ${plusCodeReference.name}` }
    : { full, short: null, town: null, local: null };
}
