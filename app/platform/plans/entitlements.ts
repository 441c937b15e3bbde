// What a listing gets from its plan, as the code grants it. The checks (listingsWithPlanFeature,
// and through it the premium flag that opens contact details, the whole gallery and messages) and
// every table that shows what a plan includes read this one list, so a table can neither promise
// what the code withholds nor sell what every listing already has.

interface Entitlement {
  /** Every listing has it, whatever its plan: nothing checks it. */
  every?: true;
  /** Otherwise: the plan feature keys that grant it (any one of them). */
  grantedBy?: readonly string[];
}

export const listingEntitlements = {
  listing: { every: true },
  // Every owner edits the hours and the menu, and the directory shows them, on any plan.
  hours: { every: true },
  menu: { every: true },
  contactDetails: { grantedBy: ["contactDetails"] },
  // The whole gallery follows the premium flag, which follows contact details.
  fullGallery: { grantedBy: ["contactDetails"] },
  // The booking form opens for a plan with booking, or for a premium listing.
  booking: { grantedBy: ["booking", "contactDetails"] },
  analytics: { grantedBy: ["analytics"] },
  seo: { grantedBy: ["seo"] },
  multipleLocations: { grantedBy: ["multipleLocations"] },
  adPlacement: { grantedBy: ["adPlacement"] },
} as const satisfies Record<string, Entitlement>;

export type ListingFeatureKey = keyof typeof listingEntitlements;

/** The listing features in the order the plan tables list them. */
export const listingFeatureKeys = Object.keys(listingEntitlements) as ListingFeatureKey[];

export function isListingFeature(key: string): key is ListingFeatureKey {
  return Object.hasOwn(listingEntitlements, key);
}

/** Whether every listing has the feature, whatever its plan. */
export function everyListingHas(key: string): boolean {
  return isListingFeature(key) && "every" in listingEntitlements[key];
}

/** The plan feature keys that grant a feature (the key itself for one that is not a listing's). */
export function keysGranting(key: string): readonly string[] {
  if (!isListingFeature(key)) return [key];
  const entitlement: Entitlement = listingEntitlements[key];
  return entitlement.grantedBy ?? [];
}

/** The listing features a plan with these feature keys gives, in table order. */
export function grantedListingFeatures(planFeatures: readonly string[]): ListingFeatureKey[] {
  return listingFeatureKeys.filter(
    (key) => everyListingHas(key) || keysGranting(key).some((granting) => planFeatures.includes(granting)),
  );
}

/** Whether a plan gives a listing anything beyond what every listing has (worth selling). */
export function grantsBeyondEveryListing(planFeatures: readonly string[]): boolean {
  return grantedListingFeatures(planFeatures).some((key) => !everyListingHas(key));
}
