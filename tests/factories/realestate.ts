// Real estate for tests: properties written straight into the table (published without the
// listing form and the queue), and an actor holding the agent plan.

import { agentPlanPermission } from "#app/features/realestate/constants";
import { indexProperty } from "#app/features/realestate/indexing.server";
import { properties } from "#app/features/realestate/schema";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { userGrants } from "#app/platform/people/schema";
import { uniqueId } from "./unique";

export interface TestPropertyOptions {
  ownerId: string;
  title?: string;
  listingType?: "sale" | "rent-long" | "rent-vacation";
  propertyType?: "house" | "condo" | "apartment" | "lot" | "commercial" | "farm";
  priceUsd?: number;
  bedrooms?: number;
  bathrooms?: number;
  areaSlug?: string;
  status?: "published" | "pending" | "hidden" | "deleted";
  contactEmail?: string;
  inMaritimeZone?: boolean;
  titleType?: "titled" | "concession";
  agentListing?: boolean;
  publishedAt?: Date;
}

export async function createTestProperty(options: TestPropertyOptions) {
  const tag = uniqueId("prop")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  const [row] = await getDb()
    .insert(properties)
    .values({
      slug: `test-${tag}`,
      ownerId: options.ownerId,
      title: options.title ?? `House ${tag}`,
      description: "A test property with a garden and a view of the hills.",
      listingType: options.listingType ?? "sale",
      propertyType: options.propertyType ?? "house",
      priceUsd: options.priceUsd ?? 300_000,
      bedrooms: options.bedrooms ?? 3,
      bathrooms: options.bathrooms ?? 2,
      areaSlug: options.areaSlug ?? "playa-flamingo",
      titleType: options.titleType ?? "titled",
      inMaritimeZone: options.inMaritimeZone ?? false,
      contactName: "Test Lister",
      contactEmail: options.contactEmail ?? `${tag}@example.test`,
      preferredContact: "email",
      agentListing: options.agentListing ?? false,
      status: options.status ?? "published",
      publishedAt: options.publishedAt ?? new Date(),
    })
    .returning();
  await indexProperty(row.id);
  return row;
}

/** Gives the user the agent plan as an admin's grant would (without the audit row) and answers their actor. */
export async function makeAgent(userId: string): Promise<Actor> {
  await getDb()
    .insert(userGrants)
    .values({ userId, permission: agentPlanPermission, scopeType: null, scopeId: null })
    .onConflictDoNothing();
  return { id: userId, role: "user", grants: [{ permission: agentPlanPermission, scopeType: null, scopeId: null }] };
}
