import { and, asc, eq } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { canEditBusiness, editableRowColumns } from "#app/platform/listings/listings.server";
import { businesses } from "#app/platform/listings/schema";
import { listingsWithPlanFeature } from "#app/platform/plans/subscription.server";
import { getPublicBusiness, type PublicBusiness } from "./business.server";
import type { LandingPageInput } from "./forms";
import { selectGallery } from "./listing-rows.server";
import { updateBusinessDetails } from "./manage.server";
import { businessSlugRedirects } from "./schema";

/** The plan feature behind the landing page section (premium unlocks SEO). */
export const seoFeature = "seo";

/** The current slug of a verified business that used to be at `slug`, or null. */
export async function currentSlugFor(slug: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ slug: businesses.slug })
    .from(businessSlugRedirects)
    .innerJoin(businesses, eq(businesses.id, businessSlugRedirects.businessId))
    .where(and(eq(businessSlugRedirects.slug, slug.toLowerCase().slice(0, 80)), eq(businesses.status, "verified")))
    .limit(1);
  return row?.slug ?? null;
}

/**
 * A listing's public page by its slug or, when no listing has that slug but one used to, where it
 * moved (the owner changed the address). The old addresses are read only when the slug misses,
 * not before every page view.
 */
export async function findPublicBusiness(
  options: Parameters<typeof getPublicBusiness>[0],
): Promise<{ business: PublicBusiness; movedTo?: undefined } | { business?: undefined; movedTo: string }> {
  try {
    return { business: await getPublicBusiness(options) };
  } catch (error) {
    if (!(error instanceof AppError && error.code === "not_found")) throw error;
    const movedTo = await currentSlugFor(options.slug);
    if (!movedTo) throw error;
    return { movedTo };
  }
}

async function editableOrMissing(executor: Executor, businessId: string, actor: Actor) {
  const [row] = await executor.select(editableRowColumns).from(businesses).where(eq(businesses.id, businessId));
  // Someone else's business looks the same as one that does not exist.
  if (!row || !canEditBusiness(row, actor)) throw new AppError("not_found", "directory:errors.notFound");
  return row;
}

/** What the landing page section shows: the fields, the cover for the card, the old addresses. */
export async function getLandingPage(options: { actor: Actor; businessId: string }) {
  const db = getDb();
  await editableOrMissing(db, options.businessId, options.actor);
  const [row] = await db
    .select({
      id: businesses.id,
      slug: businesses.slug,
      name: businesses.name,
      status: businesses.status,
      category: businesses.category,
      descriptionEn: businesses.descriptionEn,
      descriptionEs: businesses.descriptionEs,
      metaTitleEn: businesses.metaTitleEn,
      metaTitleEs: businesses.metaTitleEs,
      metaDescriptionEn: businesses.metaDescriptionEn,
      metaDescriptionEs: businesses.metaDescriptionEs,
      seoKeywords: businesses.seoKeywords,
      specialtiesEn: businesses.specialtiesEn,
      specialtiesEs: businesses.specialtiesEs,
    })
    .from(businesses)
    .where(eq(businesses.id, options.businessId));
  const [premium, gallery, oldSlugs] = await Promise.all([
    listingsWithPlanFeature([row.id], seoFeature),
    selectGallery(db, row.id),
    db
      .select({ slug: businessSlugRedirects.slug, createdAt: businessSlugRedirects.createdAt })
      .from(businessSlugRedirects)
      .where(eq(businessSlugRedirects.businessId, row.id))
      .orderBy(asc(businessSlugRedirects.createdAt)),
  ]);
  const cover = gallery[0];
  return {
    business: row,
    hasSeo: premium.has(row.id),
    cover: cover ? { key: cover.key, widths: cover.widths } : null,
    oldSlugs: oldSlugs.map((old) => ({ slug: old.slug, since: old.createdAt.toISOString() })),
  };
}

/**
 * Saves the landing page: a premium ("seo") listing's own address, search snippet, keywords and
 * specialties. A slug change keeps the old address as a permanent redirect (updateBusinessDetails).
 */
export async function saveLandingPage(
  options: { actor: Actor; businessId: string; input: LandingPageInput },
  executor?: Executor,
) {
  await inTransaction(executor, async (tx) => {
    await editableOrMissing(tx, options.businessId, options.actor);
    if (!(await listingsWithPlanFeature([options.businessId], seoFeature, tx)).has(options.businessId))
      throw new AppError("forbidden", "owner:gate.seo.refused");
    await updateBusinessDetails({ id: options.businessId, actor: options.actor, changes: options.input }, tx);
  });
}
