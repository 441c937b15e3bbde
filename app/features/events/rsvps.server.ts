import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import type { Executor } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { emailAboutDate, lockOccurrence } from "./events.server";
import { eventOccurrences, eventRsvps, events } from "./schema";

// RSVPs: answering for a date (confirmed up to its capacity, then a first-come waitlist that
// promotes by email), and taking an answer back.

export interface RsvpResult {
  rsvpId: string;
  status: "confirmed" | "waitlisted";
}

/** The person's answer for the date that still stands (confirmed or waiting), if any. */
async function activeAnswer(tx: Executor, occurrenceId: string, userId: string) {
  const [answer] = await tx
    .select({ id: eventRsvps.id, status: eventRsvps.status })
    .from(eventRsvps)
    .where(
      and(eq(eventRsvps.occurrenceId, occurrenceId), eq(eventRsvps.userId, userId), ne(eventRsvps.status, "cancelled")),
    );
  return answer;
}

/**
 * A signed-in person answers one occurrence. The occurrence row is locked for the transaction, so
 * concurrent answers are counted one after another: a party is confirmed while it fits in the
 * places left and nobody is already waiting, otherwise it joins the waitlist.
 */
export const rsvpToOccurrence = defineWrite(
  { permission: "rsvp:event:any", contentKinds: ["events"] },
  async (
    options: { actor: Actor; occurrenceId: string; partySize: number; ageConfirmed: boolean; now?: Date },
    tx: Executor,
  ): Promise<RsvpResult> => {
    const now = options.now ?? new Date();
    const occurrence = await lockOccurrence(tx, options.occurrenceId);
    const [event] = await tx.select().from(events).where(eq(events.id, occurrence.eventId));
    if (event?.status !== "published") throw new AppError("not_found", "events:errors.notFound");
    if (event.cancelledAt || occurrence.cancelledAt) throw new AppError("conflict", "events:errors.dateCancelled");
    if (occurrence.endsAt < now) throw new AppError("conflict", "events:errors.past");
    if (event.minAge && !options.ageConfirmed) {
      throw new AppError("invalid", "events:form.errors.ageConfirm", { field: "ageConfirmed", age: event.minAge });
    }
    const mine = await activeAnswer(tx, occurrence.id, options.actor.id);
    if (mine) throw new AppError("conflict", "events:errors.alreadyAnswered");
    const [counts] = await tx
      .select({
        confirmed: sql<number>`coalesce(sum(${eventRsvps.partySize}) filter (where ${eventRsvps.status} = 'confirmed'), 0)::int`,
        waiting: sql<number>`count(*) filter (where ${eventRsvps.status} = 'waitlisted')::int`,
      })
      .from(eventRsvps)
      .where(eq(eventRsvps.occurrenceId, occurrence.id));
    const confirmed = Number(counts?.confirmed ?? 0);
    const waiting = Number(counts?.waiting ?? 0);
    const fits = event.maxAttendees === null || (waiting === 0 && confirmed + options.partySize <= event.maxAttendees);
    if (event.maxAttendees !== null && options.partySize > event.maxAttendees) {
      throw new AppError("invalid", "events:form.errors.partyTooBig", {
        field: "partySize",
        count: event.maxAttendees,
      });
    }
    const status = fits ? "confirmed" : "waitlisted";
    const [row] = await tx
      .insert(eventRsvps)
      .values({
        occurrenceId: occurrence.id,
        userId: options.actor.id,
        partySize: options.partySize,
        status,
        ageConfirmed: Boolean(event.minAge) && options.ageConfirmed,
      })
      .returning({ id: eventRsvps.id });
    return { rsvpId: row.id, status };
  },
);

/**
 * The person withdraws their RSVP. When it held places, the waitlist moves up in order: the first
 * in line is confirmed when their whole party fits, then the next, stopping at the first that does
 * not (nobody is passed over). Each promoted person is emailed in their language.
 */
export const cancelRsvp = defineWrite(
  { permission: "rsvp:event:any", contentKinds: ["events"] },
  async (
    options: { actor: Actor; occurrenceId: string; now?: Date },
    tx: Executor,
  ): Promise<{ promoted: string[] }> => {
    const now = options.now ?? new Date();
    const occurrence = await lockOccurrence(tx, options.occurrenceId);
    const mine = await activeAnswer(tx, occurrence.id, options.actor.id);
    if (!mine) throw new AppError("not_found", "events:errors.noAnswer");
    await tx.update(eventRsvps).set({ status: "cancelled", cancelledAt: now }).where(eq(eventRsvps.id, mine.id));
    const promoted = await promoteWaitlist(tx, occurrence.id, occurrence.startsAt, now);
    return { promoted };
  },
);

/** Moves the waitlist up while the first in line fits; call with the occurrence row locked. */
async function promoteWaitlist(tx: Executor, occurrenceId: string, startsAt: Date, now: Date): Promise<string[]> {
  const [occurrenceEvent] = await tx
    .select({ event: events })
    .from(eventOccurrences)
    .innerJoin(events, eq(events.id, eventOccurrences.eventId))
    .where(eq(eventOccurrences.id, occurrenceId));
  const event = occurrenceEvent?.event;
  if (!event || event.cancelledAt || event.maxAttendees === null || startsAt < now) return [];
  const rows = await tx
    .select({
      id: eventRsvps.id,
      userId: eventRsvps.userId,
      partySize: eventRsvps.partySize,
      status: eventRsvps.status,
    })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.occurrenceId, occurrenceId), ne(eventRsvps.status, "cancelled")))
    .orderBy(asc(eventRsvps.seq));
  let used = rows.filter((row) => row.status === "confirmed").reduce((sum, row) => sum + row.partySize, 0);
  const promoted: { id: string; userId: string }[] = [];
  for (const row of rows) {
    if (row.status !== "waitlisted") continue;
    if (used + row.partySize > event.maxAttendees) break;
    used += row.partySize;
    promoted.push(row);
  }
  if (!promoted.length) return [];
  await tx
    .update(eventRsvps)
    .set({ status: "confirmed", promotedAt: now })
    .where(
      inArray(
        eventRsvps.id,
        promoted.map((row) => row.id),
      ),
    );
  await emailAboutDate(
    tx,
    event,
    promoted.map((row) => ({ userId: row.userId, startsAt })),
    { subject: "events:email.promoted.subject", text: "events:email.promoted.text" },
  );
  return promoted.map((row) => row.userId);
}
