import { and, asc, count, eq, getTableColumns, ilike, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { escapeLike } from "#app/lib/sql";
import { grantRole } from "#app/platform/accounts/users.server";
import { canEditBusiness, lockEditable } from "#app/platform/listings/listings.server";
import { businesses } from "#app/platform/listings/schema";
import { userSummaries } from "#app/platform/people/people.server";
import { areaExists } from "#app/platform/site/site-config.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { slugCandidate, slugify } from "../../lib/slug";
import { syncOwnerPremium } from "../../platform/plans/premium.server";
import type { BusinessStatus, ClosureKind, DietaryTag, MenuCurrency } from "./constants";
import type { AboutInput, BasicsInput, ContactInput, OfferingsInput, SeoInput } from "./forms";
import type { OpeningPeriod } from "./hours";
import { indexBusiness } from "./indexing.server";
import { closureColumns, listingIdentityColumns, selectGallery, selectOpeningHours } from "./listing-rows.server";
import { businessClosures, businessHours, businessSlugRedirects, menuItems } from "./schema";

// Creating and editing listings. Every function takes the acting user and decides, per business,
// whether they may touch it: its owner, the person who started it while it is not yet verified,
// or an admin. The route's guard only says "signed in"; this is where ownership is checked.

async function assertAreaExists(tx: Executor, slug: string) {
  if (!(await areaExists(slug, tx))) throw new AppError("invalid", "directory:errors.areaRequired", { field: "area" });
}

/**
 * A free slug: the one asked for (refused with a clear message when taken), or one made from the
 * name with -2, -3… when that is taken.
 */
async function chooseSlug(
  tx: Executor,
  options: { requested: string; name: string; exceptId?: string },
): Promise<string> {
  const taken = async (slug: string) => {
    const [row] = await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.slug, slug), options.exceptId ? ne(businesses.id, options.exceptId) : undefined));
    if (row) return true;
    // Another business's old address keeps redirecting to it: it is not free either.
    const [moved] = await tx
      .select({ id: businessSlugRedirects.businessId })
      .from(businessSlugRedirects)
      .where(
        and(
          eq(businessSlugRedirects.slug, slug),
          options.exceptId ? ne(businessSlugRedirects.businessId, options.exceptId) : undefined,
        ),
      );
    return Boolean(moved);
  };
  if (options.requested) {
    if (await taken(options.requested))
      throw new AppError("conflict", "directory:errors.slugTaken", { field: "slug", slug: options.requested });
    return options.requested;
  }
  const base = slugify(options.name) || "business";
  for (let attempt = 1; attempt < 1000; attempt++) {
    const candidate = slugCandidate(base.length >= 3 ? base : `${base}-business`, attempt);
    if (!(await taken(candidate))) return candidate;
  }
  throw new AppError("conflict", "directory:errors.slugTaken", { field: "slug" });
}

/** Whether a slug is free (the form's "check" as the owner types, and the server's answer). */
export async function isSlugAvailable(options: { slug: string; exceptId?: string }) {
  const [row] = await getDb()
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.slug, options.slug), options.exceptId ? ne(businesses.id, options.exceptId) : undefined));
  return !row;
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

/** Step one of /list-business: a draft only its creator (and admins) can see. */
export const createDraftBusiness = defineWrite(
  // A draft is on no public page until it is verified.
  { permission: "create:business:any", contentKinds: [] },
  async (options: { actor: Actor; basics: BasicsInput }, tx: Executor) => {
    try {
      await assertAreaExists(tx, options.basics.area);
      // A person gets at most 20 unfinished listings: enough for a real owner, not for a flood.
      const [{ n }] = await tx
        .select({ n: count() })
        .from(businesses)
        .where(
          and(
            eq(businesses.createdBy, options.actor.id),
            isNull(businesses.ownerId),
            ne(businesses.status, "verified"),
          ),
        );
      if (Number(n) >= 20) throw new AppError("conflict", "directory:errors.tooManyDrafts");
      const slug = await chooseSlug(tx, { requested: options.basics.slug, name: options.basics.name });
      const [row] = await tx
        .insert(businesses)
        .values({
          name: options.basics.name,
          category: options.basics.category,
          areaSlug: options.basics.area,
          slug,
          status: "draft",
          createdBy: options.actor.id,
        })
        .returning({ id: businesses.id, slug: businesses.slug });
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("conflict", "directory:errors.slugTaken", { field: "slug" });
      throw error;
    }
  },
);

