import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { type PlusCode, plusCode } from "#app/lib/plus-code";
import { registerSitemapSource } from "#app/lib/sitemap.server";
import { businesses } from "#app/platform/listings/schema";
import { userSummaries } from "#app/platform/people/people.server";
import { areaNamesBySlug } from "#app/platform/site/site-config.server";
import {
  type BusinessEventKind,
  type BusinessOffering,
  businessOfferings,
  type SpokenLanguage,
  spokenLanguages,
  type VisitSource,
} from "./constants";
import { addDays, type Closure, localMoment, type OpeningPeriod, type OpenStatus, openStatus } from "./hours";
import { closureColumns, listingIdentityColumns, selectGallery, selectOpeningHours } from "./listing-rows.server";
import { excerpt, type LocalizedText, pickList, pickText } from "./localized";
import {
  businessClaims,
  businessClosures,
  businessEvents,
  businessTaxRegistrations,
  menuItems,
  reviews,
} from "./schema";
import { formatTaxId, taxIdKindOf } from "./tax-id";

// Every verified business page is in sitemap.xml (both languages) and /sitemap.
registerSitemapSource("businesses", async () => {
  const rows = await getDb()
    .select({ slug: businesses.slug, name: businesses.name, updatedAt: businesses.updatedAt })
    .from(businesses)
    .where(eq(businesses.status, "verified"))
    .orderBy(asc(businesses.name));
  // A business is named as it names itself, in both languages.
  return rows.map((row) => ({
    path: `/business/${row.slug}`,
    lastModified: row.updatedAt,
    title: { en: row.name, es: row.name },
  }));
});

export interface PublicReview {
  id: string;
  rating: number;
  body: string;
  language: string;
  authorName: string | null;
  isDemo: boolean;
  isMine: boolean;
  createdAt: string;
  updatedAt: string;
  ownerReply: string | null;
  ownerReplyAt: string | null;
}

export interface ContactDetails {
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  website: string | null;
}

export interface PublicMenuItem {
  id: string;
  name: LocalizedText;
  description: LocalizedText;
  priceMinor: number | null;
  currency: string;
  available: boolean;
  section: LocalizedText;
  dietaryTags: string[];
  image: { key: string; widths: number[] } | null;
}

export interface PublicBusiness {
  id: string;
  slug: string;
  name: string;
  category: string;
  area: { slug: string; name: string };
  address: string;
  /** How to get there from landmarks, in the page's language or the other one with a marker. */
  directions: LocalizedText;
  latitude: number | null;
  longitude: number | null;
  /** Computed from the coordinates; null without them. */
  plusCode: PlusCode | null;
  description: LocalizedText;
  specialties: { items: string[]; fallbackLanguage: Language | null };
  metaTitle: string | null;
  metaDescription: string;
  seoKeywords: string[];
  /** What the place accepts and offers, in the vocabulary's order; facts, shown on free listings too. */
  offerings: BusinessOffering[];
  spokenLanguages: SpokenLanguage[];
  isPremium: boolean;
  isDemo: boolean;
  hasOwner: boolean;
  rating: number;
  reviewCount: number;
  hours: OpeningPeriod[];
  upcomingClosures: Closure[];
  status: OpenStatus;
  today: string;
  menu: PublicMenuItem[];
  /** Premium: the whole gallery. Free: the cover photo only. */
  images: { id: string; key: string; widths: number[]; width: number; height: number; alt: string }[];
  hiddenImageCount: number;
  /** Premium only: free listings never send these to the browser, not even hidden. */
  contact: ContactDetails | null;
  /** The "registered business" mark; its taxId is shown only for a company's cédula jurídica. */
  registered: { taxId: string | null } | null;
  hasHiddenContact: boolean;
  updatedAt: string;
}

/** First name and initial: enough to be a person, not enough to be found. */
function reviewerName(author: { firstName: string | null; lastName: string | null } | undefined): string | null {
  if (!author?.firstName) return null;
  return `${author.firstName} ${author.lastName ? `${author.lastName.slice(0, 1)}.` : ""}`.trim();
}

