import {
  authoredQueries,
  itemsById,
  moderationExcerpt,
  uuidShapedIds,
} from "#app/platform/moderation/authored-queries.server";
import type { ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import type { EventStatus } from "./constants";
import { describeEvents, organizedEvents, setEventStatus } from "./event-status.server";

// Events as a moderated kind (docs/moderation.md): a new account's events wait as 'pending' in the
// shared queue; reports and decisions reach events only through this adapter.

export const eventAdapter: ModeratedKindAdapter = {
  kind: "event",

  async describe(ids, executor) {
    return itemsById(await describeEvents(uuidShapedIds(ids), executor), (row) => ({
      id: row.id,
      authorId: row.organizerId,
      title: row.titleEn || row.titleEs,
      excerpt: moderationExcerpt(row.descriptionEn || row.descriptionEs),
      href: `/events/${row.slug}`,
      status: row.status as EventStatus,
      createdAt: row.createdAt,
    }));
  },

  async setStatus(id, status, executor) {
    await setEventStatus({ id, status }, executor);
  },

  ...authoredQueries(organizedEvents),
};