export type DetailsChanges = Partial<BasicsInput & AboutInput & ContactInput & OfferingsInput & SeoInput>;

/** Updates any of a business's fields; the search index follows in the same transaction. */
export const updateBusinessDetails = defineWrite(
  { contentKinds: ["businesses"] },
  async (options: { id: string; actor: Actor; changes: DetailsChanges }, tx: Executor) => {
    const c = options.changes;
    try {
      const row = await lockEditable(tx, options.id, options.actor);
      if (c.area !== undefined) await assertAreaExists(tx, c.area);
      let slug: string | undefined;
      if (c.slug !== undefined && c.slug !== "")
        slug = await chooseSlug(tx, { requested: c.slug, name: c.name ?? "", exceptId: row.id });
      if (slug) await keepOldSlug(tx, row.id, slug);
      await tx
        .update(businesses)
        .set({
          ...(c.name !== undefined ? { name: c.name } : {}),
          ...(c.category !== undefined ? { category: c.category } : {}),
          ...(c.area !== undefined ? { areaSlug: c.area } : {}),
          ...(slug ? { slug } : {}),
          ...(c.descriptionEn !== undefined ? { descriptionEn: c.descriptionEn } : {}),
          ...(c.descriptionEs !== undefined ? { descriptionEs: c.descriptionEs } : {}),
          ...(c.specialtiesEn !== undefined ? { specialtiesEn: c.specialtiesEn } : {}),
          ...(c.specialtiesEs !== undefined ? { specialtiesEs: c.specialtiesEs } : {}),
          ...(c.keywords !== undefined ? { keywords: c.keywords } : {}),
          ...(c.address !== undefined ? { address: c.address } : {}),
          ...(c.directionsEn !== undefined ? { directionsEn: c.directionsEn } : {}),
          ...(c.directionsEs !== undefined ? { directionsEs: c.directionsEs } : {}),
          ...(c.latitude !== undefined ? { latitude: c.latitude } : {}),
          ...(c.longitude !== undefined ? { longitude: c.longitude } : {}),
          ...(c.phone !== undefined ? { phone: c.phone || null } : {}),
          ...(c.whatsapp !== undefined ? { whatsapp: c.whatsapp || null } : {}),
          ...(c.email !== undefined ? { email: c.email || null } : {}),
          ...(c.website !== undefined ? { website: c.website || null } : {}),
          ...(c.metaTitleEn !== undefined ? { metaTitleEn: c.metaTitleEn || null } : {}),
          ...(c.metaTitleEs !== undefined ? { metaTitleEs: c.metaTitleEs || null } : {}),
          ...(c.metaDescriptionEn !== undefined ? { metaDescriptionEn: c.metaDescriptionEn || null } : {}),
          ...(c.metaDescriptionEs !== undefined ? { metaDescriptionEs: c.metaDescriptionEs || null } : {}),
          ...(c.seoKeywords !== undefined ? { seoKeywords: c.seoKeywords } : {}),
          ...(c.offerings !== undefined ? { offerings: c.offerings } : {}),
          ...(c.spokenLanguages !== undefined ? { spokenLanguages: c.spokenLanguages } : {}),
          updatedAt: new Date(),
        })
        .where(eq(businesses.id, row.id));
      await indexBusiness(row.id, tx);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("conflict", "directory:errors.slugTaken", { field: "slug" });
      throw error;
    }
  },
);

/**
 * A slug change keeps the old address: it is recorded as a redirect (301, forever) to this
 * business, and the new slug stops being one (an owner may go back to an old address).
 */
async function keepOldSlug(tx: Executor, businessId: string, newSlug: string) {
  const [current] = await tx.select({ slug: businesses.slug }).from(businesses).where(eq(businesses.id, businessId));
  if (!current || current.slug === newSlug) return;
  await tx
    .insert(businessSlugRedirects)
    .values({ slug: current.slug, businessId })
    .onConflictDoUpdate({ target: businessSlugRedirects.slug, set: { businessId, createdAt: new Date() } });
  await tx
    .delete(businessSlugRedirects)
    .where(and(eq(businessSlugRedirects.slug, newSlug), eq(businessSlugRedirects.businessId, businessId)));
}