/**
 * A business page as a visitor may see it. Only verified businesses are public; the premium
 * gating happens here, on the server, so the HTML of a free listing cannot leak its contacts.
 */
export async function getPublicBusiness(options: {
  slug: string;
  language: Language;
  timeZone: string;
  now?: Date;
}): Promise<PublicBusiness> {
  const db = getDb();
  const slug = options.slug.toLowerCase().slice(0, 80);
  const [row] = await db
    .select({
      ...listingIdentityColumns,
      address: businesses.address,
      directionsEn: businesses.directionsEn,
      directionsEs: businesses.directionsEs,
      latitude: businesses.latitude,
      longitude: businesses.longitude,
      phone: businesses.phone,
      whatsapp: businesses.whatsapp,
      email: businesses.email,
      website: businesses.website,
      descriptionEn: businesses.descriptionEn,
      descriptionEs: businesses.descriptionEs,
      specialtiesEn: businesses.specialtiesEn,
      specialtiesEs: businesses.specialtiesEs,
      metaTitleEn: businesses.metaTitleEn,
      metaTitleEs: businesses.metaTitleEs,
      metaDescriptionEn: businesses.metaDescriptionEn,
      metaDescriptionEs: businesses.metaDescriptionEs,
      seoKeywords: businesses.seoKeywords,
      offerings: businesses.offerings,
      spokenLanguages: businesses.spokenLanguages,
      status: businesses.status,
      isPremium: businesses.isPremium,
      isDemo: businesses.isDemo,
      ownerId: businesses.ownerId,
      rating: businesses.ratingAverage,
      reviewCount: businesses.reviewCount,
      updatedAt: businesses.updatedAt,
    })
    .from(businesses)
    .where(eq(businesses.slug, slug))
    .limit(1);
  if (row?.status !== "verified") throw new AppError("not_found", "directory:business.notFound");
  const area = (await areaNamesBySlug()).get(row.areaSlug);
  if (!area) throw new AppError("not_found", "directory:business.notFound");

  const now = options.now ?? new Date();
  const today = localMoment(now, options.timeZone).date;
  const [hours, closures, menu, images, registration] = await Promise.all([
    selectOpeningHours(db, row.id),
    db
      .select(closureColumns)
      .from(businessClosures)
      .where(and(eq(businessClosures.businessId, row.id), gte(businessClosures.endsOn, addDays(today, -1))))
      .orderBy(asc(businessClosures.startsOn)),
    db
      .select({
        id: menuItems.id,
        nameEn: menuItems.nameEn,
        nameEs: menuItems.nameEs,
        descriptionEn: menuItems.descriptionEn,
        descriptionEs: menuItems.descriptionEs,
        priceMinor: menuItems.priceMinor,
        currency: menuItems.currency,
        available: menuItems.available,
        sectionEn: menuItems.sectionEn,
        sectionEs: menuItems.sectionEs,
        dietaryTags: menuItems.dietaryTags,
        imageKey: menuItems.imageKey,
        imageWidths: menuItems.imageWidths,
      })
      .from(menuItems)
      .where(eq(menuItems.businessId, row.id))
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.nameEn)),
    selectGallery(db, row.id),
    businessTaxRegistration(row.id, db),
  ]);

  const description = pickText(row.descriptionEn, row.descriptionEs, options.language);
  const visibleImages = row.isPremium ? images : images.slice(0, 1);
  const hasContact = Boolean(row.phone || row.whatsapp || row.email || row.website);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    area: { slug: row.areaSlug, name: options.language === "es" ? area.es : area.en },
    address: row.address,
    directions: pickText(row.directionsEn, row.directionsEs, options.language),
    latitude: row.latitude,
    longitude: row.longitude,
    plusCode: plusCode(row),
    description,
    specialties: pickList(row.specialtiesEn, row.specialtiesEs, options.language),
    metaTitle:
      (options.language === "es" ? row.metaTitleEs || row.metaTitleEn : row.metaTitleEn || row.metaTitleEs) || null,
    metaDescription:
      (options.language === "es"
        ? row.metaDescriptionEs || row.metaDescriptionEn
        : row.metaDescriptionEn || row.metaDescriptionEs) || excerpt(description.text, 158),
    seoKeywords: row.seoKeywords,
    offerings: businessOfferings.filter((offering) => row.offerings.includes(offering)),
    spokenLanguages: spokenLanguages.filter((code) => row.spokenLanguages.includes(code)),
    isPremium: row.isPremium,
    isDemo: row.isDemo,
    hasOwner: row.ownerId !== null,
    rating: Math.round(row.rating * 10) / 10,
    reviewCount: row.reviewCount,
    hours,
    upcomingClosures: closures.filter((closure) => closure.startsOn <= addDays(today, 60)),
    status: openStatus(hours, closures, now, options.timeZone),
    today,
    menu: menu.map((item) => ({
      id: item.id,
      name: pickText(item.nameEn, item.nameEs, options.language),
      description: pickText(item.descriptionEn, item.descriptionEs, options.language),
      priceMinor: item.priceMinor,
      currency: item.currency,
      available: item.available,
      section: pickText(item.sectionEn, item.sectionEs, options.language),
      dietaryTags: item.dietaryTags,
      image: item.imageKey && item.imageWidths?.length ? { key: item.imageKey, widths: item.imageWidths } : null,
    })),
    images: visibleImages.map((image) => ({
      id: image.id,
      key: image.key,
      widths: image.widths,
      width: image.width,
      height: image.height,
      alt: (options.language === "es" ? image.altEs || image.altEn : image.altEn || image.altEs) || row.name,
    })),
    hiddenImageCount: images.length - visibleImages.length,
    contact: row.isPremium
      ? { phone: row.phone, whatsapp: row.whatsapp, email: row.email, website: row.website }
      : null,
    hasHiddenContact: !row.isPremium && hasContact,
    registered: registration,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A listing's "registered business" mark, as its public page shows it; null when it has none. */
