// Events: the fixed lists and limits shared by the schema, the forms and the pages.
// Pure: components import it.

export const eventCategories = [
  "music",
  "market",
  "sports",
  "surf",
  "yoga",
  "family",
  "nightlife",
  "community",
  "charity",
  "workshop",
] as const;
export type EventCategory = (typeof eventCategories)[number];

export const eventStatuses = ["published", "pending", "hidden", "deleted"] as const;
export type EventStatus = (typeof eventStatuses)[number];

export const rsvpStatuses = ["confirmed", "waitlisted", "cancelled"] as const;
export type RsvpStatus = (typeof rsvpStatuses)[number];

/** How an event repeats: never, every week on its weekday, or every month on its day of the month. */
export const repeatKinds = ["none", "weekly", "monthly"] as const;
export type RepeatKind = (typeof repeatKinds)[number];

export const eventLimits = {
  titleMax: 120,
  descriptionMax: 5000,
  addressMax: 300,
  venueNameMax: 120,
  linksMax: 3,
  linkMax: 500,
  /** A rule is materialised at most this far ahead, and at most this many occurrences. */
  repeatMonthsMax: 12,
  occurrencesMax: 60,
  maxAttendeesMax: 5000,
  partySizeMax: 10,
  minAgeMax: 21,
  priceMaxUsd: 10_000,
  priceMaxCrc: 5_000_000,
} as const;

export function isEventCategory(value: unknown): value is EventCategory {
  return typeof value === "string" && (eventCategories as readonly string[]).includes(value);
}
