import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError, isAppError } from "#app/lib/errors";
import type { ExchangeRate } from "#app/lib/format";
import type { Language } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { escapeLike } from "#app/lib/sql";
import { deleteImageVariants, storeImageVariants, storeOrRefuseImage } from "#app/lib/storage.server";
import { checkPublish } from "#app/platform/moderation/moderation.server";
import { publicName, userSummaries } from "#app/platform/people/people.server";
import { areaExists, areaNamesBySlug } from "#app/platform/site/site-config.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import {
  type ClassifiedCategory,
  type ClassifiedCondition,
  type ClassifiedCurrency,
  type ClassifiedStatus,
  classifiedLimits,
  classifiedPhotoWidths,
  lifetimeMs,
  renewableAfterMs,
} from "./constants";
import type { ClassifiedFilters, PostAdInput } from "./forms";
import { indexAd } from "./indexing.server";
import { classifiedAds, classifiedPhotos } from "./schema";
import { adTextHash, photoHash, slugifyTitle } from "./text";

// Classified ads: anyone signed in posts one (checkPublish decides published or pending), it is
// listed for 30 days, renewable; the author marks it sold or deletes it. Only listed ads (published,
// not sold, not expired) are public; an expired ad's page answers 410.

export const pageSize = 24;

export interface AdPhoto {
  key: string;
  widths: number[];
  width: number;
  height: number;
}

export interface AdCard {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  language: Language;
  category: ClassifiedCategory;
  priceMinor: number | null;
  currency: ClassifiedCurrency;
  condition: ClassifiedCondition | null;
  area: { slug: string; name: string };
  photo: AdPhoto | null;
  publishedAt: string;
  isDemo: boolean;
}

/** Listed: what the public sees, as SQL. */
function listedAt(now: Date): SQL {
  return and(
    eq(classifiedAds.status, "published"),
    isNull(classifiedAds.soldAt),
    gt(classifiedAds.expiresAt, now),
  ) as SQL;
}

/** The price in US cents for comparing ads entered in either currency (null without a rate for CRC). */
function priceInUsdMinor(rate: ExchangeRate | null): SQL<number | null> {
  const crcPerUsd = rate && rate.crcPerUsd > 0 ? rate.crcPerUsd : null;
  return crcPerUsd
    ? sql<
        number | null
      >`case when ${classifiedAds.currency} = 'USD' then ${classifiedAds.priceMinor} else ${classifiedAds.priceMinor} / ${crcPerUsd}::numeric end`
    : sql<number | null>`case when ${classifiedAds.currency} = 'USD' then ${classifiedAds.priceMinor} else null end`;
}

async function firstPhotos(adIds: string[], executor: Executor) {
  const photos = new Map<string, AdPhoto>();
  if (!adIds.length) return photos;
  const rows = await executor
    .select({
      adId: classifiedPhotos.adId,
      key: classifiedPhotos.storageKey,
      widths: classifiedPhotos.widths,
      width: classifiedPhotos.width,
      height: classifiedPhotos.height,
    })
    .from(classifiedPhotos)
    .where(inArray(classifiedPhotos.adId, adIds))
    .orderBy(asc(classifiedPhotos.sortOrder), asc(classifiedPhotos.createdAt));
  for (const row of rows) if (!photos.has(row.adId)) photos.set(row.adId, row);
  return photos;
}

