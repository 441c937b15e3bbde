import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { logger } from "#app/lib/logger.server";
import { deleteImageVariants, storeImageVariants, storeOrRefuseImage } from "#app/lib/storage.server";
import { canEditBusiness, editableRowColumns, findEditable } from "#app/platform/listings/listings.server";
import { businesses } from "#app/platform/listings/schema";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { imageWidths, maxGalleryImages } from "./constants";
import { businessImages } from "./schema";

/** A phone photo is a few megabytes; anything over this is not a photo of a shop front. */
export const maxImageBytes = 8 * 1024 * 1024;

async function assertEditable(id: string, actor: Actor) {
  const [row] = await getDb().select(editableRowColumns).from(businesses).where(eq(businesses.id, id));
  if (!row || !canEditBusiness(row, actor)) throw new AppError("not_found", "directory:errors.notFound");
  return row;
}

/**
 * Adds a photo to a gallery: checked by its bytes (JPEG, PNG or WebP), size-limited, re-encoded
 * to WebP at each gallery width (metadata, GPS included, dropped) and stored through the storage
 * module. The files are written before the row; if the row cannot be written they are removed.
 */
export async function addBusinessImage(options: {
  id: string;
  actor: Actor;
  bytes: Uint8Array;
  altEn: string;
  altEs: string;
}) {
  const business = await assertEditable(options.id, options.actor);
  const [{ n }] = await getDb()
    .select({ n: count() })
    .from(businessImages)
    .where(eq(businessImages.businessId, business.id));
  if (Number(n) >= maxGalleryImages)
    throw new AppError("conflict", "directory:errors.tooManyImages", { max: maxGalleryImages });
  const stored = await storeOrRefuseImage(
    { field: "photo", messageKey: (reason) => `directory:errors.image.${reason}`, maxBytes: maxImageBytes },
    () =>
      storeImageVariants({ bytes: options.bytes, prefix: "businesses", maxBytes: maxImageBytes, widths: imageWidths }),
  );
  try {
    // Owns its transaction: the files are already stored and must go if this insert fails.
    return await insertImage({
      actor: options.actor,
      businessId: business.id,
      stored,
      altEn: options.altEn,
      altEs: options.altEs,
    });
  } catch (error) {
    await deleteImageVariants(stored.key, stored.widths).catch((cleanup) =>
      logger.warn({ err: cleanup }, "could not remove orphaned image"),
    );
    throw error;
  }
}

/** addBusinessImage's row, once the files are stored. */
const insertImage = defineWrite(
  { contentKinds: ["businesses"] },
  async (
    options: {
      actor: Actor;
      businessId: string;
      stored: Awaited<ReturnType<typeof storeImageVariants>>;
      altEn: string;
      altEs: string;
    },
    tx: Executor,
  ) => {
    const { businessId, stored } = options;
    // Re-checked under the lock: two uploads at once must not pass the limit together.
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for("update");
    const [{ n: current, last }] = await tx
      .select({ n: count(), last: sql<number>`coalesce(max(${businessImages.sortOrder}), -1)` })
      .from(businessImages)
      .where(eq(businessImages.businessId, businessId));
    if (Number(current) >= maxGalleryImages)
      throw new AppError("conflict", "directory:errors.tooManyImages", { max: maxGalleryImages });
    const [row] = await tx
      .insert(businessImages)
      .values({
        businessId,
        storageKey: stored.key,
        widths: stored.widths,
        width: stored.width,
        height: stored.height,
        altEn: options.altEn,
        altEs: options.altEs,
        sortOrder: Number(last) + 1,
        createdBy: options.actor.id,
      })
      .returning({ id: businessImages.id });
    await tx.update(businesses).set({ updatedAt: new Date() }).where(eq(businesses.id, businessId));
    return row;
  },
);

export async function deleteBusinessImage(options: { id: string; actor: Actor; imageId: string }) {
  const business = await assertEditable(options.id, options.actor);
  // Owns its transaction: the files are removed only once the row's deletion is committed.
  const [removed] = await deleteImageRow({ actor: options.actor, businessId: business.id, imageId: options.imageId });
  if (!removed) throw new AppError("not_found", "directory:errors.notFound");
  await deleteImageVariants(removed.key, removed.widths).catch((error) =>
    logger.warn({ err: error }, "could not remove image files"),
  );
}

/** deleteBusinessImage's row; the files go after the commit. */
const deleteImageRow = defineWrite(
  { contentKinds: (rows) => (rows.length ? ["businesses"] : []) },
  async (options: { actor: Actor; businessId: string; imageId: string }, tx: Executor) =>
    tx
      .delete(businessImages)
      .where(and(eq(businessImages.id, options.imageId), eq(businessImages.businessId, options.businessId)))
      .returning({ key: businessImages.storageKey, widths: businessImages.widths }),
);

/** Makes a photo the cover (first in the gallery). */
export const makeCoverImage = defineWrite(
  { contentKinds: ["businesses"] },
  async (options: { id: string; actor: Actor; imageId: string }, tx: Executor) => {
    const business = await findEditable(options.id, options.actor, tx);
    const images = await tx
      .select({ id: businessImages.id })
      .from(businessImages)
      .where(eq(businessImages.businessId, business.id))
      .orderBy(asc(businessImages.sortOrder), asc(businessImages.createdAt))
      .for("update");
    if (!images.some((image) => image.id === options.imageId))
      throw new AppError("not_found", "directory:errors.notFound");
    const order = [options.imageId, ...images.map((image) => image.id).filter((id) => id !== options.imageId)];
    for (const [index, id] of order.entries())
      await tx.update(businessImages).set({ sortOrder: index }).where(eq(businessImages.id, id));
  },
);
