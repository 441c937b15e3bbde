import { bookingRequestsPerDay } from "#app/features/bookings/booking-reads.server";
import {
  analyticsCsv,
  type BusinessAnalytics,
  getBusinessAnalytics,
  listingSeries,
  rangeInstants,
  type SeriesProvider,
} from "#app/features/directory/analytics.server";
import { visitorMessagesPerDay } from "#app/features/messages/messages.server";

// The owner's analytics page draws the listing's views and clicks beside the booking requests and
// visitor messages it received: three areas, so they meet here rather than in the directory.

/** The series on the analytics page, in order. */
export const ownerAnalyticsSeries: readonly SeriesProvider[] = [
  ...listingSeries,
  {
    id: "bookings",
    labelKey: "owner:analytics.series.bookings",
    load: (range, executor) => bookingRequestsPerDay(rangeInstants(range), executor),
  },
  {
    id: "messages",
    labelKey: "owner:analytics.series.messages",
    load: (range, executor) => visitorMessagesPerDay(rangeInstants(range), executor),
  },
];

/** One listing's analytics for its owner, with every area's series (see getBusinessAnalytics). */
export function getOwnerAnalytics(
  options: Omit<Parameters<typeof getBusinessAnalytics>[0], "series">,
): Promise<BusinessAnalytics> {
  return getBusinessAnalytics({ ...options, series: ownerAnalyticsSeries });
}

export { analyticsCsv };
