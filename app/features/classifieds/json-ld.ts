import type { ClassifiedCategory } from "./constants";

// Structured data for one ad. What an ad is depends on its category, so the type does too: only
// something for sale (or given away) is a Product with an Offer; a service on offer is a Service,
// a room to rent an Offer of an Accommodation, a wanted ad a Demand (someone asking, not selling).
// A lost or found animal or thing and a job are neither products nor offers: those ads get no item
// of their own (search engines' rules for JobPosting ask for an employer an ad does not name).

export interface AdForJsonLd {
  title: string;
  description: string;
  category: ClassifiedCategory;
  /** Absolute URL of the ad's page, built from the site's configured origin. */
  url: string;
  /** Absolute URL of the first photo, when there is one. */
  image?: string;
  priceMinor: number | null;
  currency: string;
  sold: boolean;
  expiresAt: string;
  condition: string | null;
  areaName: string;
}

const place = (areaName: string) => ({
  "@type": "Place",
  name: areaName,
  address: { "@type": "PostalAddress", addressLocality: areaName, addressCountry: "CR" },
});

function offer(ad: AdForJsonLd, free: boolean) {
  return {
    "@type": "Offer",
    price: free ? "0" : ((ad.priceMinor ?? 0) / 100).toFixed(2),
    priceCurrency: ad.currency,
    availability: ad.sold ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
    validThrough: ad.expiresAt,
    url: ad.url,
    ...(ad.condition
      ? {
          itemCondition:
            ad.condition === "new" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
        }
      : {}),
  };
}

export function classifiedJsonLd(ad: AdForJsonLd): Record<string, unknown> | null {
  const common = {
    "@context": "https://schema.org",
    name: ad.title,
    description: ad.description.slice(0, 500),
    url: ad.url,
    ...(ad.image ? { image: ad.image } : {}),
  };
  const priced = ad.priceMinor !== null;
  switch (ad.category) {
    case "for-sale":
    case "vehicles":
    case "free":
      // Search engines take a Product only with an offer and a picture: a sale ad without a price
      // or a photo is described by its page alone.
      if ((ad.category !== "free" && !priced) || !ad.image) return null;
      return { ...common, "@type": "Product", offers: offer(ad, ad.category === "free") };
    case "services":
      return {
        ...common,
        "@type": "Service",
        areaServed: place(ad.areaName),
        ...(priced ? { offers: offer({ ...ad, condition: null }, false) } : {}),
      };
    case "rooms":
      return {
        ...common,
        "@type": "Offer",
        itemOffered: { "@type": "Accommodation", name: ad.title, containedInPlace: place(ad.areaName) },
        ...(priced ? { price: ((ad.priceMinor ?? 0) / 100).toFixed(2), priceCurrency: ad.currency } : {}),
        availability: ad.sold ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
        validThrough: ad.expiresAt,
      };
    case "wanted":
      return {
        ...common,
        // What is asked for is named by the ad's title; an itemOffered Product would be held to
        // the rules of a product for sale (a picture, an offer) that a wanted ad has not.
        "@type": "Demand",
        areaServed: place(ad.areaName),
        validThrough: ad.expiresAt,
      };
    case "jobs":
    case "lost-found":
      return null;
  }
}
