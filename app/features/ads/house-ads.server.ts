import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { isLanguage, type Language } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { deleteImageVariants, storeImageVariants, storeOrRefuseImage } from "#app/lib/storage.server";
import { emailLink } from "#app/platform/accounts/auth.server";
import { businessLabels, findEditable, lockEditable } from "#app/platform/listings/listings.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { activeAdmins, userSummaries } from "#app/platform/people/people.server";
import { listingRef } from "#app/platform/plans/premium.server";
import { listingsWithPlanFeature } from "#app/platform/plans/subscription.server";
import { listAreas } from "#app/platform/site/site-config.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { adImageWidths, adLimits, type HouseAdStatus } from "./constants";
import type { HouseAdInput } from "./forms";
import { houseAds } from "./schema";

// House ads: an admin enters a placement a business bought (live at once), or the owner of a
// listing whose plan includes "adPlacement" writes their own (an admin approves it first, as the
// site vouches for what it shows between its own content). Every change that alters what a
// public page shows bumps the "ads" content version in its transaction.

export type AdImages = { en?: Uint8Array; es?: Uint8Array };

/** Costa Rica keeps one offset all year; a day's ad runs from its first to its last second there. */
const siteOffset = "-06:00";
function startOf(day: string | undefined, now: Date) {
  return day ? new Date(`${day}T00:00:00${siteOffset}`) : now;
}
function endOf(day: string | undefined) {
  return day ? new Date(`${day}T23:59:59.999${siteOffset}`) : null;
}

const openStatuses: HouseAdStatus[] = ["pending", "active", "paused"];

/** The owner's listing, or "not found" for anyone who may not edit it. */
function ownerListing(actor: Actor, businessId: string, executor: Executor) {
  return findEditable(businessId, actor, executor);
}

async function assertPlanAllowsAds(businessId: string, executor: Executor) {
  const allowed = await listingsWithPlanFeature([businessId], "adPlacement", executor);
  if (!allowed.has(businessId)) throw new AppError("forbidden", "ads:errors.planNeeded");
}

async function checkAreas(slugs: string[]) {
  if (!slugs.length) return;
  const known = new Set((await listAreas("en")).map((area) => area.slug));
  if (slugs.some((slug) => !known.has(slug)))
    throw new AppError("invalid", "ads:form.errors.choice", { field: "areas" });
}

async function storeCreative(bytes: Uint8Array | undefined, field: "imageEn" | "imageEs") {
  if (!bytes) return null;
  return storeOrRefuseImage({ field, messageKey: (reason) => `ads:form.errors.image_${reason}` }, () =>
    storeImageVariants({ bytes, prefix: "ads", maxBytes: adLimits.imageMaxBytes, widths: adImageWidths }),
  );
}

function creativeColumns(input: HouseAdInput, now: Date) {
  return {
    headlineEn: input.headlineEn,
    headlineEs: input.headlineEs,
    bodyEn: input.bodyEn,
    bodyEs: input.bodyEs,
    targetUrl: input.targetUrl,
    altEn: input.altEn,
    altEs: input.altEs,
    pageKinds: input.pageKinds,
    areas: input.areas,
    languages: input.languages,
    startsAt: startOf(input.startsOn, now),
    endsAt: endOf(input.endsOn),
  };
}

/**
 * Stores the creative's images first (files cannot join a transaction), then runs `write`; if the
 * write fails, the new files go again.
 */
async function withStoredImages<T>(
  images: AdImages,
  write: (stored: { en: StoredImage | null; es: StoredImage | null }) => Promise<T>,
): Promise<T> {
  const en = await storeCreative(images.en, "imageEn");
  let es: StoredImage | null = null;
  try {
    es = await storeCreative(images.es, "imageEs");
    return await write({ en, es });
  } catch (error) {
    for (const stored of [en, es]) {
      if (stored)
        await deleteImageVariants(stored.key, stored.widths).catch((cleanup) =>
          logger.warn({ err: cleanup }, "could not remove an orphaned ad image"),
        );
    }
    throw error;
  }
}
type StoredImage = { key: string; widths: number[] };

