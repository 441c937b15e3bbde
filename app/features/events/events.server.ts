import { randomBytes } from "node:crypto";
import { and, eq, gte, inArray, isNull, ne } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { phoneE164 } from "#app/lib/contact-links";
import { type Executor, getDb } from "#app/lib/db.server";
import { siteOrigin } from "#app/lib/env.server";
import { AppError, isAppError } from "#app/lib/errors";
import { formatDate } from "#app/lib/format";
import { type Language, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { slugify } from "#app/lib/slug";
import { deleteImageVariants, storageUrl, storeImageVariants, storeOrRefuseImage } from "#app/lib/storage.server";
import { venueBusinesses } from "#app/platform/listings/event-venues.server";
import { checkEdit, checkPublish, trustLevelOf } from "#app/platform/moderation/moderation.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { userSummaries } from "#app/platform/people/people.server";
import { areaExists } from "#app/platform/site/site-config.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import type { EventStatus } from "./constants";
import type { EventInput } from "./forms";
import { indexEvent } from "./indexing.server";
import { buildRule, expandOccurrences, parseWallTime, wallTimeToInstant } from "./recurrence.server";
import { eventOccurrences, eventRsvps, events } from "./schema";

// Events: anyone signed in organises one (new accounts' events wait in the moderation queue;
// trusted accounts and verified businesses publish at once). Each date of a repeating event is an
// `event_occurrences` row with its own RSVP list; RSVPs lock that row, so places are never
// oversubscribed, and a cancellation promotes the waitlist first come, first served.

type EventRow = typeof events.$inferSelect;

function dayAfter(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The first occurrence's instants from the form (all-day: local midnight to the next midnight). */
export function eventTimes(input: Pick<EventInput, "startDay" | "startTime" | "endDay" | "endTime" | "allDay">) {
  const endDay = input.endDay ?? input.startDay;
  if (input.allDay) {
    const start = parseWallTime(input.startDay, "00:00");
    const end = parseWallTime(dayAfter(endDay), "00:00");
    if (!start || !end) throw new AppError("invalid", "events:form.errors.date", { field: "startDay" });
    const startsAt = wallTimeToInstant(start);
    const endsAt = wallTimeToInstant(end);
    if (endsAt <= startsAt) throw new AppError("invalid", "events:form.errors.endBeforeStart", { field: "endDay" });
    return { startsAt, endsAt };
  }
  const start = parseWallTime(input.startDay, input.startTime ?? "");
  if (!start) throw new AppError("invalid", "events:form.errors.time", { field: "startTime" });
  const startsAt = wallTimeToInstant(start);
  let endsAt: Date;
  if (input.endTime) {
    const end = parseWallTime(endDay, input.endTime);
    if (!end) throw new AppError("invalid", "events:form.errors.time", { field: "endTime" });
    endsAt = wallTimeToInstant(end);
  } else {
    endsAt = new Date(startsAt.getTime() + 2 * 60 * 60 * 1000);
  }
  if (endsAt < startsAt) throw new AppError("invalid", "events:form.errors.endBeforeStart", { field: "endTime" });
  if (endsAt.getTime() - startsAt.getTime() > 14 * 86_400_000) {
    throw new AppError("invalid", "events:form.errors.tooLongEvent", { field: "endDay" });
  }
  return { startsAt, endsAt };
}

async function uniqueSlug(title: string, tx: Executor, exceptId?: string): Promise<string> {
  let base = slugify(title).slice(0, 60).replace(/-+$/, "") || "event";
  // "new" is the form's own address (/events/new).
  if (base === "new") base = "new-event";
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString("hex")}`;
    const [taken] = await tx
      .select({ id: events.id })
      .from(events)
      .where(exceptId ? and(eq(events.slug, slug), ne(events.id, exceptId)) : eq(events.slug, slug));
    if (!taken) return slug;
  }
  return `${base}-${randomBytes(6).toString("hex")}`;
}

/** Checks the venue and organiser business; returns the venue's details to store. */
async function resolveVenue(actor: Actor, input: EventInput, tx: Executor) {
  const ids = [input.venueBusiness, input.organizerBusiness].filter((id): id is string => Boolean(id));
  const found = await venueBusinesses(ids, tx);
  let venue = { businessId: null as string | null, name: input.venueName, address: input.venueAddress };
  let latitude = input.latitude ?? null;
  let longitude = input.longitude ?? null;
  if (input.venueBusiness) {
    const business = found.get(input.venueBusiness);
    if (!business?.verified)
      throw new AppError("invalid", "events:form.errors.venueBusiness", { field: "venueBusiness" });
    venue = {
      businessId: business.id,
      name: business.name,
      address: input.venueAddress || business.address,
    };
    if (latitude === null && business.latitude !== null && business.longitude !== null) {
      latitude = business.latitude;
      longitude = business.longitude;
    }
  }
  let organizerBusinessId: string | null = null;
  if (input.organizerBusiness) {
    const business = found.get(input.organizerBusiness);
    // Only on behalf of a verified business the actor owns (admins too, as organisers of record).
    if (!business?.verified || (business.ownerId !== actor.id && !can(actor, "update:business:any"))) {
      throw new AppError("forbidden", "events:form.errors.organizerBusiness", { field: "organizerBusiness" });
    }
    organizerBusinessId = business.id;
  }
  return { venue, latitude, longitude, organizerBusinessId };
}

function bodyOf(input: EventInput) {
  return [input.titleEn, input.titleEs, input.descriptionEn, input.descriptionEs, ...input.links].join("\n");
}

function costOf(input: EventInput) {
  if (input.price === undefined) return { costMinor: null, costCurrency: input.currency };
  return { costMinor: Math.round(input.price * 100), costCurrency: input.currency };
}

/** The columns the event form sets, the same when the event is created and on every edit. */
function formColumns(
  input: EventInput,
  times: ReturnType<typeof eventTimes>,
  rrule: ReturnType<typeof buildRule>,
  place: Awaited<ReturnType<typeof resolveVenue>>,
) {
  return {
    titleEn: input.titleEn,
    titleEs: input.titleEs,
    descriptionEn: input.descriptionEn,
    descriptionEs: input.descriptionEs,
    category: input.category,
    areaSlug: input.area,
    startsAt: times.startsAt,
    endsAt: times.endsAt,
    allDay: input.allDay,
    repeat: rrule ? input.repeat : "none",
    rrule,
    venueBusinessId: place.venue.businessId,
    venueName: place.venue.name,
    venueAddress: place.venue.address,
    latitude: place.latitude,
    longitude: place.longitude,
    ...costOf(input),
    maxAttendees: input.maxAttendees ?? null,
    minAge: input.minAge ?? null,
    contactEmail: input.contactEmail,
    organizerWhatsapp: input.organizerWhatsapp ? phoneE164(input.organizerWhatsapp) : null,
    links: input.links.filter(Boolean),
    organizerBusinessId: place.organizerBusinessId,
  };
}

/** Moderation's checks name the text "body"; on the event form it is the English description. */
function onDescriptionField(error: unknown): never {
  if (isAppError(error) && error.details?.field === "body") {
    throw new AppError(error.code, error.messageKey, { ...error.details, field: "descriptionEn" });
  }
  throw error;
}

/**
 * The event's repeat rule. The form refuses a repeat that ends before the first date, but domain
 * callers (imports, the API, tests) may skip the form, and an edit must hold to the same rule.
 */
function repeatRule(input: EventInput) {
  if (input.repeat !== "none" && input.repeatUntil && input.repeatUntil < input.startDay) {
    throw new AppError("invalid", "events:form.errors.repeatUntil", { field: "repeatUntil" });
  }
  return buildRule({ repeat: input.repeat, untilDay: input.repeatUntil ?? null });
}

/**
 * A signed-in person submits an event. New accounts' events wait as 'pending' for an admin; events
 * of trusted accounts, admins, and verified businesses their owner organises publish at once;
 * other members follow the moderation check.
 */
export const createEvent = defineWrite(
  {
    permission: "create:event:any",
    // A pending event is on no public page until an admin publishes it.
    contentKinds: (created) => (created.status === "published" ? ["events"] : []),
  },
  async (options: { actor: Actor; input: EventInput; now?: Date }, tx: Executor) => {
    const { input, actor } = options;
    const times = eventTimes(input);
    const now = options.now ?? new Date();
    if (times.endsAt < now) throw new AppError("invalid", "events:form.errors.inPast", { field: "startDay" });
    const rrule = repeatRule(input);
    const check = await checkPublish({ actor, kind: "event", body: bodyOf(input) }, tx).catch(onDescriptionField);
    if (!(await areaExists(input.area, tx)))
      throw new AppError("invalid", "events:form.errors.area", { field: "area" });
    const place = await resolveVenue(actor, input, tx);
    const level = await trustLevelOf({ userId: actor.id }, tx);
    let status: EventStatus;
    if (place.organizerBusinessId || level === "trusted" || can(actor, "update:event:any")) status = "published";
    else if (level === "new") status = "pending";
    else status = check.status;
    const slug = await uniqueSlug(input.titleEn || input.titleEs, tx);
    const [row] = await tx
      .insert(events)
      .values({
        slug,
        ...formColumns(input, times, rrule, place),
        organizerId: actor.id,
        status,
        statusReason: status === "pending" ? "new-account" : null,
      })
      .returning({ id: events.id, slug: events.slug, status: events.status });
    const planned = expandOccurrences({ startsAt: times.startsAt, endsAt: times.endsAt, rrule });
    await tx.insert(eventOccurrences).values(
      planned.map((occurrence) => ({
        eventId: row.id,
        occurrenceKey: occurrence.key,
        startsAt: occurrence.startsAt,
        endsAt: occurrence.endsAt,
      })),
    );
    await indexEvent(row.id, tx);
    return { id: row.id, slug: row.slug, status: row.status as EventStatus };
  },
);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and forms: one that is not a uuid is a missing event, never a database error. */
export function assertId(id: string) {
  if (!uuidPattern.test(id)) throw new AppError("not_found", "events:errors.notFound");
}

async function lockEvent(tx: Executor, id: string): Promise<EventRow> {
  assertId(id);
  const [event] = await tx.select().from(events).where(eq(events.id, id)).for("update");
  if (!event || event.status === "deleted") throw new AppError("not_found", "events:errors.notFound");
  return event;
}

/** One date of an event, locked for the rest of the transaction (RSVPs count its places). */
export async function lockOccurrence(tx: Executor, id: string) {
  assertId(id);
  const [occurrence] = await tx.select().from(eventOccurrences).where(eq(eventOccurrences.id, id)).for("update");
  if (!occurrence) throw new AppError("not_found", "events:errors.notFound");
  return occurrence;
}

function assertOrganiser(actor: Actor, event: EventRow) {
  // Someone else's event looks missing (as someone else's business does), public or not.
  if (!can(actor, "update:event:own", { ownerId: event.organizerId ?? undefined })) {
    throw new AppError("not_found", "events:errors.notFound");
  }
  assertCan(actor, "update:event:own", { ownerId: event.organizerId ?? undefined }); // refuses a suspended organiser
}

interface LiveAttendee {
  rsvpId: string;
  userId: string;
  occurrenceId: string;
  startsAt: Date;
}

async function liveAttendees(tx: Executor, occurrenceIds: string[]): Promise<LiveAttendee[]> {
  if (!occurrenceIds.length) return [];
  return tx
    .select({
      rsvpId: eventRsvps.id,
      userId: eventRsvps.userId,
      occurrenceId: eventRsvps.occurrenceId,
      startsAt: eventOccurrences.startsAt,
    })
    .from(eventRsvps)
    .innerJoin(eventOccurrences, eq(eventOccurrences.id, eventRsvps.occurrenceId))
    .where(and(inArray(eventRsvps.occurrenceId, occurrenceIds), ne(eventRsvps.status, "cancelled")));
}

export function titleIn(event: Pick<EventRow, "titleEn" | "titleEs">, language: Language) {
  return (language === "es" ? event.titleEs || event.titleEn : event.titleEn || event.titleEs) || "—";
}

export function eventUrl(slug: string, language: Language) {
  return `${siteOrigin()}${localizePath(`/events/${slug}`, language)}`;
}

export function formatWhen(date: Date, language: Language) {
  return formatDate(date, language, { dateStyle: "full", timeStyle: "short" });
}

/**
 * Emails each person, in their language, about their date of this event: `keys` name the subject
 * and the text (which may use the event's title, the date's time and the event's link).
 */
export async function emailAboutDate(
  tx: Executor,
  event: EventRow,
  recipients: readonly { userId: string; startsAt: Date }[],
  keys: { subject: string; text: string },
) {
  const people = await userSummaries(
    recipients.map((recipient) => recipient.userId),
    tx,
  );
  for (const recipient of recipients) {
    const person = people.get(recipient.userId);
    if (!person) continue;
    const language: Language = person.preferredLanguage === "es" ? "es" : "en";
    const t = await getTranslator(language);
    const title = titleIn(event, language);
    await sendEmail(
      {
        to: person.email,
        subject: t(keys.subject, { title }),
        text: t(keys.text, {
          title,
          when: formatWhen(recipient.startsAt, language),
          url: eventUrl(event.slug, language),
        }),
      },
      tx,
    );
  }
}

/** Emails each attendee (in their language) that their date no longer happens. */
function emailCancellation(tx: Executor, event: EventRow, attendees: LiveAttendee[], reason: "event" | "date") {
  return emailAboutDate(tx, event, attendees, {
    subject: "events:email.cancelled.subject",
    text: reason === "event" ? "events:email.cancelled.textEvent" : "events:email.cancelled.textDate",
  });
}

/**
 * The organiser (or an admin) edits an event. The rule is expanded again: dates that stay keep
 * their RSVP lists (moved to the new time unless moved by hand), new dates are added, and dates
 * that drop out are cancelled (their attendees emailed) or removed when nobody answered.
 */
export const updateEvent = defineWrite(
  { contentKinds: ["events"] },
  async (options: { actor: Actor; eventId: string; input: EventInput; now?: Date }, tx: Executor) => {
    const { actor, input } = options;
    const times = eventTimes(input);
    const rrule = repeatRule(input);
    const event = await lockEvent(tx, options.eventId);
    assertOrganiser(actor, event);
    await checkEdit({ actor, body: bodyOf(input) }, tx).catch(onDescriptionField);
    if (event.cancelledAt) throw new AppError("conflict", "events:errors.cancelled");
    if (!(await areaExists(input.area, tx)))
      throw new AppError("invalid", "events:form.errors.area", { field: "area" });
    const place = await resolveVenue(actor, input, tx);
    await tx
      .update(events)
      .set(formColumns(input, times, rrule, place))
      .where(eq(events.id, event.id));
    const planned = expandOccurrences({ startsAt: times.startsAt, endsAt: times.endsAt, rrule });
    const existing = await tx
      .select()
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, event.id))
      .for("update");
    const byKey = new Map(existing.map((row) => [row.occurrenceKey, row]));
    const plannedKeys = new Set(planned.map((p) => p.key));
    for (const occurrence of planned) {
      const row = byKey.get(occurrence.key);
      if (!row) {
        await tx.insert(eventOccurrences).values({
          eventId: event.id,
          occurrenceKey: occurrence.key,
          startsAt: occurrence.startsAt,
          endsAt: occurrence.endsAt,
        });
      } else if (!row.isException) {
        await tx
          .update(eventOccurrences)
          .set({ startsAt: occurrence.startsAt, endsAt: occurrence.endsAt })
          .where(eq(eventOccurrences.id, row.id));
      }
    }
    const dropped = existing.filter((row) => !plannedKeys.has(row.occurrenceKey));
    if (dropped.length) {
      const attendees = await liveAttendees(
        tx,
        dropped.map((row) => row.id),
      );
      const withAnswers = new Set(attendees.map((a) => a.occurrenceId));
      const toDelete = dropped.filter((row) => !withAnswers.has(row.id)).map((row) => row.id);
      const toCancel = dropped.filter((row) => withAnswers.has(row.id) && !row.cancelledAt).map((row) => row.id);
      if (toDelete.length) await tx.delete(eventOccurrences).where(inArray(eventOccurrences.id, toDelete));
      if (toCancel.length) {
        await tx
          .update(eventOccurrences)
          .set({ cancelledAt: new Date() })
          .where(inArray(eventOccurrences.id, toCancel));
        await emailCancellation(
          tx,
          event,
          attendees.filter((a) => toCancel.includes(a.occurrenceId)),
          "date",
        );
      }
    }
    await indexEvent(event.id, tx);
    const [fresh] = await tx.select({ slug: events.slug }).from(events).where(eq(events.id, event.id));
    return { id: event.id, slug: fresh.slug };
  },
);

/** The organiser cancels the whole event: it stays readable, marked cancelled; attendees are emailed. */
export const cancelEvent = defineWrite(
  { contentKinds: ["events"] },
  async (options: { actor: Actor; eventId: string; now?: Date }, tx: Executor) => {
    const now = options.now ?? new Date();
    const event = await lockEvent(tx, options.eventId);
    assertOrganiser(options.actor, event);
    if (event.cancelledAt) throw new AppError("conflict", "events:errors.cancelled");
    await tx.update(events).set({ cancelledAt: now }).where(eq(events.id, event.id));
    const upcoming = await tx
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(
        and(
          eq(eventOccurrences.eventId, event.id),
          gte(eventOccurrences.endsAt, now),
          isNull(eventOccurrences.cancelledAt),
        ),
      );
    const attendees = await liveAttendees(
      tx,
      upcoming.map((row) => row.id),
    );
    await emailCancellation(tx, event, attendees, "event");
    await indexEvent(event.id, tx);
    return { emailed: attendees.length };
  },
);

/** The organiser cancels one date of a repeating event (an exception kept as data). */
export const cancelOccurrence = defineWrite(
  { contentKinds: ["events"] },
  async (options: { actor: Actor; occurrenceId: string; now?: Date }, tx: Executor) => {
    const occurrence = await lockOccurrence(tx, options.occurrenceId);
    const event = await lockEvent(tx, occurrence.eventId);
    assertOrganiser(options.actor, event);
    if (occurrence.cancelledAt) throw new AppError("conflict", "events:errors.dateCancelled");
    await tx
      .update(eventOccurrences)
      .set({ cancelledAt: options.now ?? new Date() })
      .where(eq(eventOccurrences.id, occurrence.id));
    const attendees = await liveAttendees(tx, [occurrence.id]);
    await emailCancellation(tx, event, attendees, "date");
    return { emailed: attendees.length };
  },
);

/** The largest an event photo may be, and the widths it is stored at (WebP). */
export const eventPhotoMaxBytes = 8 * 1024 * 1024;
export const eventPhotoWidths = [800, 1600] as const;

/**
 * The organiser sets the event's photo (the share image too) through the site's image pipeline:
 * checked by its bytes, decoded once, stored as WebP; the previous photo's files are removed.
 */
export async function setEventPhoto(options: { actor: Actor; eventId: string; bytes: Uint8Array }) {
  assertId(options.eventId);
  const [current] = await getDb().select().from(events).where(eq(events.id, options.eventId));
  if (!current || current.status === "deleted") throw new AppError("not_found", "events:errors.notFound");
  assertOrganiser(options.actor, current);
  const stored = await storeOrRefuseImage(
    {
      field: "photo",
      messageKey: (reason) =>
        reason === "size"
          ? "events:form.errors.photoSize"
          : reason === "pixels"
            ? "events:form.errors.photoPixels"
            : "events:form.errors.photo",
      maxBytes: eventPhotoMaxBytes,
    },
    () =>
      storeImageVariants({
        bytes: options.bytes,
        prefix: "events",
        maxBytes: eventPhotoMaxBytes,
        widths: eventPhotoWidths,
      }),
  );
  const photoUrl = storageUrl(`${stored.key}-${Math.max(...stored.widths)}.webp`);
  await getDb().transaction(async (tx) => {
    await tx.update(events).set({ photoUrl }).where(eq(events.id, current.id));
    await bumpContentVersion(tx, "events");
  });
  const previous = current.photoUrl?.match(/^\/uploads\/(events\/[0-9a-f]+)-\d+\.webp$/)?.[1];
  if (previous) await deleteImageVariants(previous, eventPhotoWidths).catch(() => undefined);
  return { photoUrl };
}

export { verifiedBusinessesOwnedBy } from "#app/platform/listings/event-venues.server";