function excerptOf(text: string, length = 160) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1).trimEnd()}…` : flat;
}

/** Public: listed ads matching the filters, a page at a time, with the total. */
export async function listAds(options: {
  filters: ClassifiedFilters;
  language: Language;
  rate: ExchangeRate | null;
  now?: Date;
}) {
  const now = options.now ?? new Date();
  const { filters } = options;
  const conditions: SQL[] = [listedAt(now)];
  if (filters.category) conditions.push(eq(classifiedAds.category, filters.category));
  if (filters.area) conditions.push(eq(classifiedAds.areaSlug, filters.area));
  if (filters.condition) conditions.push(eq(classifiedAds.condition, filters.condition));
  if (filters.q) {
    const words = filters.q.split(/\s+/).filter(Boolean).slice(0, 6);
    for (const word of words) {
      const pattern = `%${escapeLike(word)}%`;
      conditions.push(or(ilike(classifiedAds.title, pattern), ilike(classifiedAds.description, pattern)) as SQL);
    }
  }
  const usd = priceInUsdMinor(options.rate);
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) {
    // The range is in the currency the visitor chose (their language's by default), compared in
    // dollars with the site's rate; without a rate only ads in that same currency can be compared.
    const currency = filters.currency ?? (options.language === "es" ? "CRC" : "USD");
    const toUsdMinor = (amount: number) =>
      currency === "USD" ? amount * 100 : options.rate?.crcPerUsd ? (amount * 100) / options.rate.crcPerUsd : null;
    const rateless = currency === "CRC" && !options.rate?.crcPerUsd;
    if (rateless) conditions.push(eq(classifiedAds.currency, "CRC"));
    if (filters.minPrice !== undefined) {
      const min = toUsdMinor(filters.minPrice);
      conditions.push(
        rateless || min === null
          ? sql`${classifiedAds.priceMinor} >= ${filters.minPrice * 100}`
          : sql`${usd} >= ${min}`,
      );
    }
    if (filters.maxPrice !== undefined) {
      const max = toUsdMinor(filters.maxPrice);
      conditions.push(
        rateless || max === null
          ? sql`${classifiedAds.priceMinor} <= ${filters.maxPrice * 100}`
          : sql`${usd} <= ${max}`,
      );
    }
  }
  const order =
    filters.sort === "price-low"
      ? [sql`${usd} asc nulls last`, desc(classifiedAds.publishedAt), asc(classifiedAds.slug)]
      : filters.sort === "price-high"
        ? [sql`${usd} desc nulls last`, desc(classifiedAds.publishedAt), asc(classifiedAds.slug)]
        : // Ads published together (a seed) are settled by slug, not by their random ids.
          [desc(classifiedAds.publishedAt), asc(classifiedAds.slug)];
  const page = filters.page ?? 1;
  const db = getDb();
  const where = and(...conditions);
  const [rows, [{ total }], areaNames] = await Promise.all([
    db
      .select({
        id: classifiedAds.id,
        slug: classifiedAds.slug,
        title: classifiedAds.title,
        description: classifiedAds.description,
        language: classifiedAds.language,
        category: classifiedAds.category,
        priceMinor: classifiedAds.priceMinor,
        currency: classifiedAds.currency,
        condition: classifiedAds.condition,
        areaSlug: classifiedAds.areaSlug,
        publishedAt: classifiedAds.publishedAt,
        createdAt: classifiedAds.createdAt,
        isDemo: classifiedAds.isDemo,
      })
      .from(classifiedAds)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(classifiedAds).where(where),
    areaNamesBySlug(db),
  ]);
  const photos = await firstPhotos(
    rows.map((row) => row.id),
    db,
  );
  const ads: AdCard[] = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: excerptOf(row.description),
    language: row.language as Language,
    category: row.category as ClassifiedCategory,
    priceMinor: row.priceMinor,
    currency: row.currency as ClassifiedCurrency,
    condition: row.condition as ClassifiedCondition | null,
    area: { slug: row.areaSlug, name: areaNames.get(row.areaSlug)?.[options.language] ?? row.areaSlug },
    photo: photos.get(row.id) ?? null,
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    isDemo: row.isDemo,
  }));
  const totalCount = Number(total);
  return { ads, total: totalCount, page, pages: Math.max(1, Math.ceil(totalCount / pageSize)) };
}

/** Whether any ad is listed at all (the empty state tells "none yet" from "none match"). */
export async function anyListedAds(now = new Date()) {
  const rows = await getDb().select({ id: classifiedAds.id }).from(classifiedAds).where(listedAt(now)).limit(1);
  return rows.length > 0;
}

export type AdState = "listed" | "sold" | "expired" | "pending" | "hidden";

/** What the ad's page and its author's list say of it: moderation first, then its dates and sale. */
function adState(ad: { status: string; expiresAt: Date; soldAt: Date | null }, now: Date): AdState {
  if (ad.status === "pending") return "pending";
  if (ad.status === "hidden") return "hidden";
  if (ad.expiresAt <= now) return "expired";
  return ad.soldAt ? "sold" : "listed";
}

/**
 * One ad for its page. Listed, sold and expired ads are public (an expired one only says so: the
 * page answers 410 without its text); pending and hidden ones only for their author and admins;
 * deleted ones for nobody.
 */
export async function getAd(options: { slug: string; viewer: Actor | null; language: Language; now?: Date }) {
  const now = options.now ?? new Date();
  if (!/^[a-z0-9-]{1,80}$/.test(options.slug)) throw new AppError("not_found", "classifieds:errors.notFound");
  const db = getDb();
  const [row] = await db.select().from(classifiedAds).where(eq(classifiedAds.slug, options.slug));
  if (!row || row.status === "deleted") throw new AppError("not_found", "classifieds:errors.notFound");
  const mine = Boolean(row.authorId) && options.viewer?.id === row.authorId;
  const moderator = can(options.viewer, "update:classified:any");
  const state = adState(row, now);
  if ((state === "pending" || state === "hidden") && !mine && !moderator)
    throw new AppError("not_found", "classifieds:errors.notFound");
  const [photos, areaNames, people] = await Promise.all([
    db
      .select({
        key: classifiedPhotos.storageKey,
        widths: classifiedPhotos.widths,
        width: classifiedPhotos.width,
        height: classifiedPhotos.height,
      })
      .from(classifiedPhotos)
      .where(eq(classifiedPhotos.adId, row.id))
      .orderBy(asc(classifiedPhotos.sortOrder), asc(classifiedPhotos.createdAt)),
    areaNamesBySlug(db),
    userSummaries(row.authorId ? [row.authorId] : [], db),
  ]);
  const author = row.authorId ? people.get(row.authorId) : undefined;
  return {
    id: row.id,
    slug: row.slug,
    state,
    mine,
    title: row.title,
    description: row.description,
    language: row.language as Language,
    category: row.category as ClassifiedCategory,
    priceMinor: row.priceMinor,
    currency: row.currency as ClassifiedCurrency,
    condition: row.condition as ClassifiedCondition | null,
    area: { slug: row.areaSlug, name: areaNames.get(row.areaSlug)?.[options.language] ?? row.areaSlug },
    // Shown only when the seller chose to; otherwise it never leaves the server.
    phone: row.showPhone && row.phone ? row.phone : null,
    whatsapp: row.showPhone && row.whatsapp && row.phone ? row.phone.replace(/[^0-9]/g, "") : null,
    seller: author ? publicName(author) : null,
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    soldAt: row.soldAt?.toISOString() ?? null,
    photos,
    isDemo: row.isDemo,
    /** Demo ads have nobody behind them: nobody to write to. */
    contactable: Boolean(row.authorId),
  };
}

interface StoredUpload {
  key: string;
  widths: number[];
  width: number;
  height: number;
  hash: string;
}

async function storePhotos(files: Uint8Array[]): Promise<StoredUpload[]> {
  const refusal = {
    field: "photos",
    messageKey: (reason: string) => `classifieds:form.errors.image.${reason}`,
    maxBytes: classifiedLimits.photoMaxBytes,
  };
  return storeOrRefuseImage(refusal, async () => {
    const stored: StoredUpload[] = [];
    try {
      for (const bytes of files) {
        const result = await storeImageVariants({
          bytes,
          prefix: "classifieds",
          maxBytes: classifiedLimits.photoMaxBytes,
          widths: classifiedPhotoWidths,
        });
        stored.push({ ...result, hash: photoHash(bytes) });
      }
      return stored;
    } catch (error) {
      // One photo refused or a store failing: the photos already stored go with the whole upload.
      await removeUploads(stored);
      throw error;
    }
  });
}

async function removeUploads(stored: { key: string; widths: number[] }[]) {
  for (const upload of stored) {
    await deleteImageVariants(upload.key, upload.widths).catch((cleanup) =>
      logger.warn({ err: cleanup }, "could not remove orphaned classified photo"),
    );
  }
}

/** The author's ads that count against the limit and for duplicates: listed or waiting, not sold, not expired. */
function activeOf(authorId: string, now: Date): SQL {
  return and(
    eq(classifiedAds.authorId, authorId),
    inArray(classifiedAds.status, ["published", "pending"]),
    isNull(classifiedAds.soldAt),
    gt(classifiedAds.expiresAt, now),
  ) as SQL;
}

/**
 * The checks that refuse an ad before anything is stored or encoded: the active-ad limit, and the
 * same text or the same photo (by its bytes' hash) among the author's active ads. Run again under
 * the author's lock in the inserting transaction.
 */
async function assertNotDuplicate(
  options: { authorId: string; textHash: string; photoHashes: string[]; now: Date },
  executor: Executor,
) {
  const active = activeOf(options.authorId, options.now);
  const [{ n }] = await executor.select({ n: count() }).from(classifiedAds).where(active);
  if (Number(n) >= classifiedLimits.activeAdsPerUser)
    throw new AppError("conflict", "classifieds:form.errors.tooManyAds", { max: classifiedLimits.activeAdsPerUser });
  const [sameText] = await executor
    .select({ id: classifiedAds.id })
    .from(classifiedAds)
    .where(and(active, eq(classifiedAds.textHash, options.textHash)))
    .limit(1);
  if (sameText) throw new AppError("conflict", "classifieds:form.errors.duplicateText", { field: "description" });
  if (new Set(options.photoHashes).size !== options.photoHashes.length)
    throw new AppError("conflict", "classifieds:form.errors.duplicatePhotoSelf", { field: "photos" });
  if (options.photoHashes.length) {
    const [samePhoto] = await executor
      .select({ id: classifiedPhotos.id })
      .from(classifiedPhotos)
      .innerJoin(classifiedAds, eq(classifiedAds.id, classifiedPhotos.adId))
      .where(and(active, inArray(classifiedPhotos.contentHash, options.photoHashes)))
      .limit(1);
    if (samePhoto) throw new AppError("conflict", "classifieds:form.errors.duplicatePhoto", { field: "photos" });
  }
}

/**
 * A signed-in person posts an ad with its photos (bytes as sent). Refused with a clear message:
 * over the active-ad limit, the same text or photo as one of their active ads, an unknown area,
 * a photo that is not an image. checkPublish applies suspensions and new-account limits and says
 * whether it is listed now or waits for an admin.
 */
export async function postAd(options: {
  actor: Actor;
  input: Omit<PostAdInput, "photos" | "rules">;
  photos: Uint8Array[];
  now?: Date;
  isDemo?: boolean;
}): Promise<{ id: string; slug: string; status: ClassifiedStatus }> {
  assertCan(options.actor, "create:classified:any");
  const now = options.now ?? new Date();
  const { input } = options;
  if (options.photos.length > classifiedLimits.photosPerAd)
    throw new AppError("invalid", "classifieds:form.errors.tooManyPhotos", { field: "photos" });
  const textHash = adTextHash(input.title, input.description);
  const photoHashes = options.photos.map(photoHash);
  const db = getDb();
  // Cheap refusals first, before any photo is encoded.
  await assertNotDuplicate({ authorId: options.actor.id, textHash, photoHashes, now }, db);
  if (!(await areaExists(input.area, db)))
    throw new AppError("invalid", "classifieds:form.errors.area", { field: "area" });
  const stored = await storePhotos(options.photos);
  try {
    return await db.transaction(async (tx) => {
      // One author's posts one at a time: two at once must not pass the limit or the duplicate check together.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`classifieds:${options.actor.id}`}))`);
      const { status } = await checkPublish(
        { actor: options.actor, kind: "classified", body: `${input.title}\n${input.description}` },
        tx,
      ).catch((error: unknown) => {
        if (isAppError(error) && error.details?.field === "body") {
          throw new AppError(error.code, error.messageKey, { ...error.details, field: "description" });
        }
        throw error;
      });
      await assertNotDuplicate({ authorId: options.actor.id, textHash, photoHashes, now }, tx);
      const slug = `${slugifyTitle(input.title)}-${randomBytes(3).toString("hex")}`;
      const [row] = await tx
        .insert(classifiedAds)
        .values({
          slug,
          authorId: options.actor.id,
          title: input.title,
          description: input.description,
          language: input.language,
          category: input.category,
          priceMinor: input.price === undefined ? null : Math.round(input.price * 100),
          currency: input.currency,
          condition: input.condition ?? null,
          areaSlug: input.area,
          phone: input.phone ?? null,
          showPhone: Boolean(input.phone) && input.showPhone,
          whatsapp: Boolean(input.phone) && input.whatsapp,
          status,
          statusReason: status === "pending" ? "new-account" : null,
          textHash,
          expiresAt: new Date(now.getTime() + lifetimeMs),
          publishedAt: status === "published" ? now : null,
          isDemo: options.isDemo ?? false,
          createdAt: now,
        })
        .returning({ id: classifiedAds.id, slug: classifiedAds.slug });
      if (stored.length) {
        await tx.insert(classifiedPhotos).values(
          stored.map((photo, index) => ({
            adId: row.id,
            storageKey: photo.key,
            widths: photo.widths,
            width: photo.width,
            height: photo.height,
            contentHash: photo.hash,
            sortOrder: index,
          })),
        );
      }
      await indexAd(row.id, tx, now);
      await bumpContentVersion(tx, "classifieds");
      return { id: row.id, slug: row.slug, status: status as ClassifiedStatus };
    });
  } catch (error) {
    await removeUploads(stored);
    throw error;
  }
}

