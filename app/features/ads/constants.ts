// House ads: where they may appear, what states they go through, and the limits of
// their creative. Shared by the browser (the form) and the server.

/** Page kinds that carry an ad slot. Dashboard, admin, sign-in and emergency pages never do. */
export const adPageKinds = ["home", "directory", "business", "guide"] as const;
export type AdPageKind = (typeof adPageKinds)[number];

export const adLanguages = ["en", "es"] as const;

/**
 * pending: an owner's ad waiting for an admin; active: shown between its dates; paused: an admin
 * or its owner stopped it; rejected: an admin refused it (with a note); ended: finished for good.
 */
export const houseAdStatuses = ["pending", "active", "paused", "rejected", "ended"] as const;
export type HouseAdStatus = (typeof houseAdStatuses)[number];

export const adLimits = {
  headlineMax: 60,
  bodyMax: 140,
  altMax: 150,
  urlMax: 500,
  noteMax: 500,
  /** One owner's listing may run this many ads that are pending, active or paused at once. */
  openPerBusiness: 2,
  imageMaxBytes: 5 * 1024 * 1024,
} as const;

/** Creative widths: the slot shows the image at 112 px square (224 at 2x). */
export const adImageWidths = [240, 480] as const;

/** A house ad's selection changes this often (and a cached page keeps its ad as long). */
export const adRotationMs = 10 * 60_000;

/** What an ad space shows of a house ad (chosen on the server, drawn by components/ads/ad-slot). */
export interface HouseAdCreative {
  id: string;
  headline: string;
  body: string;
  /** The click route, which counts and then redirects to the ad's target. */
  href: string;
  image: { key: string; widths: number[] } | null;
  alt: string;
  /** The advertiser's name, shown beside "Sponsored"; null for the site's own notices. */
  sponsor: string | null;
  external: boolean;
}
