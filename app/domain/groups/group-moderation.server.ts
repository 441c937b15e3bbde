import type { Executor } from "#app/lib/db.server";
import type { GroupStatus } from "./constants";
import { describeGroups, setGroupStatus } from "./groups.server";

// The group kind of the shared moderation queue (the moderation contract): suggested groups and
// groups whose link the checker flagged dead wait there as 'pending'; the queue's decision sets the
// status here, inside its own audited transaction.

export interface GroupModeratedItem {
  id: string;
  authorId: string | null;
  title: string;
  excerpt: string;
  href: string;
  status: GroupStatus;
  createdAt: Date;
}

export const groupAdapter = {
  kind: "group" as const,
  async describe(ids: string[], executor: Executor): Promise<Map<string, GroupModeratedItem>> {
    const groups = await describeGroups(ids, executor);
    return new Map(
      [...groups.values()].map((group) => [
        group.id,
        {
          id: group.id,
          authorId: group.authorId,
          title: group.name,
          // Why it waits comes first: a dead link reads differently from a new suggestion.
          excerpt:
            `${group.statusReason === "dead-link" ? `[dead link: ${group.linkCheckResult ?? "?"}] ` : ""}${group.description}`.slice(
              0,
              300,
            ),
          href: `/groups#group-${group.id}`,
          status: group.status,
          createdAt: group.createdAt,
        },
      ]),
    );
  },
  async setStatus(id: string, status: GroupStatus, executor: Executor): Promise<void> {
    await setGroupStatus({ id, status }, executor);
  },
};
