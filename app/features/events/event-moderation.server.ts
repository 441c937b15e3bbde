import type { ModeratedItem, ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import type { EventStatus } from "./constants";
import { countEventsByOrganizer, describeEvents, listPendingEventIds, setEventStatus } from "./event-status.server";

// Events as a moderated kind (docs/moderation.md): a new account's events wait as 'pending' in the
// shared queue; reports and decisions reach events only through this adapter.

const excerptLength = 280;

export const eventAdapter: ModeratedKindAdapter = {
  kind: "event",

  async describe(ids, executor) {
    const rows = await describeEvents(ids, executor);
    const found = new Map<string, ModeratedItem>();
    for (const row of rows) {
      const description = row.descriptionEn || row.descriptionEs;
      found.set(row.id, {
        id: row.id,
        authorId: row.organizerId,
        title: row.titleEn || row.titleEs,
        excerpt: description.length > excerptLength ? `${description.slice(0, excerptLength - 1)}…` : description,
        href: `/events/${row.slug}`,
        status: row.status as EventStatus,
        createdAt: row.createdAt,
      });
    }
    return found;
  },

  async setStatus(id, status, executor) {
    await setEventStatus({ id, status }, executor);
  },

  async listPending({ limit }, executor) {
    return listPendingEventIds({ limit }, executor);
  },

  async countByAuthor(options, executor) {
    return countEventsByOrganizer(options, executor);
  },
};
