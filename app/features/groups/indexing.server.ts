import { eq } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { type Language, languages, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { removeSearchDocuments, upsertSearchDocument } from "#app/lib/search/index.server";
import { areaNamesBySlug } from "#app/platform/site/site-config.server";
import { communityGroups } from "./schema";

export const groupSearchKind = "group";

/**
 * Writes a local group into the site-wide search index, one document per language (its
 * description in that language, or the other one when only that exists; topic and app as tags in
 * both, the area as its place), or removes it when it is not public. Call it in the transaction
 * that changed it. The area is no tag: tags say what a thing is, and a group in "Playa Flamingo"
 * is not filed under "beach" (the concierge reads "playa" as the beach).
 */
export async function indexGroup(groupId: string, executor: Executor = getDb()) {
  const [row] = await executor
    .select({
      id: communityGroups.id,
      name: communityGroups.name,
      descriptionEn: communityGroups.descriptionEn,
      descriptionEs: communityGroups.descriptionEs,
      topic: communityGroups.topic,
      areaSlug: communityGroups.areaSlug,
      platform: communityGroups.platform,
      status: communityGroups.status,
    })
    .from(communityGroups)
    .where(eq(communityGroups.id, groupId));
  if (row?.status !== "published") {
    await removeSearchDocuments(groupSearchKind, groupId, executor);
    return;
  }
  const [en, es, areaNames] = await Promise.all([getTranslator("en"), getTranslator("es"), areaNamesBySlug(executor)]);
  const area = areaNames.get(row.areaSlug);
  const tags = [en(`groups:topics.${row.topic}`), es(`groups:topics.${row.topic}`), row.platform];
  for (const language of languages as readonly Language[]) {
    const description =
      language === "es" ? row.descriptionEs || row.descriptionEn : row.descriptionEn || row.descriptionEs;
    await upsertSearchDocument(
      {
        kind: groupSearchKind,
        refId: row.id,
        locale: language,
        title: row.name,
        body: description,
        url: `${localizePath("/groups", language)}#group-${row.id}`,
        place: area?.[language] ?? row.areaSlug,
        tags,
      },
      executor,
    );
  }
}
