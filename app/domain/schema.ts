// Every table, for drizzle-kit (drizzle.config.ts). A domain adds its schema here.

export * from "../lib/response-cache/schema";
export * from "../lib/search/schema";
export * from "./accounts/schema";
export * from "./ads/schema";
export * from "./audit/schema";
export * from "./beach/schema";
export * from "./billing/schema";
export * from "./bookings/schema";
export * from "./classifieds/schema";
export * from "./community/schema";
export * from "./concierge/schema";
export * from "./content/schema";
export * from "./directory/schema";
export * from "./events/schema";
export * from "./groups/schema";
export * from "./guides/schema";
export * from "./messages/schema";
export * from "./moderation/schema";
export * from "./outbox/schema";
export * from "./realestate/schema";