/** Creates an ad: an admin's goes live at once; an owner's waits for an admin and says so. */
export async function createHouseAd(
  options: {
    actor: Actor;
    input: HouseAdInput;
    /** The owner's listing (owners must give it; admins name one by slug in the input, or none). */
    businessId?: string | null;
    images?: AdImages;
    now?: Date;
  },
  executor?: Executor,
): Promise<{ id: string; status: HouseAdStatus }> {
  const now = options.now ?? new Date();
  const isAdmin = can(options.actor, "manage:ad:any");
  const db = executor ?? getDb();
  let businessId: string | null = null;
  if (isAdmin) {
    if (options.input.businessSlug) {
      const listing = await listingRef({ slug: options.input.businessSlug }, db);
      if (!listing) throw new AppError("invalid", "ads:form.errors.business", { field: "businessSlug" });
      businessId = listing.id;
    } else if (options.businessId) businessId = options.businessId;
  } else {
    if (!options.businessId) throw new AppError("not_found", "ads:errors.notFound");
    await ownerListing(options.actor, options.businessId, db);
    await assertPlanAllowsAds(options.businessId, db);
    businessId = options.businessId;
  }
  await checkAreas(options.input.areas);
  const status: HouseAdStatus = isAdmin ? "active" : "pending";
  const created = await withStoredImages(options.images ?? {}, (stored) =>
    insertHouseAd({ actor: options.actor, input: options.input, businessId, stored, now }, executor),
  );
  if (!isAdmin) await tellAdmins(created.id, options.input.headlineEn);
  return { id: created.id, status };
}

/**
 * createHouseAd's row, once the images are stored: an admin's ad is live at once (and audited); an
 * owner's waits for an admin and shows nowhere yet.
 */
const insertHouseAd = defineWrite(
  {
    contentKinds: (_row, options) => (can(options.actor, "manage:ad:any") ? ["ads"] : []),
    audit: (row, options) =>
      can(options.actor, "manage:ad:any") ? { action: "ad.create", targetType: "house_ad", targetId: row.id } : null,
  },
  async (
    options: {
      actor: Actor;
      input: HouseAdInput;
      businessId: string | null;
      stored: { en: StoredImage | null; es: StoredImage | null };
      now: Date;
    },
    tx: Executor,
  ) => {
    const { businessId, stored } = options;
    const isAdmin = can(options.actor, "manage:ad:any");
    if (!isAdmin && businessId) {
      // Counted under the listing's lock, so two submissions at once cannot both pass the limit.
      await lockEditable(tx, businessId, options.actor);
      const open = await tx
        .select({ id: houseAds.id })
        .from(houseAds)
        .where(and(eq(houseAds.businessId, businessId), inArray(houseAds.status, openStatuses)));
      if (open.length >= adLimits.openPerBusiness)
        throw new AppError("conflict", "ads:errors.tooMany", { max: adLimits.openPerBusiness });
    }
    const [row] = await tx
      .insert(houseAds)
      .values({
        ...creativeColumns(options.input, options.now),
        businessId,
        imageEnKey: stored.en?.key ?? null,
        imageEnWidths: stored.en?.widths ?? null,
        imageEsKey: stored.es?.key ?? null,
        imageEsWidths: stored.es?.widths ?? null,
        status: isAdmin ? "active" : "pending",
        source: isAdmin ? "admin" : "plan",
        createdBy: options.actor.id,
        reviewedBy: isAdmin ? options.actor.id : null,
      })
      .returning({ id: houseAds.id });
    return row;
  },
);

async function tellAdmins(adId: string, headline: string) {
  try {
    const admins = await activeAdmins();
    await inTransaction(undefined, async (tx) => {
      for (const admin of admins) {
        const language: Language = isLanguage(admin.language) ? admin.language : "en";
        const t = await getTranslator(language);
        const values = { headline, link: emailLink(`/admin/ads/${adId}`, language) };
        await sendEmail(
          {
            to: admin.email,
            subject: t("ads:emails.review.subject", values),
            text: t("ads:emails.review.text", values),
          },
          tx,
        );
      }
    });
  } catch (error) {
    // The ad is saved and listed in the admin queue; a lost notice must not fail the owner's post.
    logger.warn({ err: error, adId }, "could not email admins about an ad to review");
  }
}

async function lockAd(tx: Executor, actor: Actor, id: string) {
  const [ad] = await tx.select().from(houseAds).where(eq(houseAds.id, id)).for("update");
  if (!ad) throw new AppError("not_found", "ads:errors.notFound");
  if (can(actor, "manage:ad:any")) return ad;
  // An owner reaches only the ads of listings they may edit; anyone else's look like none at all.
  if (!ad.businessId || ad.source !== "plan") throw new AppError("not_found", "ads:errors.notFound");
  await ownerListing(actor, ad.businessId, tx);
  return ad;
}

/**
 * Changes an ad's creative or targeting. An owner's edit of an approved or refused ad goes back to
 * an admin (what was approved is not what runs any more); an admin's edit stays as it is.
 */
