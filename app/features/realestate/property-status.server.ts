import { and, asc, count, eq, gte, inArray, type SQL } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import type { ModeratedItem, ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import type { PropertyStatus } from "./constants";
import { indexProperty } from "./indexing.server";
import { properties } from "./schema";

// Properties as a moderated kind (docs/moderation.md): what the shared queue reads and changes,
// through the adapter below. Kept apart from properties.server.ts, which calls the moderation
// domain (checkPublish), so the registry and this file never import each other in a loop.

const excerptLength = 280;

async function describeProperties(ids: string[], executor: Executor) {
  ids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const found = new Map<string, ModeratedItem>();
  if (!ids.length) return found;
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
  for (const row of rows) {
    found.set(row.id, {
      id: row.id,
      authorId: row.ownerId,
      title: row.title,
      excerpt:
        row.description.length > excerptLength ? `${row.description.slice(0, excerptLength - 1)}…` : row.description,
      href: `/real-estate/${row.slug}`,
      status: row.status as PropertyStatus,
      createdAt: row.createdAt,
    });
  }
  return found;
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
  async listPending({ limit }, executor = getDb()) {
    const rows = await executor
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.status, "pending"))
      .orderBy(asc(properties.createdAt))
      .limit(limit);
    return rows.map((row) => row.id);
  },
  async countByAuthor(options, executor = getDb()) {
    const conditions: SQL[] = [eq(properties.ownerId, options.authorId)];
    if (options.status) conditions.push(eq(properties.status, options.status));
    if (options.since) conditions.push(gte(properties.createdAt, options.since));
    const [row] = await executor
      .select({ n: count() })
      .from(properties)
      .where(and(...conditions));
    return Number(row?.n ?? 0);
  },
};
