// Booking limits and names, shared by the forms, the domain and the pages (no server imports).

export const bookingStatuses = ["pending", "confirmed", "declined", "cancelled"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const bookingLimits = {
  nameMax: 100,
  serviceNameMax: 80,
  requestsMax: 1000,
  partySizeMax: 50,
  capacityMax: 500,
  slotsPerServiceMax: 24,
  leadTimeHoursMax: 24 * 30,
  durationMinutesMin: 15,
  durationMinutesMax: 24 * 60,
  /** How far ahead a visitor may book. */
  daysAheadMax: 180,
  blackoutReasonMax: 120,
  servicesPerBusinessMax: 20,
} as const;

/** Booking requests per visitor address and per email address, per hour (spam and slot hoarding). */
/**
 * Booking requests per address, per guest email (the guest's copy goes there) and per business
 * from everyone together (its owner gets an email for each), per hour.
 */
export const bookingRateLimit = { perIp: 10, perEmail: 5, perBusiness: 60, windowSeconds: 3600 } as const;
