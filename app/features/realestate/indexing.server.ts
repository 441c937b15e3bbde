import { eq } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { type Language, languages, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { removeSearchDocuments, upsertSearchDocument } from "#app/lib/search/index.server";
import { areaNamesBySlug } from "#app/platform/site/site-config.server";
import { properties } from "./schema";

export const propertySearchKind = "property";

/**
 * Writes a property into the site-wide search index, one document per language (its type and
 * listing as tags in both, its area as its place), or removes it when it is not public. Call it in
 * the changing transaction. The area is no tag: tags say what a thing is, and a house in "Playa
 * Flamingo" is not filed under "beach".
 */
export async function indexProperty(propertyId: string, executor: Executor = getDb()) {
  const [row] = await executor
    .select({
      id: properties.id,
      slug: properties.slug,
      title: properties.title,
      description: properties.description,
      listingType: properties.listingType,
      propertyType: properties.propertyType,
      areaSlug: properties.areaSlug,
      status: properties.status,
    })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (row?.status !== "published") {
    await removeSearchDocuments(propertySearchKind, propertyId, executor);
    return;
  }
  const [en, es, areaNames] = await Promise.all([getTranslator("en"), getTranslator("es"), areaNamesBySlug(executor)]);
  const area = areaNames.get(row.areaSlug);
  const tags = [
    en(`realestate:types.${row.propertyType}`),
    es(`realestate:types.${row.propertyType}`),
    en(`realestate:listing.${row.listingType}`),
    es(`realestate:listing.${row.listingType}`),
  ];
  for (const language of languages as readonly Language[]) {
    await upsertSearchDocument(
      {
        kind: propertySearchKind,
        refId: row.id,
        locale: language,
        title: row.title,
        body: row.description,
        url: localizePath(`/real-estate/${row.slug}`, language),
        place: area?.[language] ?? row.areaSlug,
        tags,
      },
      executor,
    );
  }
}
