import { and, asc, eq } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { type Language, languages, localizePath } from "#app/lib/i18n";
import { removeSearchDocuments, upsertSearchDocument } from "#app/lib/search/index.server";
import { businesses } from "#app/platform/listings/schema";
import { areaNamesBySlug } from "#app/platform/site/site-config.server";
import { categoryNames } from "./category-names";
import { menuItems } from "./schema";

export const businessSearchKind = "business";

/**
 * Writes a business into the site-wide search index (one document per language), or removes it
 * when it is not public. Call it in the transaction that changed the business.
 */
export async function indexBusiness(businessId: string, executor: Executor = getDb()) {
  const [row] = await executor
    .select({
      id: businesses.id,
      slug: businesses.slug,
      name: businesses.name,
      status: businesses.status,
      category: businesses.category,
      descriptionEn: businesses.descriptionEn,
      descriptionEs: businesses.descriptionEs,
      specialtiesEn: businesses.specialtiesEn,
      specialtiesEs: businesses.specialtiesEs,
      keywords: businesses.keywords,
      seoKeywords: businesses.seoKeywords,
      address: businesses.address,
      directionsEn: businesses.directionsEn,
      directionsEs: businesses.directionsEs,
      areaSlug: businesses.areaSlug,
      offerings: businesses.offerings,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  const area = row ? (await areaNamesBySlug(executor)).get(row.areaSlug) : undefined;
  const menu = row
    ? await executor
        .select({
          nameEn: menuItems.nameEn,
          nameEs: menuItems.nameEs,
          descriptionEn: menuItems.descriptionEn,
          descriptionEs: menuItems.descriptionEs,
        })
        .from(menuItems)
        .where(and(eq(menuItems.businessId, row.id), eq(menuItems.available, true)))
        .orderBy(asc(menuItems.sortOrder))
        .limit(100)
    : [];
  if (row?.status !== "verified" || !area) {
    await removeSearchDocuments(businessSearchKind, businessId, executor);
    return;
  }
  // Both languages' category names go into both documents, so "restaurante" finds restaurants
  // from the English page and "restaurant" from the Spanish one.
  const names = categoryNames(row.category);
  for (const language of languages as readonly Language[]) {
    const description =
      language === "es" ? row.descriptionEs || row.descriptionEn : row.descriptionEn || row.descriptionEs;
    const specialties =
      language === "es"
        ? row.specialtiesEs.length
          ? row.specialtiesEs
          : row.specialtiesEn
        : row.specialtiesEn.length
          ? row.specialtiesEn
          : row.specialtiesEs;
    await upsertSearchDocument(
      {
        kind: businessSearchKind,
        refId: row.id,
        locale: language,
        title: row.name,
        body: [
          description,
          specialties.join(", "),
          row.address,
          // Both languages' directions, the document's first: a visitor reading the English page
          // still asks for "la iglesia de Brasilito" the way everyone here says it.
          ...(language === "es" ? [row.directionsEs, row.directionsEn] : [row.directionsEn, row.directionsEs]),
          // The menu in the document's language, the other where an item has only one.
          menu
            .map((item) =>
              language === "es"
                ? [item.nameEs || item.nameEn, item.descriptionEs || item.descriptionEn]
                : [item.nameEn || item.nameEs, item.descriptionEn || item.descriptionEs],
            )
            .map((parts) => parts.filter(Boolean).join(": "))
            .join("; "),
        ]
          .filter(Boolean)
          .join("\n"),
        url: localizePath(`/business/${row.slug}`, language),
        place: language === "es" ? area.es : area.en,
        tags: [names.en, names.es, ...row.keywords, ...row.seoKeywords, ...offeringTags(row.offerings)],
      },
      executor,
    );
  }
}

// A word typed into the search box that names one of these finds the places that offer it even
// where their text never says so. Only words that mean nothing else here: "cards" or "WhatsApp"
// would pull every such place into answers about business cards or WhatsApp groups.
const searchableOfferings: Record<string, string[]> = { sinpe: ["SINPE Móvil", "SINPE"] };

function offeringTags(offerings: string[]): string[] {
  return offerings.flatMap((offering) => searchableOfferings[offering] ?? []);
}
