import { and, asc, eq } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { logger } from "#app/lib/logger.server";
import { deleteImageVariants, storeImageVariants, storeOrRefuseImage } from "#app/lib/storage.server";
import { lockEditable } from "#app/platform/listings/listings.server";
import { businesses } from "#app/platform/listings/schema";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { maxImageBytes } from "./images.server";
import { menuItems } from "./schema";

// The menu editor's writes beyond saving and deleting an item (manage.server.ts): its order and
// its photos. Every one locks the business as someone allowed to edit it.

/** A dish photo is small on the page: two widths are enough. */
const menuImageWidths = [320, 640] as const;

/**
 * Moves an item one place up or down. The order is renumbered 0…n-1 first, so items that were
 * added with equal sort orders (imports, the seed) move predictably.
 */
export const moveMenuItem = defineWrite(
  // Answers whether the item moved: already first (or last), nothing changes.
  { contentKinds: (moved) => (moved ? ["businesses"] : []) },
  async (options: { id: string; actor: Actor; itemId: string; direction: "up" | "down" }, tx: Executor) => {
    const row = await lockEditable(tx, options.id, options.actor);
    const items = await tx
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(eq(menuItems.businessId, row.id))
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.nameEn), asc(menuItems.id));
    const index = items.findIndex((item) => item.id === options.itemId);
    if (index < 0) throw new AppError("not_found", "directory:errors.notFound");
    const target = options.direction === "up" ? index - 1 : index + 1;
    // Already first or last: nothing to do, and nothing to say.
    if (target < 0 || target >= items.length) return false;
    const order = items.map((item) => item.id);
    [order[index], order[target]] = [order[target], order[index]];
    for (const [position, id] of order.entries())
      await tx.update(menuItems).set({ sortOrder: position }).where(eq(menuItems.id, id));
    await tx.update(businesses).set({ updatedAt: new Date() }).where(eq(businesses.id, row.id));
    return true;
  },
);

/**
 * Gives a dish its photo through the gallery's pipeline (checked by its bytes, re-encoded as WebP,
 * metadata dropped). The files are written before the row; if the row cannot be written they go,
 * and a replaced photo's files go once the new one is committed.
 */
export async function setMenuItemPhoto(options: { id: string; actor: Actor; itemId: string; bytes: Uint8Array }) {
  // Checked before the encoding work: someone else's business costs nothing.
  await getDb().transaction((tx) => lockEditable(tx, options.id, options.actor));
  const stored = await storeOrRefuseImage(
    { field: "photo", messageKey: (reason) => `directory:errors.image.${reason}`, maxBytes: maxImageBytes },
    () =>
      storeImageVariants({ bytes: options.bytes, prefix: "menu", maxBytes: maxImageBytes, widths: menuImageWidths }),
  );
  let previous: { key: string | null; widths: number[] | null } | undefined;
  try {
    previous = await replaceMenuPhoto({ id: options.id, actor: options.actor, itemId: options.itemId, stored });
  } catch (error) {
    await deleteImageVariants(stored.key, stored.widths).catch((cleanup) =>
      logger.warn({ err: cleanup }, "could not remove an orphaned menu photo"),
    );
    throw error;
  }
  if (previous?.key && previous.widths)
    await deleteImageVariants(previous.key, previous.widths).catch((error) =>
      logger.warn({ err: error }, "could not remove a replaced menu photo"),
    );
}

/**
 * Points a dish at its new photo files (null: none), answering the files it had; those are removed
 * by the caller once this is committed.
 */
const replaceMenuPhoto = defineWrite(
  { contentKinds: ["businesses"] },
  async (
    options: { id: string; actor: Actor; itemId: string; stored: { key: string; widths: number[] } | null },
    tx: Executor,
  ) => {
    const row = await lockEditable(tx, options.id, options.actor);
    const [item] = await tx
      .select({ key: menuItems.imageKey, widths: menuItems.imageWidths })
      .from(menuItems)
      .where(and(eq(menuItems.id, options.itemId), eq(menuItems.businessId, row.id)))
      .for("update");
    if (!item) throw new AppError("not_found", "directory:errors.notFound");
    await tx
      .update(menuItems)
      .set({ imageKey: options.stored?.key ?? null, imageWidths: options.stored?.widths ?? null })
      .where(eq(menuItems.id, options.itemId));
    return item;
  },
);

/** Removes a dish's photo (the item stays). */
export async function removeMenuItemPhoto(options: { id: string; actor: Actor; itemId: string }) {
  const removed = await replaceMenuPhoto({ ...options, stored: null });
  if (removed.key && removed.widths)
    await deleteImageVariants(removed.key, removed.widths).catch((error) =>
      logger.warn({ err: error }, "could not remove a menu photo"),
    );
}
