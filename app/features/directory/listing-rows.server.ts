import { asc, eq } from "drizzle-orm";
import type { Executor } from "#app/lib/db.server";
import { businesses } from "#app/platform/listings/schema";
import { businessClosures, businessHours, businessImages } from "./schema";

// The public page and the edit forms read a listing's hours and gallery the same way, so the
// order a visitor sees is the order its owner edits.

/** The columns that name a listing and place it in the directory, for cards, pages and lists. */
export const listingIdentityColumns = {
  id: businesses.id,
  slug: businesses.slug,
  name: businesses.name,
  category: businesses.category,
  areaSlug: businesses.areaSlug,
};

/** A closure as openStatus and the closures list read it. */
export const closureColumns = {
  startsOn: businessClosures.startsOn,
  endsOn: businessClosures.endsOn,
  kind: businessClosures.kind,
  noteEn: businessClosures.noteEn,
  noteEs: businessClosures.noteEs,
};

/** Weekly opening periods, by weekday and then opening time. */
export function selectOpeningHours(db: Executor, businessId: string) {
  return db
    .select({ weekday: businessHours.weekday, opensAt: businessHours.opensAt, closesAt: businessHours.closesAt })
    .from(businessHours)
    .where(eq(businessHours.businessId, businessId))
    .orderBy(asc(businessHours.weekday), asc(businessHours.opensAt));
}

/** The gallery in the order its owner arranged it (ties: oldest first). */
/** What a picture needs to be drawn anywhere (card, gallery, lightbox), in both languages. */
export const imageColumns = {
  key: businessImages.storageKey,
  widths: businessImages.widths,
  width: businessImages.width,
  height: businessImages.height,
  altEn: businessImages.altEn,
  altEs: businessImages.altEs,
};

export function selectGallery(db: Executor, businessId: string) {
  return db
    .select({ id: businessImages.id, ...imageColumns })
    .from(businessImages)
    .where(eq(businessImages.businessId, businessId))
    .orderBy(asc(businessImages.sortOrder), asc(businessImages.createdAt));
}
