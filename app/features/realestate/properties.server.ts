import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL, sql } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { AppError, isAppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { registerSitemapSource } from "#app/lib/sitemap.server";
import { deleteImageVariants, storeImageVariants, storeOrRefuseImage } from "#app/lib/storage.server";
import { checkPublish } from "#app/platform/moderation/moderation.server";
import { areaExists, areaNamesBySlug } from "#app/platform/site/site-config.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import {
  agentPlanPermission,
  type ContactMethod,
  imageWidths,
  type ListingType,
  type PropertyFeature,
  type PropertyStatus,
  type PropertyType,
  realEstateLimits,
  type TitleType,
} from "./constants";
import type { PropertyFilters, PropertyInput } from "./forms";
import { indexProperty } from "./indexing.server";
import { setPropertyStatus } from "./property-status.server";
import { properties, propertyImages } from "./schema";

// Properties: anyone signed in lists one (the agent plan allows more, features them first and
// badges them). New accounts' first listings wait in the shared moderation queue (checkPublish);
// public pages show only 'published' ones.

registerSitemapSource("properties", async () => {
  const rows = await getDb()
    .select({ slug: properties.slug, title: properties.title, updatedAt: properties.updatedAt })
    .from(properties)
    .where(eq(properties.status, "published"))
    .orderBy(desc(properties.publishedAt))
    .limit(5000);
  return rows.map((row) => ({
    path: `/real-estate/${row.slug}`,
    lastModified: row.updatedAt,
    title: { en: row.title, es: row.title },
  }));
});

/** Whether the person holds the agent plan (a grant today; a billing subscription writes the same grant later). */
export function hasAgentPlan(actor: Actor | null | undefined): boolean {
  return can(actor, agentPlanPermission);
}

export interface PropertyImage {
  key: string;
  widths: number[];
  width: number;
  height: number;
  alt: string;
}

export interface PropertyCardData {
  id: string;
  slug: string;
  title: string;
  listingType: ListingType;
  propertyType: PropertyType;
  priceUsd: number;
  bedrooms: number;
  bathrooms: number;
  lotM2: number | null;
  constructionM2: number | null;
  area: { slug: string; name: string };
  titleType: TitleType;
  inMaritimeZone: boolean;
  agentListing: boolean;
  image: PropertyImage | null;
  isDemo: boolean;
}

const cardColumns = {
  id: properties.id,
  slug: properties.slug,
  title: properties.title,
  listingType: properties.listingType,
  propertyType: properties.propertyType,
  priceUsd: properties.priceUsd,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  lotM2: properties.lotM2,
  constructionM2: properties.constructionM2,
  areaSlug: properties.areaSlug,
  titleType: properties.titleType,
  inMaritimeZone: properties.inMaritimeZone,
  agentListing: properties.agentListing,
  isDemo: properties.isDemo,
};

/** The SQL conditions of a filter set (the list page and the saved-search alerts share them). */
export function filterConditions(filters: PropertyFilters): SQL[] {
  const conditions: SQL[] = [eq(properties.status, "published")];
  if (filters.listing === "rent") conditions.push(inArray(properties.listingType, ["rent-long", "rent-vacation"]));
  else if (filters.listing) conditions.push(eq(properties.listingType, filters.listing));
  if (filters.type) conditions.push(eq(properties.propertyType, filters.type));
  if (filters.minPrice !== undefined) conditions.push(gte(properties.priceUsd, filters.minPrice));
  if (filters.maxPrice !== undefined) conditions.push(lte(properties.priceUsd, filters.maxPrice));
  if (filters.beds !== undefined) conditions.push(gte(properties.bedrooms, filters.beds));
  if (filters.baths !== undefined) conditions.push(gte(properties.bathrooms, filters.baths));
  if (filters.area) conditions.push(eq(properties.areaSlug, filters.area));
  return conditions;
}

async function firstImages(ids: string[], executor: Executor = getDb()) {
  const images = new Map<string, PropertyImage>();
  if (!ids.length) return images;
  const rows = await executor
    .select({
      propertyId: propertyImages.propertyId,
      key: propertyImages.storageKey,
      widths: propertyImages.widths,
      width: propertyImages.width,
      height: propertyImages.height,
      alt: propertyImages.alt,
    })
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, ids))
    .orderBy(asc(propertyImages.sortOrder), asc(propertyImages.id));
  for (const row of rows) if (!images.has(row.propertyId)) images.set(row.propertyId, row);
  return images;
}

