import { and, count, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { businesses } from "#app/platform/listings/schema";
import { countRecentViews } from "./analytics.server";
import { businessHours, businessImages, menuItems } from "./schema";

/** What an owner should do next on a listing, in the order the overview suggests it. */
export type NextStep = "hours" | "photos" | "translation" | "menu" | "submit";

// Categories whose visitors expect a menu (or a price list) on the page.
const menuCategories = new Set(["restaurant"]);

/**
 * The overview's card per business of the person (owned, or started and not yet verified): its
 * status, its views over the last 7 days (owned ones), and what is missing. Read-only.
 */
export async function listOwnerOverview(options: { actor: Actor; now?: Date }) {
  const db = getDb();
  const rows = await db
    .select({
      id: businesses.id,
      slug: businesses.slug,
      name: businesses.name,
      category: businesses.category,
      status: businesses.status,
      ownerId: businesses.ownerId,
      descriptionEn: businesses.descriptionEn,
      descriptionEs: businesses.descriptionEs,
    })
    .from(businesses)
    .where(
      or(
        and(isNotNull(businesses.ownerId), eq(businesses.ownerId, options.actor.id)),
        and(isNull(businesses.ownerId), eq(businesses.createdBy, options.actor.id)),
      ),
    )
    .orderBy(businesses.name)
    .limit(100);
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const countBy = async (table: typeof businessHours | typeof businessImages | typeof menuItems) => {
    const counted = await db
      .select({ businessId: table.businessId, n: count() })
      .from(table)
      .where(inArray(table.businessId, ids))
      .groupBy(table.businessId);
    return new Map(counted.map((item) => [item.businessId, Number(item.n)]));
  };
  const [hours, photos, menu, views] = await Promise.all([
    countBy(businessHours),
    countBy(businessImages),
    countBy(menuItems),
    countRecentViews({ actor: options.actor, businessIds: ids, now: options.now }),
  ]);
  return rows.map((row) => {
    const steps: NextStep[] = [];
    if (!hours.get(row.id)) steps.push("hours");
    if (!photos.get(row.id)) steps.push("photos");
    if (!row.descriptionEn.trim() || !row.descriptionEs.trim()) steps.push("translation");
    if (menuCategories.has(row.category) && !menu.get(row.id)) steps.push("menu");
    if (row.status === "draft") steps.push("submit");
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      status: row.status,
      owned: row.ownerId === options.actor.id,
      viewsLast7Days: row.ownerId === options.actor.id ? (views.get(row.id) ?? 0) : null,
      nextSteps: steps,
    };
  });
}
