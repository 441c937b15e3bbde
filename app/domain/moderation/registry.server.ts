import { classifiedAdapter } from "#app/domain/classifieds/classified-moderation.server";
import { forumPostAdapter, forumReplyAdapter } from "#app/domain/community/forum-moderation.server";
import { reviewAdapter } from "#app/domain/directory/review-moderation.server";
import { eventAdapter } from "#app/domain/events/event-moderation.server";
import { groupAdapter } from "#app/domain/groups/group-moderation.server";
import { propertyAdapter } from "#app/domain/realestate/property-status.server";
import type { Executor } from "#app/lib/db.server";
import type { ModeratedKind, ModerationStatus } from "./kinds";

// One static map from kind to the adapter its domain exports: moderation reads and changes items
// only through it, so it never touches another domain's tables (docs/moderation.md).

export interface ModeratedItem {
  id: string;
  authorId: string | null;
  title: string;
  excerpt: string;
  /** Unlocalized path, e.g. "/forums/post/<id>#reply-<id>". */
  href: string;
  status: ModerationStatus;
  createdAt: Date;
}

export interface ModeratedKindAdapter {
  kind: ModeratedKind;
  /** The items among `ids` that exist (any status), keyed by id. */
  describe(ids: string[], executor: Executor): Promise<Map<string, ModeratedItem>>;
  /** Runs inside the deciding transaction; bumps that kind's response-cache content version. */
  setStatus(id: string, status: ModerationStatus, executor: Executor): Promise<void>;
  /**
   * Beyond the first contract: the ids of this kind's items in status 'pending' (a new account's
   * first posts, suggestions, dead links), oldest first, so the queue shows them without a report.
   */
  listPending(options: { limit: number }, executor: Executor): Promise<string[]>;
  /**
   * Beyond the first contract: how many items of this kind the author has (`status` given: in that
   * status only; `since` given: created since then), for trust levels and new-account limits.
   */
  countByAuthor(
    options: { authorId: string; status?: ModerationStatus; since?: Date },
    executor: Executor,
  ): Promise<number>;
}

// Groups add their line when their branch lands (groupAdapter); a kind without an adapter
// cannot be reported and the queue skips it.
export const moderatedKindAdapters: Partial<Record<ModeratedKind, ModeratedKindAdapter>> = {
  review: reviewAdapter,
  forum_post: forumPostAdapter,
  forum_reply: forumReplyAdapter,
  group: groupAdapter,
  classified: classifiedAdapter,
  event: eventAdapter,
  property: propertyAdapter,
};

export function adapterFor(kind: ModeratedKind): ModeratedKindAdapter | undefined {
  return moderatedKindAdapters[kind];
}

export function registeredAdapters(): ModeratedKindAdapter[] {
  return Object.values(moderatedKindAdapters).filter((adapter): adapter is ModeratedKindAdapter => Boolean(adapter));
}
