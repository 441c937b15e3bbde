import { and, asc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
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

export async function listPendingEventIds(options: { limit: number }, executor: Executor = getDb()) {
  const rows = await executor
    .select({ id: events.id })
    .from(events)
    .where(eq(events.status, "pending"))
    .orderBy(asc(events.createdAt))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

export async function countEventsByOrganizer(
  options: { authorId: string; status?: string; since?: Date },
  executor: Executor = getDb(),
) {
  const conditions: SQL[] = [eq(events.organizerId, options.authorId)];
  if (options.status) conditions.push(eq(events.status, options.status));
  if (options.since) conditions.push(gte(events.createdAt, options.since));
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(events)
    .where(and(...conditions));
  return Number(row?.count ?? 0);
}
