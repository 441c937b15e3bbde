import { and, asc, eq, inArray } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { businesses } from "#app/platform/listings/schema";

// What the events area needs to know about businesses (as venues and as organisers); events never
// read the directory's tables themselves.

export interface VenueBusiness {
  id: string;
  slug: string;
  name: string;
  address: string;
  areaSlug: string;
  latitude: number | null;
  longitude: number | null;
  ownerId: string | null;
  verified: boolean;
}

/** Businesses by id, any status (callers decide what a non-verified one means). */
export async function venueBusinesses(ids: readonly string[], executor: Executor = getDb()) {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map<string, VenueBusiness>();
  const rows = await executor
    .select({
      id: businesses.id,
      slug: businesses.slug,
      name: businesses.name,
      address: businesses.address,
      areaSlug: businesses.areaSlug,
      latitude: businesses.latitude,
      longitude: businesses.longitude,
      ownerId: businesses.ownerId,
      status: businesses.status,
    })
    .from(businesses)
    .where(inArray(businesses.id, unique));
  return new Map(
    rows.map((row) => [
      row.id,
      { ...row, areaSlug: row.areaSlug ?? "", verified: row.status === "verified" } satisfies VenueBusiness,
    ]),
  );
}

/** Verified businesses by name, for a venue picker. */
export async function listVenueChoices(executor: Executor = getDb()) {
  return executor
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .where(eq(businesses.status, "verified"))
    .orderBy(asc(businesses.name))
    .limit(500);
}

/** The verified businesses a person owns (they may organise events on their behalf). */
export async function verifiedBusinessesOwnedBy(userId: string, executor: Executor = getDb()) {
  return executor
    .select({ id: businesses.id, name: businesses.name, slug: businesses.slug })
    .from(businesses)
    .where(and(eq(businesses.ownerId, userId), eq(businesses.status, "verified")))
    .orderBy(asc(businesses.name));
}
