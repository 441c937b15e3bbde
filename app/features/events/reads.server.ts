import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { contentMemo } from "#app/lib/minute-memo.server";
import { registerSitemapSource } from "#app/lib/sitemap.server";
import { venueBusinesses } from "#app/platform/listings/event-venues.server";
import { publicName, userSummaries } from "#app/platform/people/people.server";
import { areaNamesBySlug } from "#app/platform/site/site-config.server";
import type { EventCategory, RepeatKind } from "./constants";
import { describeRule } from "./recurrence.server";
import { eventOccurrences, eventRsvps, events } from "./schema";

// The public reads of the events area: occurrences in a date range with filters (the list, the
// calendar, the feeds, the home page's next events), and one event's page.

registerSitemapSource("events", async () => {
  const rows = await getDb()
    .select({ slug: events.slug, updatedAt: events.updatedAt, titleEn: events.titleEn, titleEs: events.titleEs })
    .from(events)
    .where(eq(events.status, "published"))
    .orderBy(desc(events.startsAt))
    .limit(2000);
  return rows.map((row) => ({
    path: `/events/${row.slug}`,
    lastModified: row.updatedAt,
    title: { en: row.titleEn || row.titleEs, es: row.titleEs || row.titleEn },
  }));
});

export interface Cost {
  minor: number;
  currency: "USD" | "CRC";
}

export interface OccurrenceCard {
  occurrenceId: string;
  eventId: string;
  slug: string;
  title: string;
  excerpt: string;
  category: EventCategory;
  area: { slug: string; name: string };
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  venueName: string;
  cost: Cost | null;
  minAge: number | null;
  maxAttendees: number | null;
  placesLeft: number | null;
  repeat: RepeatKind;
  cancelled: boolean;
  photoUrl: string | null;
  isDemo: boolean;
}

export interface OccurrenceQuery {
  from: Date;
  to: Date;
  area?: string;
  category?: EventCategory;
  cost?: "free" | "paid";
  age?: "all" | "adults";
  businessId?: string;
  /** Leave out cancelled dates and cancelled events (feeds, the home page). */
  liveOnly?: boolean;
  limit?: number;
}

function pick(en: string, es: string, language: Language) {
  return (language === "es" ? es || en : en || es) || "";
}

function excerptOf(text: string, length = 180) {
  const plain = text.replace(/\s+/g, " ").trim();
  return plain.length > length ? `${plain.slice(0, length - 1)}…` : plain;
}

const confirmedSeats = sql<number>`(select coalesce(sum(r.party_size), 0)::int from event_rsvps r where r.occurrence_id = "event_occurrences"."id" and r.status = 'confirmed')`;

/** Published events' occurrences that overlap [from, to), soonest first. */
export async function listOccurrences(query: OccurrenceQuery, language: Language): Promise<OccurrenceCard[]> {
  const conditions: SQL[] = [
    eq(events.status, "published"),
    lt(eventOccurrences.startsAt, query.to),
    gte(eventOccurrences.endsAt, query.from),
  ];
  if (query.area) conditions.push(eq(events.areaSlug, query.area));
  if (query.category) conditions.push(eq(events.category, query.category));
  if (query.cost === "free") conditions.push(isNull(events.costMinor));
  if (query.cost === "paid") conditions.push(isNotNull(events.costMinor));
  if (query.age === "all") conditions.push(isNull(events.minAge));
  if (query.age === "adults") conditions.push(gte(events.minAge, 18));
  if (query.businessId) {
    const byBusiness = or(
      eq(events.venueBusinessId, query.businessId),
      eq(events.organizerBusinessId, query.businessId),
    );
    if (byBusiness) conditions.push(byBusiness);
  }
  if (query.liveOnly) conditions.push(isNull(events.cancelledAt), isNull(eventOccurrences.cancelledAt));
  const db = getDb();
  const [rows, areaNames] = await Promise.all([
    db
      .select({
        occurrenceId: eventOccurrences.id,
        eventId: events.id,
        slug: events.slug,
        titleEn: events.titleEn,
        titleEs: events.titleEs,
        descriptionEn: events.descriptionEn,
        descriptionEs: events.descriptionEs,
        category: events.category,
        areaSlug: events.areaSlug,
        startsAt: eventOccurrences.startsAt,
        endsAt: eventOccurrences.endsAt,
        allDay: events.allDay,
        venueName: events.venueName,
        costMinor: events.costMinor,
        costCurrency: events.costCurrency,
        minAge: events.minAge,
        maxAttendees: events.maxAttendees,
        repeat: events.repeat,
        eventCancelled: events.cancelledAt,
        occurrenceCancelled: eventOccurrences.cancelledAt,
        photoUrl: events.photoUrl,
        isDemo: events.isDemo,
        confirmed: confirmedSeats,
      })
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .where(and(...conditions))
      .orderBy(asc(eventOccurrences.startsAt), asc(events.slug))
      .limit(Math.min(query.limit ?? 300, 500)),
    areaNamesBySlug(db),
  ]);
  return rows.map((row) => ({
    occurrenceId: row.occurrenceId,
    eventId: row.eventId,
    slug: row.slug,
    title: pick(row.titleEn, row.titleEs, language),
    excerpt: excerptOf(pick(row.descriptionEn, row.descriptionEs, language)),
    category: row.category as EventCategory,
    area: { slug: row.areaSlug, name: areaNames.get(row.areaSlug)?.[language] ?? row.areaSlug },
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    allDay: row.allDay,
    venueName: row.venueName,
    cost: row.costMinor === null ? null : { minor: row.costMinor, currency: row.costCurrency as "USD" | "CRC" },
    minAge: row.minAge,
    maxAttendees: row.maxAttendees,
    placesLeft: row.maxAttendees === null ? null : Math.max(0, row.maxAttendees - Number(row.confirmed)),
    repeat: row.repeat as RepeatKind,
    cancelled: Boolean(row.eventCancelled || row.occurrenceCancelled),
    photoUrl: row.photoUrl,
    isDemo: row.isDemo,
  }));
}

