import { eq, inArray } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { type AuthoredTable, countAuthored } from "#app/platform/moderation/authored-queries.server";
import type { EventStatus } from "./constants";
import { indexEvent } from "./indexing.server";
import { events } from "./schema";

// What the moderation adapter needs, apart from events.server.ts: that module composes
// moderation's checks, and moderation's registry imports the adapter, so the adapter must not
// import it back (a cycle would leave the registry's entry undefined).

export async function setEventStatus(options: { id: string; status: EventStatus }, executor: Executor = getDb()) {
  await executor
    .update(events)
    .set({ status: options.status, statusReason: options.status === "pending" ? "moderation" : null })
    .where(eq(events.id, options.id));
  await indexEvent(options.id, executor);
  await bumpContentVersion(executor, "events");
}

export async function describeEvents(ids: string[], executor: Executor = getDb()) {
  if (!ids.length) return [];
  return executor
    .select({
      id: events.id,
      slug: events.slug,
      titleEn: events.titleEn,
      titleEs: events.titleEs,
      descriptionEn: events.descriptionEn,
      descriptionEs: events.descriptionEs,
      organizerId: events.organizerId,
      status: events.status,
      createdAt: events.createdAt,
    })
    .from(events)
    .where(inArray(events.id, ids));
}

/** Who organises each event and its status, for the queue and the trust levels. */
export const organizedEvents: AuthoredTable = {
  table: events,
  id: events.id,
  author: events.organizerId,
  status: events.status,
  createdAt: events.createdAt,
};

export function countEventsByOrganizer(
  options: { authorId: string; status?: string; since?: Date },
  executor: Executor = getDb(),
) {
  return countAuthored(organizedEvents, options, executor);
}
