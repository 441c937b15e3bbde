// Classifieds' fixed vocabularies and numbers, shared by the schema, the forms and the pages.
// Pure: components import it too.

export const classifiedCategories = [
  "for-sale",
  "wanted",
  "free",
  "services",
  "jobs",
  "rooms",
  "vehicles",
  "lost-found",
] as const;
export type ClassifiedCategory = (typeof classifiedCategories)[number];

export const classifiedConditions = ["new", "like-new", "good", "fair", "for-parts"] as const;
export type ClassifiedCondition = (typeof classifiedConditions)[number];

export const classifiedCurrencies = ["USD", "CRC"] as const;
export type ClassifiedCurrency = (typeof classifiedCurrencies)[number];

export const classifiedLanguages = ["en", "es"] as const;

export const classifiedStatuses = ["published", "pending", "hidden", "deleted"] as const;
export type ClassifiedStatus = (typeof classifiedStatuses)[number];

/** Categories whose ads are about a thing with a condition (the form shows the field for these). */
export const categoriesWithCondition: readonly ClassifiedCategory[] = ["for-sale", "free", "vehicles"];

export const classifiedLimits = {
  /** An ad is listed this long, then leaves the list unless renewed. */
  lifetimeDays: 30,
  /** The renewal email goes out this long before the ad expires. */
  reminderDaysBefore: 3,
  /** An expired ad can still be renewed (its renewal link and the dashboard) for this long. */
  renewableDaysAfterExpiry: 30,
  /** Ads one person may have listed at once (published or waiting for review, not expired or sold). */
  activeAdsPerUser: 10,
  photosPerAd: 6,
  photoMaxBytes: 8 * 1024 * 1024,
  /** Messages one signed-in person may send through the contact form. */
  contactsPerHour: 8,
  contactsPerDay: 30,
  /** Replies relayed per conversation and hour (both sides together): a loop or a flood stops here. */
  relayedPerConversationHour: 20,
  titleMax: 100,
  descriptionMax: 4000,
  messageMax: 2000,
  /** Prices up to 1,000,000,000 in either currency (a house in colones fits; a typo with zeros does not). */
  priceMax: 1_000_000_000,
} as const;

export const classifiedPhotoWidths = [400, 800, 1200] as const;

const dayMs = 24 * 60 * 60 * 1000;
export const lifetimeMs = classifiedLimits.lifetimeDays * dayMs;
export const reminderLeadMs = classifiedLimits.reminderDaysBefore * dayMs;
export const renewableAfterMs = classifiedLimits.renewableDaysAfterExpiry * dayMs;

export function isClassifiedCategory(value: unknown): value is ClassifiedCategory {
  return typeof value === "string" && (classifiedCategories as readonly string[]).includes(value);
}
