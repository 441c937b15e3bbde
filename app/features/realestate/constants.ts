// Real estate: the fixed vocabularies and the numbers behind them, in one place.
// Pure: components import it for labels and options.

export const listingTypes = ["sale", "rent-long", "rent-vacation"] as const;
export type ListingType = (typeof listingTypes)[number];

export const propertyTypes = ["house", "condo", "apartment", "lot", "commercial", "farm"] as const;
export type PropertyType = (typeof propertyTypes)[number];

/** Costa Rica: a titled property (fully owned) or a concession in the maritime-terrestrial zone. */
export const titleTypes = ["titled", "concession"] as const;
export type TitleType = (typeof titleTypes)[number];

export const contactMethods = ["email", "phone", "whatsapp"] as const;
export type ContactMethod = (typeof contactMethods)[number];

export const propertyFeatures = [
  "pool",
  "ocean-view",
  "walk-to-beach",
  "air-conditioning",
  "furnished",
  "gated",
  "parking",
  "garden",
  "solar",
  "pet-friendly",
  "backup-water",
  "fiber-internet",
] as const;
export type PropertyFeature = (typeof propertyFeatures)[number];

export const propertyStatuses = ["published", "pending", "hidden", "deleted"] as const;
export type PropertyStatus = (typeof propertyStatuses)[number];

export const leadStatuses = ["new", "contacted", "viewing", "closed"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const alertFrequencies = ["daily", "weekly"] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

/** How often a saved search may be emailed, by its frequency. */
export const alertIntervalMs: Record<AlertFrequency, number> = {
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
};

/** The price's unit: a sale is a total, a long-term rent is monthly, a vacation rent nightly. */
export const priceUnit: Record<ListingType, "total" | "month" | "night"> = {
  sale: "total",
  "rent-long": "month",
  "rent-vacation": "night",
};

export const realEstateLimits = {
  /** Listings (not deleted) anyone may have without the agent plan. */
  freeListings: 1,
  /** Listings with the agent plan. */
  agentListings: 25,
  photosPerProperty: 12,
  savedSearchesPerUser: 10,
  /** Inquiries one sender (address or account) may send in an hour. */
  inquiriesPerHour: 5,
  /** Inquiries one property's contact address receives in an hour, from every sender together. */
  inquiriesPerPropertyPerHour: 20,
  titleMax: 120,
  descriptionMax: 5000,
  messageMax: 2000,
  notesMax: 2000,
  /** Whole dollars; no listing here is worth more. */
  priceMaxUsd: 100_000_000,
  areaMaxM2: 10_000_000,
};

/** The plan row (billing's `plans`) that says what an agent gets and what it costs. */
export const agentPlanId = "agent";
/** What the agent plan gives, as that row's feature keys. */
export const agentPlanFeatures = ["moreListings", "featuredPlacement", "verifiedAgentBadge", "leadsDashboard"] as const;
/** Until billing lands an admin grants the plan as this permission (docs/decisions/005). */
export const agentPlanPermission = "use:agent-plan:any" as const;

/** The maritime-terrestrial zone (Ley 6043): the first 50 m from high tide are public, the next 150 m concession only. */
export const maritimeZone = { publicMeters: 50, concessionMeters: 150 };

export const imageWidths = [480, 960, 1600] as const;