/** Whether any event is public at all (the empty state tells "none yet" from "none match"). */
export async function anyPublishedEvents(): Promise<boolean> {
  const rows = await getDb().select({ id: events.id }).from(events).where(eq(events.status, "published")).limit(1);
  return rows.length > 0;
}

/** The next few live dates, for the home page, /community and a business page. */
export async function nextOccurrences(options: {
  language: Language;
  limit: number;
  businessId?: string;
  now?: Date;
}): Promise<OccurrenceCard[]> {
  const now = options.now ?? new Date();
  return listOccurrences(
    {
      from: now,
      to: new Date(now.getTime() + 366 * 86_400_000),
      businessId: options.businessId,
      liveOnly: true,
      limit: options.limit,
    },
    options.language,
  );
}

// The site-wide block (the home page's) is the same for everyone for a minute and an events
// version; a business page's block is per business and read each time.
const siteWideBlocks = contentMemo<OccurrenceCard[]>(["events"]);

/** The same for pages where events are extra (home, /community, a business): never throws. */
export async function nextEventsBlock(options: { language: Language; limit: number; businessId?: string }) {
  const now = new Date();
  const read = options.businessId
    ? nextOccurrences({ ...options, now })
    : siteWideBlocks(`${options.language}:${options.limit}`, now, () => nextOccurrences({ ...options, now }));
  return read.catch((error: unknown) => {
    logger.error({ err: error }, "next events failed");
    return [] as OccurrenceCard[];
  });
}

export interface OccurrenceDetail {
  id: string;
  startsAt: string;
  endsAt: string;
  cancelled: boolean;
  isException: boolean;
  confirmed: number;
  waitlisted: number;
  placesLeft: number | null;
  mine: { status: "confirmed" | "waitlisted"; partySize: number; position: number | null } | null;
}

/**
 * One event's page: published events for everyone; a pending or hidden one only for its organiser
 * and admins (others get 404). Past events stay readable.
 */
