import { and, asc, count, eq, gte, inArray, type SQL } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import type { ClassifiedStatus } from "./constants";
import { adPath, indexAd } from "./indexing.server";
import { classifiedAds } from "./schema";

// What the moderation queue reads and changes of ads, through classified-moderation.server.ts.
// Kept apart from classifieds.server.ts, which calls the moderation domain (checkPublish): the
// registry imports this side, so the two never import each other in a loop.

export async function describeAds(ids: string[], executor: Executor = getDb()) {
  if (!ids.length) return [];
  return executor
    .select({
      id: classifiedAds.id,
      slug: classifiedAds.slug,
      authorId: classifiedAds.authorId,
      title: classifiedAds.title,
      description: classifiedAds.description,
      status: classifiedAds.status,
      createdAt: classifiedAds.createdAt,
    })
    .from(classifiedAds)
    .where(inArray(classifiedAds.id, ids))
    .then((rows) => rows.map((row) => ({ ...row, status: row.status as ClassifiedStatus, href: adPath(row.slug) })));
}

export async function listPendingAdIds(options: { limit: number }, executor: Executor = getDb()) {
  const rows = await executor
    .select({ id: classifiedAds.id })
    .from(classifiedAds)
    .where(eq(classifiedAds.status, "pending"))
    .orderBy(asc(classifiedAds.updatedAt))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

export async function countAdsByAuthor(
  options: { authorId: string; status?: ClassifiedStatus; since?: Date },
  executor: Executor = getDb(),
) {
  const conditions: SQL[] = [eq(classifiedAds.authorId, options.authorId)];
  if (options.status) conditions.push(eq(classifiedAds.status, options.status));
  if (options.since) conditions.push(gte(classifiedAds.createdAt, options.since));
  const [row] = await executor
    .select({ n: count() })
    .from(classifiedAds)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

/** Sets an ad's status inside the deciding transaction (the queue decides and audits). */
export async function setAdStatus(options: { id: string; status: ClassifiedStatus }, executor: Executor) {
  const [row] = await executor
    .select({ publishedAt: classifiedAds.publishedAt })
    .from(classifiedAds)
    .where(eq(classifiedAds.id, options.id))
    .for("update");
  if (!row) throw new AppError("not_found", "classifieds:errors.notFound");
  await executor
    .update(classifiedAds)
    .set(
      options.status === "published"
        ? { status: "published", statusReason: null, publishedAt: row.publishedAt ?? new Date() }
        : { status: options.status },
    )
    .where(eq(classifiedAds.id, options.id));
  await indexAd(options.id, executor);
  await bumpContentVersion(executor, "classifieds");
}
