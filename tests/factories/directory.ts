// Directory rows for tests: minimal direct inserts of what a listing, its review or claim is,
// then the same derived state the domain keeps (rating totals, the search index), so what a test
// creates looks to the site exactly like a business created through the dashboard.

import { eq } from "drizzle-orm";
import type { BusinessCategory } from "#app/features/directory/constants";
import type { OpeningPeriod } from "#app/features/directory/hours";
import { indexBusiness } from "#app/features/directory/indexing.server";
import { recomputeBusinessRating } from "#app/features/directory/ratings.server";
import {
  businessClaims,
  businessClosures,
  businessHours,
  businessImages,
  menuItems,
  reviews,
} from "#app/features/directory/schema";
import { getDb } from "#app/lib/db.server";
import { businesses } from "#app/platform/listings/schema";
import { subscriptions } from "#app/platform/plans/schema";
import { createTestUser } from "./accounts";
import { uniqueId } from "./unique";

/** Open every day 08:00–17:00: a listing that is open at midday and closed at night. */
export const dayHours: OpeningPeriod[] = Array.from({ length: 7 }, (_, weekday) => ({
  weekday,
  opensAt: 8 * 60,
  closesAt: 17 * 60,
}));

export interface BusinessOptions {
  name?: string;
  slug?: string;
  category?: BusinessCategory;
  /** An area slug from the site configuration (the baseline has playa-flamingo, surfside, brasilito, huacas, las-catalinas). */
  area?: string;
  status?: "verified" | "pending" | "draft";
  premium?: boolean;
  /** The verified owner: a user id, or "new" for a fresh user with the business_owner role. */
  owner?: string | "new";
  createdBy?: string;
  descriptionEn?: string;
  descriptionEs?: string;
  specialtiesEn?: string[];
  specialtiesEs?: string[];
  keywords?: string[];
  address?: string;
  /** Directions from landmarks; none unless given. */
  directionsEn?: string;
  directionsEs?: string;
  phone?: string | null;
  whatsapp?: string | null;
  email?: string | null;
  website?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  /** Weekly periods; default dayHours, [] for none. */
  hours?: OpeningPeriod[];
  closures?: {
    startsOn: string;
    endsOn: string;
    kind?: "holiday" | "seasonal" | "other";
    noteEn?: string;
    noteEs?: string;
  }[];
  menu?: { nameEn: string; nameEs?: string; priceMinor?: number | null; currency?: "USD" | "CRC" }[];
  /** Gallery rows (no image files are written: for pages that list photos, not serve them). */
  images?: number;
  isDemo?: boolean;
  /** What the place accepts and offers, and the languages spoken (directory constants). */
  offerings?: string[];
  spokenLanguages?: string[];
}

export type TestBusiness = Awaited<ReturnType<typeof createBusiness>>;