export async function getEventPage(options: { slug: string; language: Language; viewer: Actor | null }) {
  const db = getDb();
  const [event] = await db
    .select()
    .from(events)
    .where(eq(events.slug, options.slug.toLowerCase().slice(0, 100)));
  if (!event || event.status === "deleted") throw new AppError("not_found", "events:errors.notFound");
  const isOrganiser = Boolean(options.viewer && event.organizerId === options.viewer.id);
  const canManage = Boolean(
    options.viewer && can(options.viewer, "update:event:own", { ownerId: event.organizerId ?? undefined }),
  );
  if (event.status !== "published" && !canManage) throw new AppError("not_found", "events:errors.notFound");
  const { language } = options;
  const occurrenceRows = await db
    .select({
      id: eventOccurrences.id,
      startsAt: eventOccurrences.startsAt,
      endsAt: eventOccurrences.endsAt,
      cancelledAt: eventOccurrences.cancelledAt,
      isException: eventOccurrences.isException,
      confirmed: confirmedSeats,
      waitlisted: sql<number>`(select count(*)::int from event_rsvps r where r.occurrence_id = "event_occurrences"."id" and r.status = 'waitlisted')`,
    })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, event.id))
    .orderBy(asc(eventOccurrences.startsAt));
  const mine = new Map<string, OccurrenceDetail["mine"]>();
  if (options.viewer && occurrenceRows.length) {
    const ids = occurrenceRows.map((row) => row.id);
    const answers = await db
      .select({
        occurrenceId: eventRsvps.occurrenceId,
        status: eventRsvps.status,
        partySize: eventRsvps.partySize,
        seq: eventRsvps.seq,
      })
      .from(eventRsvps)
      .where(
        and(
          inArray(eventRsvps.occurrenceId, ids),
          eq(eventRsvps.userId, options.viewer.id),
          ne(eventRsvps.status, "cancelled"),
        ),
      );
    for (const answer of answers) {
      let position: number | null = null;
      if (answer.status === "waitlisted") {
        const [ahead] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(eventRsvps)
          .where(
            and(
              eq(eventRsvps.occurrenceId, answer.occurrenceId),
              eq(eventRsvps.status, "waitlisted"),
              lt(eventRsvps.seq, answer.seq),
            ),
          );
        position = Number(ahead?.count ?? 0) + 1;
      }
      mine.set(answer.occurrenceId, {
        status: answer.status as "confirmed" | "waitlisted",
        partySize: answer.partySize,
        position,
      });
    }
  }
  const [areaNames, venues, organizer] = await Promise.all([
    areaNamesBySlug(db),
    venueBusinesses([event.venueBusinessId, event.organizerBusinessId].filter((id): id is string => Boolean(id))),
    event.organizerId ? userSummaries([event.organizerId]) : Promise.resolve(new Map()),
  ]);
  const venueBusiness = event.venueBusinessId ? venues.get(event.venueBusinessId) : undefined;
  const organizerBusiness = event.organizerBusinessId ? venues.get(event.organizerBusinessId) : undefined;
  const person = event.organizerId ? organizer.get(event.organizerId) : undefined;
  const occurrences: OccurrenceDetail[] = occurrenceRows.map((row) => {
    const confirmed = Number(row.confirmed);
    return {
      id: row.id,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      cancelled: Boolean(row.cancelledAt || event.cancelledAt),
      isException: row.isException,
      confirmed,
      waitlisted: Number(row.waitlisted),
      placesLeft: event.maxAttendees === null ? null : Math.max(0, event.maxAttendees - confirmed),
      mine: mine.get(row.id) ?? null,
    };
  });
  const rule = describeRule(event.rrule);
  return {
    id: event.id,
    slug: event.slug,
    status: event.status,
    title: pick(event.titleEn, event.titleEs, language),
    description: pick(event.descriptionEn, event.descriptionEs, language),
    descriptionLanguage: (
      language === "es"
        ? !event.descriptionEs && event.descriptionEn
        : !event.descriptionEn && event.descriptionEs
    )
      ? ((language === "es" ? "en" : "es") as Language)
      : null,
    category: event.category as EventCategory,
    area: { slug: event.areaSlug, name: areaNames.get(event.areaSlug)?.[language] ?? event.areaSlug },
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    allDay: event.allDay,
    repeat: rule.repeat,
    repeatUntil: rule.untilDay,
    venue: {
      name: event.venueName,
      address: event.venueAddress,
      business: venueBusiness?.verified ? { slug: venueBusiness.slug, name: venueBusiness.name } : null,
      latitude: event.latitude,
      longitude: event.longitude,
    },
    cost: event.costMinor === null ? null : { minor: event.costMinor, currency: event.costCurrency as "USD" | "CRC" },
    maxAttendees: event.maxAttendees,
    minAge: event.minAge,
    contactEmail: event.contactEmail,
    organizerWhatsapp: event.organizerWhatsapp,
    links: event.links,
    photoUrl: event.photoUrl,
    organizer: organizerBusiness?.verified
      ? { name: organizerBusiness.name, businessSlug: organizerBusiness.slug }
      : { name: person ? publicName(person) : null, businessSlug: null },
    organizerId: event.organizerId,
    isOrganiser,
    canManage,
    cancelled: Boolean(event.cancelledAt),
    isDemo: event.isDemo,
    updatedAt: event.updatedAt.toISOString(),
    occurrences,
  };
}
export type EventPage = Awaited<ReturnType<typeof getEventPage>>;

/** The raw rows the ICS download and feeds need for these events. */
export async function eventsForCalendar(options: { ids?: string[]; slug?: string; viewer?: Actor | null }) {
  const db = getDb();
  const conditions: SQL[] = [];
  if (options.ids) {
    if (!options.ids.length) return [];
    conditions.push(inArray(events.id, options.ids));
  }
  if (options.slug) conditions.push(eq(events.slug, options.slug.toLowerCase().slice(0, 100)));
  const rows = await db
    .select()
    .from(events)
    .where(and(...conditions));
  const visible = rows.filter(
    (row) =>
      row.status === "published" ||
      (row.status !== "deleted" &&
        options.viewer &&
        can(options.viewer, "update:event:own", { ownerId: row.organizerId ?? undefined })),
  );
  if (!visible.length) return [];
  const occurrences = await db
    .select()
    .from(eventOccurrences)
    .where(
      inArray(
        eventOccurrences.eventId,
        visible.map((row) => row.id),
      ),
    )
    .orderBy(asc(eventOccurrences.startsAt));
  return visible.map((event) => ({ event, occurrences: occurrences.filter((o) => o.eventId === event.id) }));
}