/** Replaces the weekly hours as a whole: what the form shows is what is stored. */
export const replaceBusinessHours = defineWrite(
  { contentKinds: ["businesses"] },
  async (options: { id: string; actor: Actor; periods: OpeningPeriod[] }, tx: Executor) => {
    for (const period of options.periods) {
      const valid =
        Number.isInteger(period.weekday) &&
        period.weekday >= 0 &&
        period.weekday <= 6 &&
        period.opensAt >= 0 &&
        period.opensAt <= 1439 &&
        period.closesAt >= 1 &&
        period.closesAt <= 1440 &&
        period.closesAt !== period.opensAt;
      if (!valid) throw new AppError("invalid", "directory:errors.timeInvalid");
    }
    if (options.periods.length > 7 * 4) throw new AppError("invalid", "directory:errors.timeInvalid");
    const row = await lockEditable(tx, options.id, options.actor);
    await tx.delete(businessHours).where(eq(businessHours.businessId, row.id));
    if (options.periods.length)
      await tx.insert(businessHours).values(options.periods.map((period) => ({ businessId: row.id, ...period })));
    await tx.update(businesses).set({ updatedAt: new Date() }).where(eq(businesses.id, row.id));
  },
);

export const addClosure = defineWrite(
  { contentKinds: ["businesses"] },
  async (
    options: {
      id: string;
      actor: Actor;
      closure: { startsOn: string; endsOn: string; kind: ClosureKind; noteEn: string; noteEs: string };
    },
    tx: Executor,
  ) => {
    const row = await lockEditable(tx, options.id, options.actor);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(businessClosures)
      .where(eq(businessClosures.businessId, row.id));
    if (Number(n) >= 50) throw new AppError("conflict", "directory:errors.tooManyClosures");
    await tx.insert(businessClosures).values({ businessId: row.id, ...options.closure });
  },
);

export const removeClosure = defineWrite(
  { contentKinds: ["businesses"] },
  async (options: { id: string; actor: Actor; closureId: number }, tx: Executor) => {
    const row = await lockEditable(tx, options.id, options.actor);
    await tx
      .delete(businessClosures)
      .where(and(eq(businessClosures.id, options.closureId), eq(businessClosures.businessId, row.id)));
  },
);

export const saveMenuItem = defineWrite(
  { contentKinds: ["businesses"] },
  async (
    options: {
      id: string;
      actor: Actor;
      itemId?: string;
      item: {
        nameEn: string;
        nameEs: string;
        descriptionEn: string;
        descriptionEs: string;
        price: number | null;
        currency: MenuCurrency;
        available: boolean;
        sectionEn?: string;
        sectionEs?: string;
        dietaryTags?: DietaryTag[];
      };
    },
    tx: Executor,
  ) => {
    const priceMinor = options.item.price === null ? null : Math.round(options.item.price * 100);
    const row = await lockEditable(tx, options.id, options.actor);
    const values = {
      nameEn: options.item.nameEn || options.item.nameEs,
      nameEs: options.item.nameEs,
      descriptionEn: options.item.descriptionEn,
      descriptionEs: options.item.descriptionEs,
      priceMinor,
      currency: options.item.currency,
      available: options.item.available,
      // The listing editor's short form has no sections or tags: it leaves them as they are.
      ...(options.item.sectionEn !== undefined ? { sectionEn: options.item.sectionEn } : {}),
      ...(options.item.sectionEs !== undefined ? { sectionEs: options.item.sectionEs } : {}),
      ...(options.item.dietaryTags !== undefined ? { dietaryTags: [...new Set(options.item.dietaryTags)] } : {}),
    };
    if (options.itemId) {
      const updated = await tx
        .update(menuItems)
        .set(values)
        .where(and(eq(menuItems.id, options.itemId), eq(menuItems.businessId, row.id)))
        .returning({ id: menuItems.id });
      if (!updated.length) throw new AppError("not_found", "directory:errors.notFound");
    } else {
      const [{ n, last }] = await tx
        .select({ n: count(), last: sql<number>`coalesce(max(${menuItems.sortOrder}), -1)` })
        .from(menuItems)
        .where(eq(menuItems.businessId, row.id));
      if (Number(n) >= 100) throw new AppError("conflict", "directory:errors.tooManyMenuItems");
      await tx.insert(menuItems).values({ businessId: row.id, ...values, sortOrder: Number(last) + 1 });
    }
    // Dishes are searched for ("casado", "fish tacos"): the menu is part of the business's document.
    await indexBusiness(row.id, tx);
  },
);

