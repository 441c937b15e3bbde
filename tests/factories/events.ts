// Events for tests: written straight into the tables (a published event with its occurrences,
// without the form and the moderation check), each with a unique slug.

import { eq } from "drizzle-orm";
import type { EventCategory, EventStatus } from "#app/features/events/constants";
import { buildRule, expandOccurrences } from "#app/features/events/recurrence.server";
import { eventOccurrences, events } from "#app/features/events/schema";
import { getDb } from "#app/lib/db.server";
import { uniqueId } from "./unique";

export interface TestEventOptions {
  title?: string;
  titleEs?: string;
  organizerId?: string | null;
  status?: EventStatus;
  category?: EventCategory;
  areaSlug?: string;
  /** Default: tomorrow at this hour UTC. */
  startsAt?: Date;
  hours?: number;
  allDay?: boolean;
  repeat?: "none" | "weekly" | "monthly";
  repeatUntil?: string;
  maxAttendees?: number | null;
  minAge?: number | null;
  costMinor?: number | null;
  costCurrency?: "USD" | "CRC";
  venueBusinessId?: string | null;
  isDemo?: boolean;
}

export async function createTestEvent(options: TestEventOptions = {}) {
  const tag = uniqueId("event")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  const startsAt = options.startsAt ?? new Date(Date.now() + 86_400_000);
  const endsAt = new Date(startsAt.getTime() + (options.hours ?? 2) * 3_600_000);
  const rrule =
    options.repeat && options.repeat !== "none"
      ? buildRule({ repeat: options.repeat, untilDay: options.repeatUntil ?? null })
      : null;
  const db = getDb();
  const [event] = await db
    .insert(events)
    .values({
      slug: tag,
      titleEn: options.title ?? `Event ${tag}`,
      titleEs: options.titleEs ?? `Evento ${tag}`,
      descriptionEn: "A test event.",
      descriptionEs: "Un evento de prueba.",
      category: options.category ?? "community",
      areaSlug: options.areaSlug ?? "playa-flamingo",
      startsAt,
      endsAt,
      allDay: options.allDay ?? false,
      repeat: rrule ? (options.repeat ?? "none") : "none",
      rrule,
      venueName: "Test venue",
      venueAddress: "Main street",
      costMinor: options.costMinor ?? null,
      costCurrency: options.costCurrency ?? "USD",
      maxAttendees: options.maxAttendees === undefined ? null : options.maxAttendees,
      minAge: options.minAge ?? null,
      contactEmail: "organiser@example.test",
      organizerId: options.organizerId ?? null,
      venueBusinessId: options.venueBusinessId ?? null,
      status: options.status ?? "published",
      isDemo: options.isDemo ?? false,
    })
    .returning();
  const planned = expandOccurrences({ startsAt, endsAt, rrule });
  const occurrences = await db
    .insert(eventOccurrences)
    .values(planned.map((o) => ({ eventId: event.id, occurrenceKey: o.key, startsAt: o.startsAt, endsAt: o.endsAt })))
    .returning();
  occurrences.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return { event, occurrences };
}

export async function getTestEvent(id: string) {
  const [row] = await getDb().select().from(events).where(eq(events.id, id));
  return row;
}
