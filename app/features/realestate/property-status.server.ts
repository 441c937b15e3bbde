import { eq, inArray } from "drizzle-orm";
import type { Executor } from "#app/lib/db.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import {
  authoredQueries,
  itemsById,
  moderationExcerpt,
  uuidShapedIds,
} from "#app/platform/moderation/authored-queries.server";
import type { ModeratedItem, ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import type { PropertyStatus } from "./constants";
import { indexProperty } from "./indexing.server";
import { properties } from "./schema";

// Properties as a moderated kind (docs/moderation.md): what the shared queue reads and changes,
// through the adapter below. Kept apart from properties.server.ts, which calls the moderation
// domain (checkPublish), so the registry and this file never import each other in a loop.

async function describeProperties(ids: string[], executor: Executor) {
  ids = uuidShapedIds(ids);
  if (!ids.length) return new Map<string, ModeratedItem>();
  const rows = await executor
    .select({
      id: properties.id,
      slug: properties.slug,
      ownerId: properties.ownerId,
      title: properties.title,
      description: properties.description,
      status: properties.status,
      createdAt: properties.createdAt,
    })
    .from(properties)
    .where(inArray(properties.id, ids));
  return itemsById(rows, (row) => ({
    id: row.id,
    authorId: row.ownerId,
    title: row.title,
    excerpt: moderationExcerpt(row.description),
    href: `/real-estate/${row.slug}`,
    status: row.status as PropertyStatus,
    createdAt: row.createdAt,
  }));
}

/** Sets a property's status (the queue's decision, or its owner removing it) and its search entry. */
export async function setPropertyStatus(options: { id: string; status: PropertyStatus }, executor: Executor) {
  await executor
    .update(properties)
    .set({
      status: options.status,
      ...(options.status === "published" ? { publishedAt: new Date() } : {}),
    })
    .where(eq(properties.id, options.id));
  await indexProperty(options.id, executor);
  await bumpContentVersion(executor, "properties");
}

export const propertyAdapter: ModeratedKindAdapter = {
  kind: "property",
  describe: (ids, executor) => describeProperties(ids, executor),
  async setStatus(id, status, executor) {
    await setPropertyStatus({ id, status }, executor);
  },
  ...authoredQueries({
    table: properties,
    id: properties.id,
    author: properties.ownerId,
    status: properties.status,
    createdAt: properties.createdAt,
  }),
};
