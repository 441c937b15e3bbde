import { siteTimeZone } from "#app/lib/format";
import { zonedParts } from "#app/lib/zoned-time";

// schema.org Event for an event's page (https://schema.org/Event): times with the Costa Rica
// offset, the venue as a Place, the price as an Offer.

/** "2026-11-24T18:00:00-06:00": the instant on the site's clock, with its offset. */
export function isoWithOffset(iso: string): string {
  const date = new Date(iso);
  const p = zonedParts(date, siteTimeZone);
  const wallUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offset = Math.round((wallUtc - date.getTime()) / 60000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function eventJsonLd(input: {
  name: string;
  description: string;
  url: string;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  cancelled: boolean;
  venue: { name: string; address: string; latitude: number | null; longitude: number | null };
  areaName: string;
  image: string | null;
  /** Who runs it: their business, the person who posted it, else the venue's business; null omits it. */
  organizer: { type: "Organization" | "Person"; name: string; url?: string } | null;
  cost: { amount: number; currency: string } | null;
  full: boolean;
  minAge: number | null;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: input.name,
    description: input.description.slice(0, 500),
    url: input.url,
    startDate: input.allDay ? isoWithOffset(input.startsAt).slice(0, 10) : isoWithOffset(input.startsAt),
    endDate: input.allDay
      ? isoWithOffset(new Date(new Date(input.endsAt).getTime() - 1).toISOString()).slice(0, 10)
      : isoWithOffset(input.endsAt),
    eventStatus: input.cancelled ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: input.venue.name || input.areaName,
      address: {
        "@type": "PostalAddress",
        streetAddress: input.venue.address || undefined,
        addressLocality: input.areaName,
        addressRegion: "Guanacaste",
        addressCountry: "CR",
      },
      ...(input.venue.latitude !== null && input.venue.longitude !== null
        ? { geo: { "@type": "GeoCoordinates", latitude: input.venue.latitude, longitude: input.venue.longitude } }
        : {}),
    },
    ...(input.image ? { image: [input.image] } : {}),
    ...(input.organizer
      ? {
          organizer: {
            "@type": input.organizer.type,
            name: input.organizer.name,
            ...(input.organizer.url ? { url: input.organizer.url } : {}),
          },
        }
      : {}),
    isAccessibleForFree: !input.cost,
    offers: {
      "@type": "Offer",
      url: input.url,
      price: input.cost ? input.cost.amount : 0,
      priceCurrency: input.cost?.currency ?? "USD",
      availability: input.full ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
    },
    ...(input.minAge ? { typicalAgeRange: `${input.minAge}-` } : {}),
  };
}
