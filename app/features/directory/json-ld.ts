import { amenityOfferings, paymentOfferings } from "./constants";
import type { OpeningPeriod } from "./hours";
import { formatClock } from "./hours";

// Schema.org types per category: the most specific LocalBusiness subtype that fits.
const schemaTypes: Record<string, string> = {
  restaurant: "Restaurant",
  accommodation: "LodgingBusiness",
  services: "ProfessionalService",
  retail: "Store",
  health: "MedicalBusiness",
  entertainment: "EntertainmentBusiness",
  "real-estate": "RealEstateAgent",
  construction: "HomeAndConstructionBusiness",
  automotive: "AutomotiveBusiness",
  education: "LocalBusiness",
  technology: "LocalBusiness",
  finance: "FinancialService",
};

const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export function businessJsonLd(business: {
  name: string;
  category: string;
  url: string;
  description: string;
  address: string;
  /** Directions from landmarks in the page's language: most places here have no street address. */
  directions?: string;
  /** The full Plus Code, from the coordinates. */
  plusCode?: string | null;
  areaName: string;
  latitude: number | null;
  longitude: number | null;
  images: string[];
  hours: OpeningPeriod[];
  rating: number;
  reviewCount: number;
  /** Premium only: a free listing's contacts must not leak through the structured data either. */
  contact: { phone: string | null; email: string | null; website: string | null } | null;
  menu?: MenuForJsonLd[];
  /** What the business says it specialises in; a restaurant's are its cuisines. */
  specialties?: string[];
  /** What it accepts and offers (the directory's vocabulary) and the languages spoken (ISO 639-1). */
  offerings?: string[];
  spokenLanguages?: string[];
  /** A company's cédula jurídica, once checked (the "registered business" mark). */
  taxId?: string | null;
}) {
  const priceRange = menuPriceRange(business.menu ?? []);
  const payments = paymentOfferings.flatMap((offering) =>
    business.offerings?.includes(offering) ? [paymentNames[offering]] : [],
  );
  const amenities = amenityOfferings.filter((offering) => business.offerings?.includes(offering));
  return {
    "@context": "https://schema.org",
    "@type": schemaTypes[business.category] ?? "LocalBusiness",
    name: business.name,
    url: business.url,
    ...(business.description ? { description: business.description } : {}),
    address: {
      "@type": "PostalAddress",
      ...(business.address ? { streetAddress: business.address } : {}),
      // How the place is found where there is no street address, as the people who live here say it.
      ...(business.directions ? { disambiguatingDescription: business.directions } : {}),
      addressLocality: business.areaName,
      // Every area the site covers is in Guanacaste province.
      addressRegion: "Guanacaste",
      addressCountry: "CR",
    },
    ...(business.latitude !== null && business.longitude !== null
      ? { geo: { "@type": "GeoCoordinates", latitude: business.latitude, longitude: business.longitude } }
      : {}),
    // plus.codes shows the spot on a map and hands it to any maps app.
    ...(business.plusCode ? { hasMap: `https://plus.codes/${encodeURIComponent(business.plusCode)}` } : {}),
    ...(business.images.length ? { image: business.images } : {}),
    ...(business.hours.length
      ? {
          openingHoursSpecification: business.hours.map((period) => ({
            "@type": "OpeningHoursSpecification",
            dayOfWeek: `https://schema.org/${dayNames[period.weekday]}`,
            opens: formatClock(period.opensAt),
            closes: period.closesAt === 1440 ? "23:59" : formatClock(period.closesAt),
          })),
        }
      : {}),
    ...(business.reviewCount
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: business.rating,
            reviewCount: business.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(business.contact?.phone ? { telephone: business.contact.phone } : {}),
    ...(business.contact?.email ? { email: business.contact.email } : {}),
    ...(business.contact?.website ? { sameAs: [business.contact.website] } : {}),
    ...(business.menu?.length ? { hasMenu: menuJsonLd(business.menu) } : {}),
    ...(business.category === "restaurant" && business.specialties?.length
      ? { servesCuisine: business.specialties }
      : {}),
    ...(priceRange ? { priceRange } : {}),
    ...(payments.length ? { paymentAccepted: payments.join(", ") } : {}),
    ...(payments.some((name) => name.startsWith("Cash"))
      ? { currenciesAccepted: currenciesOf(business.offerings ?? []) }
      : {}),
    ...(amenities.length
      ? {
          amenityFeature: amenities.map((amenity) => ({
            "@type": "LocationFeatureSpecification",
            name: amenityNames[amenity],
            value: true,
          })),
        }
      : {}),
    ...(business.spokenLanguages?.length ? { knowsLanguage: business.spokenLanguages } : {}),
    ...(business.taxId ? { taxID: business.taxId } : {}),
  };
}

// schema.org's paymentAccepted is free text ("Cash, Credit Card"): English names, as crawlers read
// them whatever the page's language. The amenities' names follow schema.org's own examples.
const paymentNames: Record<(typeof paymentOfferings)[number], string> = {
  sinpe: "SINPE Móvil",
  "cash-crc": "Cash (CRC)",
  "cash-usd": "Cash (USD)",
  cards: "Credit Card, Debit Card",
};
const amenityNames: Record<(typeof amenityOfferings)[number], string> = {
  whatsapp: "WhatsApp",
  wifi: "Free Wi-Fi",
  parking: "Parking",
  wheelchair: "Wheelchair accessible",
  pets: "Pets allowed",
  children: "Child friendly",
  delivery: "Delivery",
  reservations: "Reservations",
};

function currenciesOf(offerings: string[]): string {
  return [offerings.includes("cash-crc") ? "CRC" : null, offerings.includes("cash-usd") ? "USD" : null]
    .filter(Boolean)
    .join(", ");
}

const currencySymbols: Record<string, string> = { USD: "$", CRC: "₡" };

/**
 * "$8–25" from the prices on the menu (one currency, the one most items use); null without prices.
 * The business states no price level of its own, so the range comes only from what it charges.
 */
export function menuPriceRange(menu: MenuForJsonLd[]): string | null {
  const priced = menu.filter((item): item is MenuForJsonLd & { price: number } => item.price !== null);
  if (!priced.length) return null;
  const byCurrency = new Map<string, number[]>();
  for (const item of priced) byCurrency.set(item.currency, [...(byCurrency.get(item.currency) ?? []), item.price]);
  const [currency, prices] = [...byCurrency].sort((a, b) => b[1].length - a[1].length)[0];
  const symbol = currencySymbols[currency] ?? `${currency} `;
  const format = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? `${symbol}${format(low)}` : `${symbol}${format(low)}–${format(high)}`;
}

export interface MenuForJsonLd {
  name: string;
  description: string;
  section: string;
  /** In the price's currency, major units (12.5 USD, 6500 CRC). */
  price: number | null;
  currency: string;
  available: boolean;
  dietaryTags: string[];
  image: string | null;
}

// schema.org's RestrictedDiet values; the other tags (spicy, seafood) have none.
const diets: Record<string, string> = {
  vegetarian: "https://schema.org/VegetarianDiet",
  vegan: "https://schema.org/VeganDiet",
  "gluten-free": "https://schema.org/GlutenFreeDiet",
  "dairy-free": "https://schema.org/LowLactoseDiet",
};

/** A Menu of MenuSections (one unnamed section when the owner uses none), items in order. */
export function menuJsonLd(items: MenuForJsonLd[]) {
  const sections: { name: string; items: MenuForJsonLd[] }[] = [];
  for (const item of items) {
    const existing = sections.find((section) => section.name === item.section);
    if (existing) existing.items.push(item);
    else sections.push({ name: item.section, items: [item] });
  }
  const menuItem = (item: MenuForJsonLd) => {
    const suitable = item.dietaryTags.flatMap((tag) => (diets[tag] ? [diets[tag]] : []));
    return {
      "@type": "MenuItem",
      name: item.name,
      ...(item.description ? { description: item.description } : {}),
      ...(item.image ? { image: item.image } : {}),
      ...(suitable.length ? { suitableForDiet: suitable } : {}),
      ...(item.price !== null
        ? {
            offers: {
              "@type": "Offer",
              price: item.price,
              priceCurrency: item.currency,
              availability: item.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            },
          }
        : {}),
    };
  };
  return {
    "@type": "Menu",
    hasMenuSection: sections.map((section) => ({
      "@type": "MenuSection",
      ...(section.name ? { name: section.name } : {}),
      hasMenuItem: section.items.map(menuItem),
    })),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the tag. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