export async function businessTaxRegistration(businessId: string, executor?: Executor) {
  const [row] = await (executor ?? getDb())
    .select({ taxId: businessTaxRegistrations.taxId, method: businessTaxRegistrations.method })
    .from(businessTaxRegistrations)
    .where(eq(businessTaxRegistrations.businessId, businessId));
  if (!row) return null;
  // A company's cédula jurídica is public record; a person's cédula física is not published here.
  return { taxId: taxIdKindOf(row.taxId) === "juridica" ? formatTaxId(row.taxId) : null };
}

/** Published reviews, newest first, with the viewer's own marked so they can edit it. */
export async function listBusinessReviews(options: {
  businessId: string;
  viewerId?: string | null;
  limit?: number;
}): Promise<PublicReview[]> {
  const rows = await getDb()
    .select({
      id: reviews.id,
      userId: reviews.userId,
      rating: reviews.rating,
      body: reviews.body,
      language: reviews.language,
      demoAuthorName: reviews.demoAuthorName,
      isDemo: reviews.isDemo,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      ownerReply: reviews.ownerReply,
      ownerReplyAt: reviews.ownerReplyAt,
    })
    .from(reviews)
    .where(and(eq(reviews.businessId, options.businessId), eq(reviews.status, "published")))
    .orderBy(desc(reviews.createdAt))
    .limit(Math.min(options.limit ?? 50, 200));
  const authors = await userSummaries(rows.flatMap((row) => row.userId ?? []));
  return rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    body: row.body,
    language: row.language,
    // First name and initial: enough to be a person, not enough to be found.
    authorName: row.demoAuthorName ?? reviewerName(row.userId ? authors.get(row.userId) : undefined),
    isDemo: row.isDemo,
    isMine: Boolean(options.viewerId && row.userId === options.viewerId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ownerReply: row.ownerReply,
    ownerReplyAt: row.ownerReplyAt?.toISOString() ?? null,
  }));
}