/** A listing, verified (public) unless asked otherwise; unique name and slug per call. */
export async function createBusiness(options: BusinessOptions = {}) {
  const db = getDb();
  const tag = uniqueId("biz");
  const name = options.name ?? `Test Business ${tag}`;
  const slug = options.slug ?? tag;
  const status = options.status ?? "verified";
  const ownerId = options.owner === "new" ? (await createTestUser({ roles: ["business_owner"] })).id : options.owner;
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(businesses)
      .values({
        slug,
        name,
        category: options.category ?? "restaurant",
        areaSlug: options.area ?? "playa-flamingo",
        address: options.address ?? "Main road, Playa Flamingo",
        directionsEn: options.directionsEn ?? "",
        directionsEs: options.directionsEs ?? "",
        latitude: options.latitude === undefined ? 10.4335 : options.latitude,
        longitude: options.longitude === undefined ? -85.7926 : options.longitude,
        phone: options.phone === undefined ? "+506 0000 1234" : options.phone,
        whatsapp: options.whatsapp ?? null,
        email: options.email === undefined ? `${slug}@example.test` : options.email,
        website: options.website === undefined ? null : options.website,
        descriptionEn: options.descriptionEn ?? "A local business on the coast.",
        descriptionEs: options.descriptionEs ?? "Un negocio local en la costa.",
        specialtiesEn: options.specialtiesEn ?? [],
        specialtiesEs: options.specialtiesEs ?? [],
        keywords: options.keywords ?? [],
        offerings: options.offerings ?? [],
        spokenLanguages: options.spokenLanguages ?? [],
        status,
        isPremium: options.premium ?? false,
        ownerId: ownerId ?? null,
        createdBy: options.createdBy ?? ownerId ?? null,
        isDemo: options.isDemo ?? false,
        submittedAt: status === "draft" ? null : now,
        verifiedAt: status === "verified" ? now : null,
      })
      .returning({ id: businesses.id });
    const hours = options.hours ?? dayHours;
    if (hours.length) await tx.insert(businessHours).values(hours.map((period) => ({ businessId: row.id, ...period })));
    if (options.closures?.length)
      await tx.insert(businessClosures).values(options.closures.map((closure) => ({ businessId: row.id, ...closure })));
    if (options.menu?.length)
      await tx.insert(menuItems).values(
        options.menu.map((item, sortOrder) => ({
          businessId: row.id,
          nameEn: item.nameEn,
          nameEs: item.nameEs ?? item.nameEn,
          priceMinor: item.priceMinor ?? null,
          currency: item.currency ?? "USD",
          sortOrder,
        })),
      );
    for (let n = 0; n < (options.images ?? 0); n++) {
      await tx.insert(businessImages).values({
        businessId: row.id,
        storageKey: `test/${slug}-${n}`,
        widths: [480],
        width: 480,
        height: 320,
        altEn: `${name} photo ${n + 1}`,
        altEs: `${name} foto ${n + 1}`,
        sortOrder: n,
      });
    }
    await indexBusiness(row.id, tx);
    return row.id;
  });
  return { id, slug, name, status, ownerId: ownerId ?? null, areaSlug: options.area ?? "playa-flamingo" };
}

/** A published review by a fresh user (or `author`), with the business's rating kept in step. */
export async function createReview(options: {
  businessId: string;
  author?: string;
  rating?: 1 | 2 | 3 | 4 | 5;
  body?: string;
  language?: "en" | "es";
  status?: "published" | "hidden";
  createdAt?: Date;
}) {
  const db = getDb();
  const author = options.author ?? (await createTestUser()).id;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({
        businessId: options.businessId,
        userId: author,
        rating: options.rating ?? 5,
        body: options.body ?? `Test review ${uniqueId("review")}: friendly and quick.`,
        language: options.language ?? "en",
        status: options.status ?? "published",
        ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
      })
      .returning();
    await recomputeBusinessRating(options.businessId, tx);
    return row;
  });
}

/** A claim on a business by a fresh user (or `userId`), pending unless asked otherwise. */
export async function createClaim(options: {
  businessId: string;
  userId?: string;
  claimType?: "business_owner" | "authorized_manager" | "information_correction";
  status?: "pending" | "approved" | "rejected";
}) {
  const userId = options.userId ?? (await createTestUser()).id;
  const [row] = await getDb()
    .insert(businessClaims)
    .values({
      businessId: options.businessId,
      userId,
      claimType: options.claimType ?? "business_owner",
      verificationMethod: "email",
      contactDetails: `${userId}@example.test`,
      additionalInfo: "",
      status: options.status ?? "pending",
      decidedAt: options.status && options.status !== "pending" ? new Date() : null,
    })
    .returning();
  return row;
}

/** A verified listing on the premium plan: a live subscription for it, as billing writes one. */
export async function createPremiumListing(ownerId: string, options: BusinessOptions = {}) {
  const business = await createBusiness({ ...options, owner: ownerId, premium: true });
  await getDb().insert(subscriptions).values({ userId: ownerId, businessId: business.id, planId: "premium" });
  return business;
}

/** Whether the listing shows as premium now (what its plan's sync last wrote). */
export async function isPremium(id: string) {
  const [row] = await getDb().select({ isPremium: businesses.isPremium }).from(businesses).where(eq(businesses.id, id));
  return row.isPremium;
}
