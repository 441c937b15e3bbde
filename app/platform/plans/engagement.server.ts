import { and, asc, eq } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { businesses } from "#app/platform/listings/schema";
import { listingsWithPlanFeature } from "#app/platform/plans/subscription.server";

// What bookings and messages need to know about a listing: whose it is, whether it is public, and
// whether its plan includes booking and contact (both are premium).

export interface EngagementListing {
  id: string;
  slug: string;
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  ownerId: string | null;
  isVerified: boolean;
  /** Booking and the contact form are open: the listing's plan includes booking, or a demo listing's flag. */
  isPremium: boolean;
}

const columns = {
  id: businesses.id,
  slug: businesses.slug,
  name: businesses.name,
  address: businesses.address,
  latitude: businesses.latitude,
  longitude: businesses.longitude,
  ownerId: businesses.ownerId,
  status: businesses.status,
  isPremium: businesses.isPremium,
};

interface Row {
  id: string;
  slug: string;
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  ownerId: string | null;
  status: string;
  isPremium: boolean;
}

async function withPlans(rows: Row[], executor: Executor): Promise<EngagementListing[]> {
  const planned = await listingsWithPlanFeature(
    rows.map((row) => row.id),
    "booking",
    executor,
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    ownerId: row.ownerId,
    isVerified: row.status === "verified",
    // An owned listing's flag follows its plan (syncOwnerPremium); a demo listing without owner keeps its flag.
    isPremium: planned.has(row.id) || row.isPremium,
  }));
}

/** One listing by id or slug, or null. */
export async function engagementListing(
  options: { id?: string; slug?: string },
  executor: Executor = getDb(),
): Promise<EngagementListing | null> {
  const where = options.id ? eq(businesses.id, options.id) : options.slug ? eq(businesses.slug, options.slug) : null;
  if (!where) return null;
  const rows = (await executor.select(columns).from(businesses).where(where).limit(1)) as Row[];
  return (await withPlans(rows, executor))[0] ?? null;
}

/** The verified listings a person owns, by name. */
export async function engagementListingsOwnedBy(
  userId: string,
  executor: Executor = getDb(),
): Promise<EngagementListing[]> {
  const rows = (await executor
    .select(columns)
    .from(businesses)
    .where(and(eq(businesses.ownerId, userId), eq(businesses.status, "verified")))
    .orderBy(asc(businesses.name))) as Row[];
  return withPlans(rows, executor);
}