/** What the signed-in viewer may do on a business page. */
export async function viewerRelation(options: { businessId: string; userId: string }) {
  const db = getDb();
  const [business] = await db
    .select({ ownerId: businesses.ownerId })
    .from(businesses)
    .where(eq(businesses.id, options.businessId))
    .limit(1);
  const [pendingClaim] = await db
    .select({ id: businessClaims.id })
    .from(businessClaims)
    .where(
      and(
        eq(businessClaims.businessId, options.businessId),
        eq(businessClaims.userId, options.userId),
        eq(businessClaims.status, "pending"),
      ),
    )
    .limit(1);
  return { isOwner: business?.ownerId === options.userId, hasPendingClaim: Boolean(pendingClaim) };
}

/**
 * Records a view or a click as a first-party event. Counting must never break the page, so a
 * failure is logged and swallowed.
 */
export async function recordBusinessEvent(
  options: {
    businessId: string;
    kind: BusinessEventKind;
    language: Language;
    source?: VisitSource;
  },
  executor?: Executor,
) {
  try {
    await (executor ?? getDb()).insert(businessEvents).values({
      businessId: options.businessId,
      kind: options.kind,
      language: options.language,
      source: options.source ?? "direct",
    });
  } catch (error) {
    // A failed statement spoils the caller's transaction, so only a write of our own is best-effort.
    if (executor) throw error;
    logger.warn({ err: error, businessId: options.businessId }, "could not record a business event");
  }
}

/**
 * Page views are counted off the request path: queued in memory and written in one insert every
 * few seconds (or at 200 queued), and flushed on shutdown. The trade-off: a crash (kill -9, power
 * loss) loses at most the last few seconds of views, which are statistics, never money or content.
 */
const viewFlushMs = 2000;
const viewFlushAt = 200;
interface QueuedEvent {
  businessId: string;
  kind: BusinessEventKind;
  language: Language;
  source: VisitSource;
}
let queuedEvents: QueuedEvent[] = [];
let flushTimer: NodeJS.Timeout | null = null;
let flushing: Promise<void> = Promise.resolve();

export function queueBusinessEvent(event: QueuedEvent) {
  queuedEvents.push(event);
  if (queuedEvents.length >= viewFlushAt) void flushBusinessEvents();
  else if (!flushTimer) {
    flushTimer = setTimeout(() => void flushBusinessEvents(), viewFlushMs);
    flushTimer.unref();
  }
}

/** Writes the queued events now (the timer does it; shutdown and tests call it). */
export function flushBusinessEvents(): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const batch = queuedEvents;
  queuedEvents = [];
  flushing = flushing.then(async () => {
    if (batch.length === 0) return;
    try {
      await getDb().insert(businessEvents).values(batch);
    } catch (error) {
      logger.warn({ err: error, events: batch.length }, "could not record queued business events");
    }
  });
  return flushing;
}

/** The public id of a verified business by slug, or null (for event tracking). */
export async function findPublicBusinessId(slug: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.slug, slug.toLowerCase().slice(0, 80)), eq(businesses.status, "verified")))
    .limit(1);
  return row?.id ?? null;
}

/** Counts of events per kind over the last `days` days, for the owner's dashboard. */
export async function countBusinessEvents(options: { businessId: string; days: number }) {
  const since = new Date(Date.now() - options.days * 86_400_000);
  const rows = await getDb()
    .select({ kind: businessEvents.kind, count: sql<number>`count(*)::int` })
    .from(businessEvents)
    .where(and(eq(businessEvents.businessId, options.businessId), gte(businessEvents.occurredAt, since)))
    .groupBy(businessEvents.kind);
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.count)])) as Partial<
    Record<BusinessEventKind, number>
  >;
}
