import { eq, inArray } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { uuidShapedIds } from "#app/platform/moderation/authored-queries.server";
import type { GroupStatus, LinkCheckResult } from "./constants";
import { indexGroup } from "./indexing.server";
import { linkCheckIntervalMs } from "./link-rules";
import { communityGroups } from "./schema";

// What the moderation queue reads and changes of groups, through group-moderation.server.ts. Kept
// apart from groups.server.ts, which calls the moderation domain (checkPublish): the registry
// imports this side, so the two never import each other in a loop.

export interface GroupForModeration {
  id: string;
  authorId: string | null;
  name: string;
  description: string;
  statusReason: string | null;
  linkCheckResult: LinkCheckResult | null;
  status: GroupStatus;
  createdAt: Date;
}

export async function describeGroups(ids: string[], executor: Executor = getDb()) {
  ids = uuidShapedIds(ids);
  if (!ids.length) return new Map<string, GroupForModeration>();
  const rows = await executor
    .select({
      id: communityGroups.id,
      suggestedBy: communityGroups.suggestedBy,
      name: communityGroups.name,
      descriptionEn: communityGroups.descriptionEn,
      descriptionEs: communityGroups.descriptionEs,
      inviteUrl: communityGroups.inviteUrl,
      statusReason: communityGroups.statusReason,
      linkCheckResult: communityGroups.linkCheckResult,
      status: communityGroups.status,
      createdAt: communityGroups.createdAt,
    })
    .from(communityGroups)
    .where(inArray(communityGroups.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        authorId: row.suggestedBy,
        name: row.name,
        description: `${row.inviteUrl} · ${row.descriptionEn || row.descriptionEs}`,
        statusReason: row.statusReason,
        linkCheckResult: row.linkCheckResult as LinkCheckResult | null,
        status: row.status as GroupStatus,
        createdAt: row.createdAt,
      } satisfies GroupForModeration,
    ]),
  );
}

/**
 * Sets a group's status inside the deciding transaction (the moderation queue decides and audits).
 * Publishing clears the reason and any dead-link flag and schedules the next link check.
 */
export async function setGroupStatus(
  options: { id: string; status: GroupStatus; reason?: string | null; now?: Date },
  executor: Executor,
) {
  const now = options.now ?? new Date();
  const published = options.status === "published";
  const [row] = await executor
    .select({ publishedAt: communityGroups.publishedAt })
    .from(communityGroups)
    .where(eq(communityGroups.id, options.id))
    .for("update");
  if (!row) throw new AppError("not_found", "groups:errors.notFound");
  await executor
    .update(communityGroups)
    .set(
      published
        ? {
            status: "published",
            statusReason: null,
            publishedAt: row.publishedAt ?? now,
            linkFailures: 0,
            linkDeadAt: null,
            linkNextCheckAt: new Date(now.getTime() + linkCheckIntervalMs),
          }
        : { status: options.status, statusReason: options.reason ?? null },
    )
    .where(eq(communityGroups.id, options.id));
  await indexGroup(options.id, executor);
  await bumpContentVersion(executor, "groups");
}
