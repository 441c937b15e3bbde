import { isbot } from "isbot";
import type { AdPageKind } from "#app/features/ads/constants";
import { adNetwork } from "#app/features/ads/network.server";
import { countAdEvent, type HouseAdCreative, pickHouseAd } from "#app/features/ads/placement.server";
import { defaultVisitGate, VisitGate } from "#app/features/directory/visits";
import { env } from "#app/lib/env.server";
import type { Language } from "#app/lib/i18n";
import { onEveryServe } from "#app/lib/response-cache/cache.server";

/** What one ad slot renders: a house ad, else the network's space when one is configured, else nothing. */
export type AdSlotData = { house: HouseAdCreative; network: null } | { house: null; network: { slot: string } } | null;

// Per process, like the directory's page-view gate: the same visitor (IP) reloading a page within
// a minute is one impression, clicking the same ad again within half an hour one click, and an IP
// past the hourly ceiling (a crawler whatever it calls itself) is not counted at all.
let impressionGate: VisitGate | null = null;
let clickGate: VisitGate | null = null;
function gates() {
  const scale = env().RATE_LIMIT_IP_SCALE;
  impressionGate ??= new VisitGate({
    ...defaultVisitGate,
    repeatMs: 60_000,
    maxPerWindow: 4 * defaultVisitGate.maxPerWindow * scale,
  });
  clickGate ??= new VisitGate({ ...defaultVisitGate, maxPerWindow: defaultVisitGate.maxPerWindow * scale });
  return { impressionGate, clickGate };
}

/**
 * Chooses a slot's ad in a page loader and counts its impression on every serve of the page,
 * cached copies included (the choice is in the cached HTML; the count happens per request).
 */
export async function loadAdSlot(
  request: Request,
  context: { clientIp?: string } | undefined,
  options: {
    pageKind: AdPageKind;
    language: Language;
    slot: string;
    area?: string | null;
    excludeBusinessId?: string | null;
  },
): Promise<AdSlotData> {
  const house = await pickHouseAd(options);
  if (house) {
    onEveryServe(
      request,
      (visit) => {
        if (visit.userAgent && isbot(visit.userAgent)) return;
        if (!gates().impressionGate.admit(visit.ip, house.id)) return;
        countAdEvent({ adId: house.id, kind: "impression", pageKind: options.pageKind, language: options.language });
      },
      context,
    );
    return { house, network: null };
  }
  return adNetwork() ? { house: null, network: { slot: `${options.pageKind}-${options.slot}` } } : null;
}

/** Counts a click on a live ad, unless a crawler or a repeat made it. */
export function countAdClick(options: {
  adId: string;
  pageKind: string;
  language: Language;
  userAgent: string | null;
  ip: string;
}) {
  if (options.userAgent && isbot(options.userAgent)) return;
  if (!gates().clickGate.admit(options.ip, options.adId)) return;
  countAdEvent({ adId: options.adId, kind: "click", pageKind: options.pageKind, language: options.language });
}