export interface MyAd {
  id: string;
  slug: string;
  title: string;
  state: AdState;
  expiresAt: string;
  renewable: boolean;
  priceMinor: number | null;
  currency: ClassifiedCurrency;
  conversations: number;
}

/** The actor's own ads (not deleted), newest first, with what they can do with each. */
export async function listMyAds(options: { actor: Actor; now?: Date }): Promise<MyAd[]> {
  const now = options.now ?? new Date();
  const rows = await getDb()
    .select({
      id: classifiedAds.id,
      slug: classifiedAds.slug,
      title: classifiedAds.title,
      status: classifiedAds.status,
      soldAt: classifiedAds.soldAt,
      expiresAt: classifiedAds.expiresAt,
      priceMinor: classifiedAds.priceMinor,
      currency: classifiedAds.currency,
      // Spelled out: inside the subquery a bare "id" would be the conversation's.
      conversations: sql<number>`(select count(*) from classified_conversations c where c.ad_id = "classified_ads"."id")`,
    })
    .from(classifiedAds)
    .where(and(eq(classifiedAds.authorId, options.actor.id), ne(classifiedAds.status, "deleted")))
    .orderBy(desc(classifiedAds.createdAt))
    .limit(100);
  return rows.map((row) => {
    const state = adState(row, now);
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      state,
      expiresAt: row.expiresAt.toISOString(),
      renewable: isRenewable({ status: row.status, soldAt: row.soldAt, expiresAt: row.expiresAt }, now),
      priceMinor: row.priceMinor,
      currency: row.currency as ClassifiedCurrency,
      conversations: Number(row.conversations),
    };
  });
}

