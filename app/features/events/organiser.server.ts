import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { userSummaries } from "#app/platform/people/people.server";
import { assertId } from "./events.server";
import { eventOccurrences, eventRsvps, events } from "./schema";

// The organiser's lists for the dashboard: their events with the next date and counts, and who
// answered for each date.

/** The organiser's events (not deleted), newest first, with their next date and counts. */
export async function listMyEvents(options: { actor: Actor; now?: Date }) {
  const now = options.now ?? new Date();
  const rows = await getDb()
    .select({
      id: events.id,
      slug: events.slug,
      titleEn: events.titleEn,
      titleEs: events.titleEs,
      status: events.status,
      cancelledAt: events.cancelledAt,
      startsAt: events.startsAt,
      repeat: events.repeat,
      maxAttendees: events.maxAttendees,
      nextStart: sql<Date | null>`(select min(o.starts_at) from event_occurrences o where o.event_id = "events"."id" and o.ends_at >= ${now.toISOString()} and o.cancelled_at is null)`,
      confirmed: sql<number>`(select coalesce(sum(r.party_size), 0)::int from event_rsvps r join event_occurrences o on o.id = r.occurrence_id where o.event_id = "events"."id" and r.status = 'confirmed' and o.ends_at >= ${now.toISOString()})`,
      waitlisted: sql<number>`(select count(*)::int from event_rsvps r join event_occurrences o on o.id = r.occurrence_id where o.event_id = "events"."id" and r.status = 'waitlisted' and o.ends_at >= ${now.toISOString()})`,
    })
    .from(events)
    .where(and(eq(events.organizerId, options.actor.id), ne(events.status, "deleted")))
    .orderBy(desc(events.startsAt))
    .limit(100);
  return rows.map((row) => ({
    ...row,
    nextStart: row.nextStart ? new Date(row.nextStart).toISOString() : null,
    startsAt: row.startsAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    confirmed: Number(row.confirmed),
    waitlisted: Number(row.waitlisted),
  }));
}

/** An event for its organiser's edit form (or an admin's); someone else's looks missing. */
export async function getEditableEvent(options: { actor: Actor; eventId: string }) {
  assertId(options.eventId);
  const [event] = await getDb().select().from(events).where(eq(events.id, options.eventId));
  if (!event || event.status === "deleted") throw new AppError("not_found", "events:errors.notFound");
  if (!can(options.actor, "update:event:own", { ownerId: event.organizerId ?? undefined })) {
    throw new AppError("not_found", "events:errors.notFound");
  }
  const occurrences = await getDb()
    .select()
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, event.id))
    .orderBy(asc(eventOccurrences.startsAt));
  return { event, occurrences };
}

export interface AttendeeRow {
  occurrenceId: string;
  occurrenceStartsAt: string;
  name: string;
  email: string;
  partySize: number;
  status: "confirmed" | "waitlisted";
  ageConfirmed: boolean;
  answeredAt: string;
}

/** Who answered each date of the organiser's event (live answers, in queue order). */
export async function listAttendees(options: { actor: Actor; eventId: string }): Promise<AttendeeRow[]> {
  await getEditableEvent(options);
  const rows = await getDb()
    .select({
      occurrenceId: eventRsvps.occurrenceId,
      occurrenceStartsAt: eventOccurrences.startsAt,
      userId: eventRsvps.userId,
      partySize: eventRsvps.partySize,
      status: eventRsvps.status,
      ageConfirmed: eventRsvps.ageConfirmed,
      createdAt: eventRsvps.createdAt,
    })
    .from(eventRsvps)
    .innerJoin(eventOccurrences, eq(eventOccurrences.id, eventRsvps.occurrenceId))
    .where(and(eq(eventOccurrences.eventId, options.eventId), ne(eventRsvps.status, "cancelled")))
    .orderBy(asc(eventOccurrences.startsAt), desc(sql`${eventRsvps.status} = 'confirmed'`), asc(eventRsvps.seq));
  const people = await userSummaries(rows.map((row) => row.userId));
  return rows.map((row) => {
    const person = people.get(row.userId);
    const name = person ? [person.firstName, person.lastName].filter(Boolean).join(" ") || person.name : "—";
    return {
      occurrenceId: row.occurrenceId,
      occurrenceStartsAt: row.occurrenceStartsAt.toISOString(),
      name,
      email: person?.email ?? "",
      partySize: row.partySize,
      status: row.status as "confirmed" | "waitlisted",
      ageConfirmed: row.ageConfirmed,
      answeredAt: row.createdAt.toISOString(),
    };
  });
}

/** CSV of the attendees (RFC 4180 quoting; a leading =, +, - or @ is defused for spreadsheets). */
export function attendeesCsv(rows: AttendeeRow[], headers: string[]): string {
  const cell = (value: string | number | boolean) => {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [headers.map(cell).join(",")];
  for (const row of rows) {
    lines.push(
      [
        row.occurrenceStartsAt,
        row.name,
        row.email,
        row.partySize,
        row.status,
        row.ageConfirmed ? "yes" : "",
        row.answeredAt,
      ]
        .map(cell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