export async function updateHouseAd(
  options: {
    actor: Actor;
    id: string;
    input: HouseAdInput;
    images?: AdImages;
    now?: Date;
  },
  executor?: Executor,
) {
  const now = options.now ?? new Date();
  await checkAreas(options.input.areas);
  const result = await withStoredImages(options.images ?? {}, (stored) =>
    changeHouseAd({ actor: options.actor, id: options.id, input: options.input, stored, now }, executor),
  );
  for (const old of result.replaced)
    await deleteImageVariants(old.key, old.widths).catch((error) =>
      logger.warn({ err: error }, "could not remove a replaced ad image"),
    );
  if (result.wasReviewed) await tellAdmins(result.id, result.headline);
  return { id: result.id, status: result.status };
}

/**
 * updateHouseAd's transaction, once the new images are stored. Answers the images it replaced or
 * removed: their files go once this is committed.
 */
const changeHouseAd = defineWrite(
  {
    contentKinds: ["ads"],
    audit: (result, options) =>
      can(options.actor, "manage:ad:any") ? { action: "ad.update", targetType: "house_ad", targetId: result.id } : null,
  },
  async (
    options: {
      actor: Actor;
      id: string;
      input: HouseAdInput;
      stored: { en: StoredImage | null; es: StoredImage | null };
      now: Date;
    },
    tx: Executor,
  ) => {
    const { stored, now } = options;
    const isAdmin = can(options.actor, "manage:ad:any");
    const replaced: StoredImage[] = [];
    const ad = await lockAd(tx, options.actor, options.id);
    if (ad.status === "ended") throw new AppError("conflict", "ads:errors.ended");
    if (!isAdmin && ad.businessId) await assertPlanAllowsAds(ad.businessId, tx);
    const image = (lang: "En" | "Es") => {
      const fresh = lang === "En" ? stored.en : stored.es;
      const key = lang === "En" ? ad.imageEnKey : ad.imageEsKey;
      const widths = lang === "En" ? ad.imageEnWidths : ad.imageEsWidths;
      const remove = lang === "En" ? options.input.removeImageEn : options.input.removeImageEs;
      if ((fresh || remove) && key && widths) replaced.push({ key, widths });
      if (fresh) return { key: fresh.key, widths: fresh.widths };
      return remove ? { key: null, widths: null } : { key, widths };
    };
    const en = image("En");
    const es = image("Es");
    const status: HouseAdStatus =
      !isAdmin && (ad.status === "active" || ad.status === "rejected" || ad.status === "paused")
        ? "pending"
        : (ad.status as HouseAdStatus);
    await tx
      .update(houseAds)
      .set({
        ...creativeColumns(options.input, now),
        // An edit keeps the ad's own start unless a new day was given.
        startsAt: options.input.startsOn ? startOf(options.input.startsOn, now) : ad.startsAt,
        imageEnKey: en.key,
        imageEnWidths: en.widths,
        imageEsKey: es.key,
        imageEsWidths: es.widths,
        status,
      })
      .where(eq(houseAds.id, ad.id));
    return { id: ad.id, status, headline: options.input.headlineEn, wasReviewed: status !== ad.status, replaced };
  },
);

const transitions: Record<string, { from: HouseAdStatus[]; to: HouseAdStatus }> = {
  approve: { from: ["pending", "rejected"], to: "active" },
  reject: { from: ["pending", "active", "paused"], to: "rejected" },
  pause: { from: ["active"], to: "paused" },
  resume: { from: ["paused"], to: "active" },
  end: { from: ["pending", "active", "paused", "rejected"], to: "ended" },
};

/**
 * An admin decides on an ad (approve, reject with a note, pause, resume, end); an owner may only
 * end their own. The owner of a plan ad hears of an approval or a refusal by email.
 */
