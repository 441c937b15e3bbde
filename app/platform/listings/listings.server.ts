import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { businesses } from "./schema";

// What every area may read of a listing: who may edit it, its name and label, and the listings a
// person runs. The directory owns the rest of a listing (hours, menu, photos, reviews).

export interface EditableRow {
  id: string;
  ownerId: string | null;
  createdBy: string | null;
  status: string;
}

/** What canEditBusiness decides on, read where the business is loaded. */
export const editableRowColumns = {
  id: businesses.id,
  ownerId: businesses.ownerId,
  createdBy: businesses.createdBy,
  status: businesses.status,
};

/** Who a listing belongs to for editing: its owner, else its creator until it is verified. */
function editingOwner(business: EditableRow): string | null {
  if (business.ownerId) return business.ownerId;
  return business.status !== "verified" ? business.createdBy : null;
}

export function canEditBusiness(business: EditableRow, actor: Actor): boolean {
  return can(actor, "update:business:own", { ownerId: editingOwner(business) });
}

/** Locks a business for a write by someone who may edit it; anyone else gets "not found". */
export async function lockEditable(tx: Executor, id: string, actor: Actor): Promise<EditableRow> {
  const [row] = await tx.select(editableRowColumns).from(businesses).where(eq(businesses.id, id)).for("update");
  // A business someone may not edit looks the same as one that does not exist.
  if (!row || !canEditBusiness(row, actor)) throw new AppError("not_found", "directory:errors.notFound");
  return row;
}

/** A business someone may edit, read without a lock (for checks and reads); anyone else gets "not found". */
export async function findEditable(id: string, actor: Actor, executor: Executor = getDb()): Promise<EditableRow> {
  const [row] = await executor.select(editableRowColumns).from(businesses).where(eq(businesses.id, id));
  if (!row || !canEditBusiness(row, actor)) throw new AppError("not_found", "directory:errors.notFound");
  return row;
}

/** The signed-in user's listings: those they own and those they started and are waiting on. */
export async function listMyBusinesses(options: { actor: Actor }) {
  return getDb()
    .select({
      id: businesses.id,
      slug: businesses.slug,
      name: businesses.name,
      category: businesses.category,
      status: businesses.status,
      isPremium: businesses.isPremium,
      ownerId: businesses.ownerId,
      rating: businesses.ratingAverage,
      reviewCount: businesses.reviewCount,
      updatedAt: businesses.updatedAt,
    })
    .from(businesses)
    .where(
      or(
        eq(businesses.ownerId, options.actor.id),
        and(isNull(businesses.ownerId), eq(businesses.createdBy, options.actor.id)),
      ),
    )
    .orderBy(desc(businesses.updatedAt))
    .limit(100);
}

/** Name, address and state of businesses by id (other domains' lists: advertisers, say). */
export async function businessLabels(ids: readonly string[], executor: Executor = getDb()) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<string, { id: string; name: string; slug: string; status: string }>();
  const rows = await executor
    .select({ id: businesses.id, name: businesses.name, slug: businesses.slug, status: businesses.status })
    .from(businesses)
    .where(inArray(businesses.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Businesses by id, for the admin's claim list. */
export async function businessNames(ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await getDb()
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .where(inArray(businesses.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Which of these business slugs have a public (verified) directory page (guides link only to those). */
export async function verifiedBusinessSlugs(slugs: string[]): Promise<Set<string>> {
  if (!slugs.length) return new Set();
  const rows = await getDb()
    .select({ slug: businesses.slug })
    .from(businesses)
    .where(and(inArray(businesses.slug, slugs), eq(businesses.status, "verified")));
  return new Set(rows.map((row) => row.slug));
}