export const deleteMenuItem = defineWrite(
  { contentKinds: ["businesses"] },
  async (options: { id: string; actor: Actor; itemId: string }, tx: Executor) => {
    const row = await lockEditable(tx, options.id, options.actor);
    await tx.delete(menuItems).where(and(eq(menuItems.id, options.itemId), eq(menuItems.businessId, row.id)));
    await indexBusiness(row.id, tx);
  },
);

// The search columns are derived (triggers) and large; no form shows them.
const { searchWords: _words, searchNames: _names, openWeek: _week, ...editableColumns } = getTableColumns(businesses);

/** Everything the edit forms show, for someone allowed to edit it. */
export async function getEditableBusiness(options: { id: string; actor: Actor }) {
  const db = getDb();
  const [row] = await db.select(editableColumns).from(businesses).where(eq(businesses.id, options.id));
  if (!row || !canEditBusiness(row, options.actor)) throw new AppError("not_found", "directory:errors.notFound");
  const [hours, closures, menu, images] = await Promise.all([
    selectOpeningHours(db, row.id),
    db
      .select({ id: businessClosures.id, ...closureColumns })
      .from(businessClosures)
      .where(eq(businessClosures.businessId, row.id))
      .orderBy(asc(businessClosures.startsOn)),
    db.select().from(menuItems).where(eq(menuItems.businessId, row.id)).orderBy(asc(menuItems.sortOrder)),
    selectGallery(db, row.id),
  ]);
  return { business: row, hours, closures, menu, images };
}

/** What is still missing before a listing can be sent for review (field names). */
export function missingForSubmission(business: {
  name: string;
  address: string;
  directionsEn?: string;
  directionsEs?: string;
  descriptionEn: string;
  descriptionEs: string;
}): string[] {
  const missing: string[] = [];
  if (!business.name.trim()) missing.push("name");
  if (!business.descriptionEn.trim() && !business.descriptionEs.trim()) missing.push("description");
  if (!business.address.trim() && !business.directionsEn?.trim() && !business.directionsEs?.trim())
    missing.push("address");
  return missing;
}

/** The last step of /list-business: the draft goes to the admins' queue as pending. */
export const submitBusinessForReview = defineWrite(
  { contentKinds: ["businesses"] },
  async (options: { id: string; actor: Actor }, tx: Executor) => {
    const row = await lockEditable(tx, options.id, options.actor);
    if (row.status !== "draft") throw new AppError("conflict", "directory:errors.notDraft");
    const [business] = await tx
      .select({
        name: businesses.name,
        address: businesses.address,
        directionsEn: businesses.directionsEn,
        directionsEs: businesses.directionsEs,
        descriptionEn: businesses.descriptionEn,
        descriptionEs: businesses.descriptionEs,
      })
      .from(businesses)
      .where(eq(businesses.id, row.id));
    const missing = missingForSubmission(business);
    if (missing.length) throw new AppError("invalid", "directory:errors.incomplete", { missing });
    await tx
      .update(businesses)
      .set({ status: "pending", submittedAt: new Date(), updatedAt: new Date() })
      .where(eq(businesses.id, row.id));
  },
);

// ---------------------------------------------------------------------------------------------
// Admin: all businesses

export const adminPageSize = 25;

