import { eq, inArray } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { type AuthoredTable, countAuthored } from "#app/platform/moderation/authored-queries.server";
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

/** Who wrote each ad and its status, for the queue and the trust levels (the queue's oldest edit first). */
export const authoredAds: AuthoredTable = {
  table: classifiedAds,
  id: classifiedAds.id,
  author: classifiedAds.authorId,
  status: classifiedAds.status,
  createdAt: classifiedAds.createdAt,
  queuedBy: [classifiedAds.updatedAt],
};

export function countAdsByAuthor(
  options: { authorId: string; status?: ClassifiedStatus; since?: Date },
  executor: Executor = getDb(),
) {
  return countAuthored(authoredAds, options, executor);
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
