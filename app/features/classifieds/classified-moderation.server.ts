import {
  authoredQueries,
  itemsById,
  moderationExcerpt,
  uuidShapedIds,
} from "#app/platform/moderation/authored-queries.server";
import type { ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { authoredAds, describeAds, setAdStatus } from "./status.server";

// Classified ads as a moderated kind: reports hide an ad at the shared threshold, a new account's
// first ads wait as 'pending', and the queue's decision sets the status here, in its transaction.

export const classifiedAdapter: ModeratedKindAdapter = {
  kind: "classified",

  async describe(ids, executor) {
    return itemsById(await describeAds(uuidShapedIds(ids), executor), (ad) => ({
      id: ad.id,
      authorId: ad.authorId,
      title: ad.title,
      excerpt: moderationExcerpt(ad.description),
      href: ad.href,
      status: ad.status,
      createdAt: ad.createdAt,
    }));
  },

  async setStatus(id, status, executor) {
    await setAdStatus({ id, status }, executor);
  },

  ...authoredQueries(authoredAds),
};
