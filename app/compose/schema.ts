// Every table, for drizzle-kit (drizzle.config.ts). An area adds its schema here.

export * from "../features/ads/schema";
export * from "../features/alerts/schema";
export * from "../features/alerts/subscription-schema";
export * from "../features/beach/schema";
export * from "../features/billing/schema";
export * from "../features/bookings/schema";
export * from "../features/classifieds/schema";
export * from "../features/community/schema";
export * from "../features/directory/schema";
export * from "../features/events/schema";
export * from "../features/groups/schema";
export * from "../features/guides/schema";
export * from "../features/messages/schema";
export * from "../features/realestate/schema";
export * from "../lib/response-cache/schema";
export * from "../lib/search/schema";
export * from "../platform/audit/schema";
export * from "../platform/listings/schema";
export * from "../platform/moderation/schema";
export * from "../platform/outbox/schema";
export * from "../platform/people/schema";
export * from "../platform/plans/schema";
export * from "../platform/site/schema";
export * from "./concierge/schema";