interface CardRow {
  id: string;
  slug: string;
  title: string;
  listingType: string;
  propertyType: string;
  priceUsd: number;
  bedrooms: number;
  bathrooms: number;
  lotM2: number | null;
  constructionM2: number | null;
  areaSlug: string;
  titleType: string;
  inMaritimeZone: boolean;
  agentListing: boolean;
  isDemo: boolean;
}

function toCard(
  row: CardRow,
  language: Language,
  areaNames: Map<string, { en: string; es: string }>,
  image: PropertyImage | null,
): PropertyCardData {
  const { areaSlug: _areaSlug, ...rest } = row;
  return {
    ...rest,
    listingType: row.listingType as ListingType,
    propertyType: row.propertyType as PropertyType,
    titleType: row.titleType as TitleType,
    area: { slug: row.areaSlug, name: areaNames.get(row.areaSlug)?.[language] ?? row.areaSlug },
    image,
  };
}

/** Public: published properties matching the filters; agents' listings first, then the newest. */
export async function listPublishedProperties(options: {
  filters: PropertyFilters;
  language: Language;
  limit?: number;
}): Promise<PropertyCardData[]> {
  const db = getDb();
  const [rows, areaNames] = await Promise.all([
    db
      .select(cardColumns)
      .from(properties)
      .where(and(...filterConditions(options.filters)))
      .orderBy(desc(properties.agentListing), desc(properties.publishedAt), asc(properties.slug))
      .limit(Math.min(options.limit ?? 60, 60)),
    areaNamesBySlug(db),
  ]);
  const images = await firstImages(rows.map((row) => row.id));
  return rows.map((row) => toCard(row, options.language, areaNames, images.get(row.id) ?? null));
}

/** Whether any property is public (the empty state tells "none yet" from "none match"). */
export async function anyPublishedProperty(): Promise<boolean> {
  const rows = await getDb()
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.status, "published"))
    .limit(1);
  return rows.length > 0;
}

export interface PropertyDetail extends PropertyCardData {
  description: string;
  descriptionLanguage: Language;
  features: PropertyFeature[];
  latitude: number | null;
  longitude: number | null;
  contactName: string;
  preferredContact: ContactMethod;
  /** Shown only when the owner prefers phone or WhatsApp (they asked to be called). */
  contactPhone: string | null;
  ownerId: string;
  status: PropertyStatus;
  images: PropertyImage[];
  publishedAt: string | null;
  updatedAt: string;
}

/**
 * A property's page: public when published; its owner also sees it while it waits for review.
 * Anything else is "not found", the same answer as a slug that never existed.
 */
