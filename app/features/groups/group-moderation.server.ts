import { authoredQueries, itemsById, moderationExcerpt } from "#app/platform/moderation/authored-queries.server";
import type { ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { describeGroups, setGroupStatus } from "./group-status.server";
import { communityGroups } from "./schema";

// Groups as a moderated kind (the moderation contract): suggested groups and groups whose invite
// link the checker flagged dead wait in the shared queue as 'pending'; the queue's decision sets
// the status here, inside its own audited transaction.

export const groupAdapter: ModeratedKindAdapter = {
  kind: "group",

  async describe(ids, executor) {
    const groups = await describeGroups(ids, executor);
    return itemsById(groups.values(), (group) => ({
      id: group.id,
      authorId: group.authorId,
      title: group.name,
      excerpt: moderationExcerpt(group.description),
      href: `/groups#group-${group.id}`,
      status: group.status,
      createdAt: group.createdAt,
    }));
  },

  async setStatus(id, status, executor) {
    await setGroupStatus({ id, status }, executor);
  },

  // Groups sent back by the link checker queue by when that happened, not when suggested.
  ...authoredQueries({
    table: communityGroups,
    id: communityGroups.id,
    author: communityGroups.suggestedBy,
    status: communityGroups.status,
    createdAt: communityGroups.createdAt,
    queuedBy: [communityGroups.updatedAt, communityGroups.createdAt],
  }),
};