/** Renewable: published or waiting, not sold, and expired less than 30 days ago (or still listed). */
export function isRenewable(ad: { status: string; soldAt: Date | null; expiresAt: Date }, now: Date) {
  return (
    (ad.status === "published" || ad.status === "pending") &&
    !ad.soldAt &&
    ad.expiresAt.getTime() + renewableAfterMs > now.getTime()
  );
}

async function lockOwnAd(tx: Executor, actor: Actor, adId: string, permission: "update" | "delete") {
  const [ad] = await tx
    .select({
      id: classifiedAds.id,
      authorId: classifiedAds.authorId,
      status: classifiedAds.status,
      soldAt: classifiedAds.soldAt,
      expiresAt: classifiedAds.expiresAt,
      title: classifiedAds.title,
    })
    .from(classifiedAds)
    .where(eq(classifiedAds.id, adId))
    .for("update");
  // Someone else's ad and a missing one look the same.
  if (!ad || ad.status === "deleted" || !can(actor, `${permission}:classified:own`, { ownerId: ad.authorId }))
    throw new AppError("not_found", "classifieds:errors.notFound");
  assertCan(actor, `${permission}:classified:own`, { ownerId: ad.authorId });
  return ad;
}

/** Sets a new expiry 30 days from now (the renewal reminder can then go out again for it). */
export async function extendAd(adId: string, tx: Executor, now: Date) {
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await tx
    .update(classifiedAds)
    .set({ expiresAt, reminderSentFor: null, reminderLeaseUntil: null })
    .where(eq(classifiedAds.id, adId));
  await indexAd(adId, tx, now);
  await bumpContentVersion(tx, "classifieds");
  return expiresAt;
}