export async function getProperty(options: {
  slug: string;
  language: Language;
  viewer?: Actor | null;
}): Promise<PropertyDetail> {
  if (!/^[a-z0-9-]{1,140}$/.test(options.slug)) throw new AppError("not_found", "realestate:errors.notFound");
  const db = getDb();
  const [row] = await db
    .select({
      ...cardColumns,
      description: properties.description,
      descriptionLanguage: properties.descriptionLanguage,
      features: properties.features,
      latitude: properties.latitude,
      longitude: properties.longitude,
      contactName: properties.contactName,
      contactPhone: properties.contactPhone,
      preferredContact: properties.preferredContact,
      ownerId: properties.ownerId,
      status: properties.status,
      publishedAt: properties.publishedAt,
      updatedAt: properties.updatedAt,
    })
    .from(properties)
    .where(eq(properties.slug, options.slug));
  const visible =
    row &&
    (row.status === "published" ||
      (row.status === "pending" && can(options.viewer, "update:property:own", { ownerId: row.ownerId })));
  if (!row || !visible) throw new AppError("not_found", "realestate:errors.notFound");
  const [areaNames, images] = await Promise.all([
    areaNamesBySlug(db),
    db
      .select({
        key: propertyImages.storageKey,
        widths: propertyImages.widths,
        width: propertyImages.width,
        height: propertyImages.height,
        alt: propertyImages.alt,
      })
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, row.id))
      .orderBy(asc(propertyImages.sortOrder), asc(propertyImages.id)),
  ]);
  const card = toCard(row, options.language, areaNames, images[0] ?? null);
  return {
    ...card,
    description: row.description,
    descriptionLanguage: row.descriptionLanguage === "es" ? "es" : "en",
    features: row.features as PropertyFeature[],
    latitude: row.latitude,
    longitude: row.longitude,
    contactName: row.contactName,
    preferredContact: row.preferredContact as ContactMethod,
    contactPhone: row.preferredContact === "email" ? null : row.contactPhone,
    ownerId: row.ownerId,
    status: row.status as PropertyStatus,
    images,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function countActiveListings(ownerId: string, executor: Executor) {
  const [row] = await executor
    .select({ n: count() })
    .from(properties)
    .where(and(eq(properties.ownerId, ownerId), ne(properties.status, "deleted")));
  return Number(row?.n ?? 0);
}

/** How many listings the person has and may have (one without the agent plan). */
export async function listingAllowance(actor: Actor, executor: Executor = getDb()) {
  const agent = hasAgentPlan(actor);
  return {
    used: await countActiveListings(actor.id, executor),
    limit: agent ? realEstateLimits.agentListings : realEstateLimits.freeListings,
    agent,
  };
}

function slugFor(title: string) {
  const base = title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return `${base || "property"}-${randomBytes(3).toString("hex")}`;
}

/**
 * Lists a property. Refused over the person's allowance (one without the agent plan); a new
 * account's first listings wait for review. Featured and badged when the owner holds the agent plan.
 */
export const createProperty = defineWrite(
  { permission: "create:property:any", contentKinds: ["properties"] },
  async (options: { actor: Actor; input: PropertyInput }, tx: Executor) => {
    const { input } = options;
    // One lister at a time: two tabs must not pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`property-owner:${options.actor.id}`}))`);
    const allowance = await listingAllowance(options.actor, tx);
    if (allowance.used >= allowance.limit) {
      throw new AppError("conflict", allowance.agent ? "realestate:errors.agentLimit" : "realestate:errors.freeLimit", {
        limit: allowance.limit,
      });
    }
    if (!(await areaExists(input.area, tx)))
      throw new AppError("invalid", "realestate:form.errors.area", { field: "area" });
    const { status } = await checkPublish(
      { actor: options.actor, kind: "property", body: `${input.title}\n${input.description}` },
      tx,
    ).catch((error: unknown) => {
      if (isAppError(error) && error.details?.field === "body") {
        throw new AppError(error.code, error.messageKey, { ...error.details, field: "description" });
      }
      throw error;
    });
    const [row] = await tx
      .insert(properties)
      .values({
        slug: slugFor(input.title),
        ownerId: options.actor.id,
        title: input.title,
        description: input.description,
        descriptionLanguage: input.descriptionLanguage,
        listingType: input.listingType,
        propertyType: input.propertyType,
        priceUsd: input.priceUsd,
        bedrooms: input.bedrooms,
        bathrooms: input.bathrooms,
        lotM2: input.lotM2 ?? null,
        constructionM2: input.constructionM2 ?? null,
        areaSlug: input.area,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        titleType: input.titleType,
        inMaritimeZone: input.inMaritimeZone,
        features: input.features,
        contactName: input.contactName,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
        preferredContact: input.preferredContact,
        agentListing: allowance.agent,
        status,
        publishedAt: status === "published" ? new Date() : null,
      })
      .returning({ id: properties.id, slug: properties.slug, status: properties.status });
    await indexProperty(row.id, tx);
    return { id: row.id, slug: row.slug, status: row.status as PropertyStatus };
  },
);

export interface MyProperty {
  id: string;
  slug: string;
  title: string;
  listingType: ListingType;
  priceUsd: number;
  status: PropertyStatus;
  agentListing: boolean;
  photoCount: number;
  createdAt: string;
}

/** The actor's own listings (not deleted), newest first. */
export async function listMyProperties(options: { actor: Actor }): Promise<MyProperty[]> {
  const db = getDb();
  const rows = await db
    .select({
      id: properties.id,
      slug: properties.slug,
      title: properties.title,
      listingType: properties.listingType,
      priceUsd: properties.priceUsd,
      status: properties.status,
      agentListing: properties.agentListing,
      createdAt: properties.createdAt,
    })
    .from(properties)
    .where(and(eq(properties.ownerId, options.actor.id), ne(properties.status, "deleted")))
    .orderBy(desc(properties.createdAt))
    .limit(100);
  const counts = rows.length
    ? await db
        .select({ propertyId: propertyImages.propertyId, n: count() })
        .from(propertyImages)
        .where(
          inArray(
            propertyImages.propertyId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(propertyImages.propertyId)
    : [];
  const photos = new Map(counts.map((row) => [row.propertyId, Number(row.n)]));
  return rows.map((row) => ({
    ...row,
    listingType: row.listingType as ListingType,
    status: row.status as PropertyStatus,
    photoCount: photos.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The property, locked, when the actor may change it; "not found" otherwise (someone else's looks missing). */
async function lockOwnProperty(tx: Executor, actor: Actor, propertyId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(propertyId)) throw new AppError("not_found", "realestate:errors.notFound");
  const [row] = await tx
    .select({
      id: properties.id,
      ownerId: properties.ownerId,
      status: properties.status,
      priceUsd: properties.priceUsd,
    })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .for("update");
  if (!row || row.status === "deleted" || !can(actor, "update:property:own", { ownerId: row.ownerId }))
    throw new AppError("not_found", "realestate:errors.notFound");
  return row;
}

/** The owner changes the price (a drop reaches saved searches as a price drop). */
export const updatePropertyPrice = defineWrite(
  { permission: "create:property:any", contentKinds: ["properties"] },
  async (options: { actor: Actor; propertyId: string; priceUsd: number }, tx: Executor) => {
    const row = await lockOwnProperty(tx, options.actor, options.propertyId);
    await tx.update(properties).set({ priceUsd: options.priceUsd }).where(eq(properties.id, row.id));
  },
);

/** The owner takes a listing down for good (it frees their allowance). */
export const removeProperty = defineWrite(
  // setPropertyStatus marks the properties changed as well: it is also the moderation queue's step.
  { permission: "create:property:any", contentKinds: ["properties"] },
  async (options: { actor: Actor; propertyId: string }, tx: Executor) => {
    const row = await lockOwnProperty(tx, options.actor, options.propertyId);
    await setPropertyStatus({ id: row.id, status: "deleted" }, tx);
  },
);

/** A phone photo is a few megabytes; more than this is not a photo of a house. */
export const maxPropertyImageBytes = 8 * 1024 * 1024;

/**
 * Adds a photo: checked by its bytes, re-encoded to WebP at each width (metadata and GPS dropped)
 * by the shared upload pipeline. The files are written before the row and removed if it fails.
 */
export async function addPropertyImage(options: { actor: Actor; propertyId: string; bytes: Uint8Array; alt: string }) {
  assertCan(options.actor, "create:property:any");
  // Ownership and the photo count are checked before anything is decoded (and again, under the lock,
  // before the row is written): a full gallery must not cost a decode per refused upload.
  await inTransaction(undefined, async (tx) => {
    const row = await lockOwnProperty(tx, options.actor, options.propertyId);
    const [{ n }] = await tx.select({ n: count() }).from(propertyImages).where(eq(propertyImages.propertyId, row.id));
    if (Number(n) >= realEstateLimits.photosPerProperty)
      throw new AppError("conflict", "realestate:errors.tooManyPhotos", {
        max: realEstateLimits.photosPerProperty,
        field: "photo",
      });
  });
  const stored = await storeOrRefuseImage(
    { field: "photo", messageKey: (reason) => `realestate:errors.image.${reason}`, maxBytes: maxPropertyImageBytes },
    () =>
      storeImageVariants({
        bytes: options.bytes,
        prefix: "properties",
        maxBytes: maxPropertyImageBytes,
        widths: imageWidths,
      }),
  );
  try {
    await getDb().transaction(async (tx) => {
      const row = await lockOwnProperty(tx, options.actor, options.propertyId);
      const [{ n }] = await tx.select({ n: count() }).from(propertyImages).where(eq(propertyImages.propertyId, row.id));
      if (Number(n) >= realEstateLimits.photosPerProperty)
        throw new AppError("conflict", "realestate:errors.tooManyPhotos", {
          max: realEstateLimits.photosPerProperty,
          field: "photo",
        });
      await tx.insert(propertyImages).values({
        propertyId: row.id,
        storageKey: stored.key,
        widths: stored.widths,
        width: stored.width,
        height: stored.height,
        alt: options.alt,
        sortOrder: Number(n),
      });
      await bumpContentVersion(tx, "properties");
    });
  } catch (error) {
    await deleteImageVariants(stored.key, stored.widths);
    throw error;
  }
}

/** Whether the actor owns this property (their own page shows no Report control and no inquiry form). */
export function ownsProperty(actor: Actor | null | undefined, property: { ownerId: string }) {
  return Boolean(actor && actor.id === property.ownerId);
}

/** For the agent plan's grant: the owner's listings become (or stop being) agent listings. */
export async function setAgentListings(options: { ownerId: string; agent: boolean }, executor: Executor) {
  await executor.update(properties).set({ agentListing: options.agent }).where(eq(properties.ownerId, options.ownerId));
  await bumpContentVersion(executor, "properties");
}