export const decideHouseAd = defineWrite(
  {
    contentKinds: ["ads"],
    audit: (outcome, options) => ({
      action: `ad.${options.decision}`,
      targetType: "house_ad",
      targetId: outcome.id,
      details: options.note ? { note: options.note } : {},
    }),
  },
  async (
    options: {
      actor: Actor;
      id: string;
      decision: "approve" | "reject" | "pause" | "resume" | "end";
      note?: string;
    },
    tx: Executor,
  ) => {
    const isAdmin = can(options.actor, "manage:ad:any");
    if (!isAdmin && options.decision !== "end") throw new AppError("forbidden", "errors.forbidden");
    const transition = transitions[options.decision];
    const ad = await lockAd(tx, options.actor, options.id);
    if (!transition.from.includes(ad.status as HouseAdStatus))
      throw new AppError("conflict", "ads:errors.transition", { status: ad.status });
    if (options.decision === "reject" && !options.note)
      throw new AppError("invalid", "ads:form.errors.noteRequired", { field: "note" });
    await tx
      .update(houseAds)
      .set({
        status: transition.to,
        reviewNote: options.decision === "reject" ? (options.note ?? null) : ad.reviewNote,
        reviewedBy: isAdmin ? options.actor.id : ad.reviewedBy,
      })
      .where(eq(houseAds.id, ad.id));
    if (ad.source === "plan" && ad.createdBy && (options.decision === "approve" || options.decision === "reject")) {
      const owner = (await userSummaries([ad.createdBy], tx)).get(ad.createdBy);
      if (owner) {
        const language: Language = isLanguage(owner.preferredLanguage) ? owner.preferredLanguage : "en";
        const t = await getTranslator(language);
        const values = {
          headline: language === "es" ? ad.headlineEs : ad.headlineEn,
          note: options.note || "—",
          link: emailLink("/dashboard/ads", language),
        };
        await sendEmail(
          {
            to: owner.email,
            subject: t(`ads:emails.${options.decision}.subject`, values),
            text: t(`ads:emails.${options.decision}.text`, values),
          },
          tx,
        );
      }
    }
    return { id: ad.id, status: transition.to };
  },
);

const listColumns = {
  id: houseAds.id,
  businessId: houseAds.businessId,
  headlineEn: houseAds.headlineEn,
  headlineEs: houseAds.headlineEs,
  status: houseAds.status,
  source: houseAds.source,
  startsAt: houseAds.startsAt,
  endsAt: houseAds.endsAt,
  pageKinds: houseAds.pageKinds,
  areas: houseAds.areas,
  languages: houseAds.languages,
  reviewNote: houseAds.reviewNote,
  createdAt: houseAds.createdAt,
};

/** Adds each row's advertiser (name and address) from the directory. */
async function withAdvertisers<T extends { businessId: string | null }>(rows: T[]) {
  const labels = await businessLabels(rows.flatMap((row) => (row.businessId ? [row.businessId] : [])));
  return rows.map((row) => {
    const label = row.businessId ? labels.get(row.businessId) : undefined;
    return { ...row, businessName: label?.name ?? null, businessSlug: label?.slug ?? null };
  });
}

/** Every ad, waiting ones first, for the admin's list (optionally one status). */
export async function listHouseAdsForAdmin(options: { actor: Actor; status?: HouseAdStatus; limit?: number }) {
  assertCan(options.actor, "manage:ad:any");
  const where: SQL | undefined = options.status ? eq(houseAds.status, options.status) : undefined;
  const rows = await getDb()
    .select(listColumns)
    .from(houseAds)
    .where(where)
    .orderBy(desc(eq(houseAds.status, "pending")), desc(houseAds.createdAt))
    .limit(options.limit ?? 200);
  return withAdvertisers(rows);
}

/** The ads of one of the owner's listings (someone else's listing is "not found"). */
export async function listHouseAdsForOwner(options: { actor: Actor; businessId: string }) {
  await ownerListing(options.actor, options.businessId, getDb());
  const rows = await getDb()
    .select(listColumns)
    .from(houseAds)
    .where(and(eq(houseAds.businessId, options.businessId), eq(houseAds.source, "plan")))
    .orderBy(desc(houseAds.createdAt));
  return withAdvertisers(rows);
}

/** Whether the owner's listing may run ads of its own (its plan includes them). */
export async function listingMayAdvertise(options: { actor: Actor; businessId: string }) {
  await ownerListing(options.actor, options.businessId, getDb());
  return (await listingsWithPlanFeature([options.businessId], "adPlacement")).has(options.businessId);
}

/** One ad with everything its edit form shows, for an admin or the owner of its listing. */
export async function getHouseAd(options: { actor: Actor; id: string }) {
  const [ad] = await getDb().select().from(houseAds).where(eq(houseAds.id, options.id));
  if (!ad) throw new AppError("not_found", "ads:errors.notFound");
  if (!can(options.actor, "manage:ad:any")) {
    if (!ad.businessId || ad.source !== "plan") throw new AppError("not_found", "ads:errors.notFound");
    await ownerListing(options.actor, ad.businessId, getDb());
  }
  const [withLabel] = await withAdvertisers([ad]);
  return withLabel;
}
