// Directory vocabularies shared by the server, the forms and the components (no server imports).

/** The twelve business categories, in the order the directory shows them. */
export const businessCategories = [
  "restaurant",
  "accommodation",
  "services",
  "retail",
  "health",
  "entertainment",
  "real-estate",
  "construction",
  "automotive",
  "education",
  "technology",
  "finance",
] as const;
export type BusinessCategory = (typeof businessCategories)[number];

export function isBusinessCategory(value: unknown): value is BusinessCategory {
  return typeof value === "string" && (businessCategories as readonly string[]).includes(value);
}

/** Verified listings are public; pending ones wait for an admin; drafts are the owner's. */
export const businessStatuses = ["verified", "pending", "draft"] as const;
export type BusinessStatus = (typeof businessStatuses)[number];

/** Claim types and preferred verification methods. */
export const claimTypes = ["business_owner", "authorized_manager", "information_correction"] as const;
export type ClaimType = (typeof claimTypes)[number];
export const verificationMethods = ["email", "phone", "documents", "in_person"] as const;
export type VerificationMethod = (typeof verificationMethods)[number];
export const claimStatuses = ["pending", "approved", "rejected"] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

export const closureKinds = ["holiday", "seasonal", "other"] as const;
export type ClosureKind = (typeof closureKinds)[number];

/**
 * First-party interaction events on a business page, kept for the analytics dashboard.
 * "directions" is Google Maps (the only map the page offered before Waze).
 */
export const businessEventKinds = ["view", "phone", "whatsapp", "email", "website", "directions", "waze"] as const;
export type BusinessEventKind = (typeof businessEventKinds)[number];
export const clickEventKinds = businessEventKinds.filter((kind) => kind !== "view");

export const menuCurrencies = ["USD", "CRC"] as const;
export type MenuCurrency = (typeof menuCurrencies)[number];

/** Directory sort orders; relevance only means something with a query. */
export const directorySorts = ["relevance", "rating", "name"] as const;
export type DirectorySort = (typeof directorySorts)[number];

export const directoryPageSize = 12;
/** A gallery holds at most this many photos; the first one is the cover. */
export const maxGalleryImages = 12;
/**
 * Widths every uploaded photo is re-encoded to (WebP). A card fills about 343 CSS px of a 375 px
 * phone: 640 serves it at 1.5–1.85 device pixels per CSS pixel, which would otherwise take the 800
 * (half as many bytes again). Each photo keeps the widths it was stored with, so a change here
 * applies to new uploads and never breaks an older photo's srcset.
 */
export const imageWidths = [400, 640, 800, 1600] as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive in paths and hidden inputs a person could edit: anything but a UUID matches nothing. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** Where a visit to a business page came from (analytics). */
export const visitSources = ["search", "category", "direct", "concierge"] as const;
export type VisitSource = (typeof visitSources)[number];

/** Dietary tags a menu item may carry; each maps to a schema.org RestrictedDiet where one exists. */
export const dietaryTags = ["vegetarian", "vegan", "gluten-free", "dairy-free", "spicy", "seafood"] as const;
export type DietaryTag = (typeof dietaryTags)[number];

/** The analytics periods the dashboard offers, in days. */
export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

/**
 * What a place accepts and offers, as owners set it and visitors filter by it: the ways to pay
 * people here use (SINPE Móvil first: a bank transfer to a phone number), then the amenities.
 * Order is display order. Stored as text[] on the business; unknown values are never written.
 */
export const paymentOfferings = ["sinpe", "cash-crc", "cash-usd", "cards"] as const;
export const amenityOfferings = [
  "whatsapp",
  "wifi",
  "parking",
  "wheelchair",
  "pets",
  "children",
  "delivery",
  "reservations",
] as const;
export const businessOfferings = [...paymentOfferings, ...amenityOfferings] as const;
export type BusinessOffering = (typeof businessOfferings)[number];

export function isBusinessOffering(value: unknown): value is BusinessOffering {
  return typeof value === "string" && (businessOfferings as readonly string[]).includes(value);
}

/** Languages a place's staff speak (ISO 639-1, as schema.org's knowsLanguage takes them). */
export const spokenLanguages = ["es", "en", "fr", "de", "it", "pt"] as const;
export type SpokenLanguage = (typeof spokenLanguages)[number];

export function isSpokenLanguage(value: unknown): value is SpokenLanguage {
  return typeof value === "string" && (spokenLanguages as readonly string[]).includes(value);
}
