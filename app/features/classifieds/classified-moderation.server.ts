import type { ModeratedItem, ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { countAdsByAuthor, describeAds, listPendingAdIds, setAdStatus } from "./status.server";

// Classified ads as a moderated kind: reports hide an ad at the shared threshold, a new account's
// first ads wait as 'pending', and the queue's decision sets the status here, in its transaction.

const excerptLength = 280;

export const classifiedAdapter: ModeratedKindAdapter = {
  kind: "classified",

  async describe(ids, executor) {
    const found = new Map<string, ModeratedItem>();
    for (const ad of await describeAds(ids, executor)) {
      found.set(ad.id, {
        id: ad.id,
        authorId: ad.authorId,
        title: ad.title,
        excerpt:
          ad.description.length > excerptLength ? `${ad.description.slice(0, excerptLength - 1)}…` : ad.description,
        href: ad.href,
        status: ad.status,
        createdAt: ad.createdAt,
      });
    }
    return found;
  },

  async setStatus(id, status, executor) {
    await setAdStatus({ id, status }, executor);
  },

  async listPending({ limit }, executor) {
    return listPendingAdIds({ limit }, executor);
  },

  async countByAuthor(options, executor) {
    return countAdsByAuthor(options, executor);
  },
};