export async function listBusinessesForAdmin(options: {
  actor: Actor;
  query?: string;
  status?: BusinessStatus | null;
  page?: number;
}) {
  assertCan(options.actor, "update:business:any");
  const page = Math.max(1, Math.min(options.page ?? 1, 10_000));
  const query = options.query?.trim().slice(0, 100);
  const conditions: (SQL | undefined)[] = [
    options.status ? eq(businesses.status, options.status) : undefined,
    query
      ? or(ilike(businesses.name, `%${escapeLike(query)}%`), ilike(businesses.slug, `%${escapeLike(query)}%`))
      : undefined,
  ];
  const db = getDb();
  const [rows, [{ total }], breakdown] = await Promise.all([
    db
      .select({
        ...listingIdentityColumns,
        status: businesses.status,
        isPremium: businesses.isPremium,
        isDemo: businesses.isDemo,
        ownerId: businesses.ownerId,
        createdBy: businesses.createdBy,
        updatedAt: businesses.updatedAt,
        submittedAt: businesses.submittedAt,
      })
      .from(businesses)
      .where(and(...conditions))
      // The queue first: pending listings, oldest submission first.
      .orderBy(
        sql`case ${businesses.status} when 'pending' then 0 when 'draft' then 1 else 2 end`,
        asc(businesses.submittedAt),
        asc(businesses.name),
      )
      .limit(adminPageSize)
      .offset((page - 1) * adminPageSize),
    db
      .select({ total: count() })
      .from(businesses)
      .where(and(...conditions)),
    db.select({ status: businesses.status, n: count() }).from(businesses).groupBy(businesses.status),
  ]);
  // The owner, or the creator of a listing nobody owns yet, by email (from accounts).
  const people = await userSummaries(rows.flatMap((row) => row.ownerId ?? row.createdBy ?? []));
  return {
    businesses: rows.map(({ createdBy, ...row }) => ({
      ...row,
      ownerEmail: people.get(row.ownerId ?? createdBy ?? "")?.email ?? null,
      updatedAt: row.updatedAt.toISOString(),
      submittedAt: row.submittedAt?.toISOString() ?? null,
    })),
    breakdown: {
      verified: 0,
      pending: 0,
      draft: 0,
      ...Object.fromEntries(breakdown.map((row) => [row.status, Number(row.n)])),
    } as Record<BusinessStatus, number>,
    total: Number(total),
    page,
    pageCount: Math.ceil(Number(total) / adminPageSize),
  };
}

/**
 * Verifying publishes a listing; its creator becomes the owner (if it has none) and gets the
 * business_owner role. Unverifying takes it off the public site. Both are audit-logged.
 */
export async function setBusinessVerified(
  options: { id: string; actor: Actor; verified: boolean },
  executor?: Executor,
) {
  const result = await changeVerification(options, executor);
  // Once committed: the owner's plans decide whether the listing shows as premium.
  if (result.ownerId) await syncOwnerPremium({ ownerId: result.ownerId });
}

/** setBusinessVerified's transaction; `changed` is the row as it was, null when nothing changed. */
const changeVerification = defineWrite(
  {
    permission: "verify:business:any",
    contentKinds: (result) => (result.changed ? ["businesses"] : []),
    audit: ({ changed }, options) =>
      changed
        ? {
            action: options.verified ? "business.verify" : "business.unverify",
            targetType: "business",
            targetId: changed.id,
            details: { slug: changed.slug, from: changed.status },
          }
        : null,
  },
  async (options: { id: string; actor: Actor; verified: boolean }, tx: Executor) => {
    const [row] = await tx
      .select({
        id: businesses.id,
        status: businesses.status,
        ownerId: businesses.ownerId,
        createdBy: businesses.createdBy,
        slug: businesses.slug,
      })
      .from(businesses)
      .where(eq(businesses.id, options.id))
      .for("update");
    if (!row) throw new AppError("not_found", "directory:errors.notFound");
    const now = new Date();
    let ownerId = row.ownerId;
    if (options.verified) {
      if (row.status === "verified") return { ownerId: null, changed: null };
      ownerId = row.ownerId ?? row.createdBy;
      await tx
        .update(businesses)
        .set({ status: "verified", verifiedAt: now, ownerId, updatedAt: now })
        .where(eq(businesses.id, row.id));
      if (ownerId) {
        await grantRole(
          {
            actor: options.actor,
            userId: ownerId,
            role: "business_owner",
            reason: "business.verify",
            details: { businessId: row.id },
          },
          tx,
        );
      }
    } else {
      if (row.status !== "verified") return { ownerId: null, changed: null };
      await tx.update(businesses).set({ status: "pending", updatedAt: now }).where(eq(businesses.id, row.id));
    }
    await indexBusiness(row.id, tx);
    return { ownerId: options.verified ? ownerId : null, changed: row };
  },
);
