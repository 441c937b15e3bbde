// The ways a business page lets a visitor reach the place, and where each one leads. Pure: the
// contact card draws the links and the counting redirect sends the visitor on from the same rules,
// so the redirect can only ever lead where the page itself would.
import { googleMapsHref, wazeHref, whatsappHref } from "#app/lib/contact-links";
import type { BusinessEventKind } from "./constants";

/** The channels that leave for another site, counted by a redirect that works without scripts. */
export const redirectedContactChannels = ["whatsapp", "waze", "directions", "website"] as const;
export type RedirectedContactChannel = (typeof redirectedContactChannels)[number];

export function isRedirectedContactChannel(value: string): value is RedirectedContactChannel {
  return (redirectedContactChannels as readonly string[]).includes(value);
}

/** The counting link of a channel: the business's own path, so the language stays the page's. */
export function contactChannelPath(slug: string, channel: RedirectedContactChannel): string {
  return `/business/${encodeURIComponent(slug)}/contact/${channel}`;
}

interface ReachablePlace {
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  /** Null when the listing's plan keeps its contacts private (the page shows none). */
  contact: { whatsapp: string | null; website: string | null } | null;
}

/**
 * Where a channel leads for this business, or null when the page offers no such link (no
 * WhatsApp number, a free listing's hidden contacts, no coordinates for Waze).
 */
export function contactChannelTarget(
  place: ReachablePlace,
  channel: RedirectedContactChannel,
  whatsappGreeting: string,
): string | null {
  switch (channel) {
    case "whatsapp":
      return whatsappHref(place.contact?.whatsapp, whatsappGreeting);
    case "waze":
      return wazeHref(place);
    case "directions":
      return googleMapsHref(place);
    case "website":
      return place.contact?.website && /^https?:\/\//i.test(place.contact.website) ? place.contact.website : null;
  }
}

/** The analytics kind a channel's click is counted as. */
export const contactChannelKind: Record<RedirectedContactChannel, BusinessEventKind> = {
  whatsapp: "whatsapp",
  waze: "waze",
  directions: "directions",
  website: "website",
};