/** The author renews their ad from the dashboard. */
export const renewAd = defineWrite(
  // extendAd marks the classifieds changed as well: it is also the renewal link's step.
  { contentKinds: ["classifieds"] },
  async (options: { actor: Actor; adId: string; now?: Date }, tx: Executor) => {
    const now = options.now ?? new Date();
    const ad = await lockOwnAd(tx, options.actor, options.adId, "update");
    if (!isRenewable(ad, now)) throw new AppError("conflict", "classifieds:errors.notRenewable");
    return { expiresAt: await extendAd(ad.id, tx, now) };
  },
);

/** The author marks their ad sold: it leaves the list and takes no new messages. False when it was sold already. */
export const markAdSold = defineWrite(
  { contentKinds: (sold) => (sold ? ["classifieds"] : []) },
  async (options: { actor: Actor; adId: string; now?: Date }, tx: Executor) => {
    const now = options.now ?? new Date();
    const ad = await lockOwnAd(tx, options.actor, options.adId, "update");
    if (ad.soldAt) return false;
    await tx.update(classifiedAds).set({ soldAt: now }).where(eq(classifiedAds.id, ad.id));
    await indexAd(ad.id, tx, now);
    return true;
  },
);

/** deleteAd's transaction: the ad marked deleted and its photo rows gone, their files named for removal. */
const removeAd = defineWrite(
  {
    contentKinds: ["classifieds"],
    // An admin's deletion of someone else's ad is audited; the author's own is not.
    audit: (removed, options) =>
      removed.authorId === options.actor.id
        ? null
        : { action: "classified.delete", targetType: "classified", targetId: removed.id },
  },
  async (options: { actor: Actor; adId: string }, tx: Executor) => {
    const [ad] = await tx
      .select({ id: classifiedAds.id, authorId: classifiedAds.authorId, status: classifiedAds.status })
      .from(classifiedAds)
      .where(eq(classifiedAds.id, options.adId))
      .for("update");
    if (!ad || ad.status === "deleted" || !can(options.actor, "delete:classified:own", { ownerId: ad.authorId }))
      throw new AppError("not_found", "classifieds:errors.notFound");
    assertCan(options.actor, "delete:classified:own", { ownerId: ad.authorId });
    await tx.update(classifiedAds).set({ status: "deleted" }).where(eq(classifiedAds.id, ad.id));
    const photos = await tx
      .delete(classifiedPhotos)
      .where(eq(classifiedPhotos.adId, ad.id))
      .returning({ key: classifiedPhotos.storageKey, widths: classifiedPhotos.widths });
    await indexAd(ad.id, tx);
    return { id: ad.id, authorId: ad.authorId, photos };
  },
);

/** The author (or an admin, audited) deletes an ad: gone from every page, its relay dead, its photos removed. */
export async function deleteAd(options: { actor: Actor; adId: string }, executor?: Executor) {
  const { photos } = await removeAd(options, executor);
  // The files go once the rows are gone (after the commit, when this write owns the transaction).
  await removeUploads(photos);
}
