import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { type Language, languages, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { removeSearchDocuments, upsertSearchDocument } from "#app/lib/search/index.server";
import { registerSitemapSource } from "#app/lib/sitemap.server";
import { areaNamesBySlug } from "#app/platform/site/site-config.server";
import { classifiedAds } from "./schema";

export const classifiedSearchKind = "classified";

/** The public path of an ad (unlocalized). */
export function adPath(slug: string) {
  return `/classifieds/${slug}`;
}

/**
 * Writes an ad into the site-wide search index (one document per language, the ad's own text in
 * both: it is written once, in its author's language), or removes it when it is not listed
 * (not published, sold or expired). Call it in the transaction that changed the ad.
 */
export async function indexAd(adId: string, executor: Executor = getDb(), now = new Date()) {
  const [row] = await executor
    .select({
      id: classifiedAds.id,
      slug: classifiedAds.slug,
      title: classifiedAds.title,
      description: classifiedAds.description,
      category: classifiedAds.category,
      areaSlug: classifiedAds.areaSlug,
      status: classifiedAds.status,
      soldAt: classifiedAds.soldAt,
      expiresAt: classifiedAds.expiresAt,
    })
    .from(classifiedAds)
    .where(eq(classifiedAds.id, adId));
  if (!row) return;
  const listed = row.status === "published" && !row.soldAt && row.expiresAt > now;
  if (!listed) {
    await removeSearchDocuments(classifiedSearchKind, adId, executor);
    await executor.update(classifiedAds).set({ indexed: false }).where(eq(classifiedAds.id, adId));
    return;
  }
  const [en, es, areaNames] = await Promise.all([getTranslator("en"), getTranslator("es"), areaNamesBySlug(executor)]);
  const area = areaNames.get(row.areaSlug);
  const tags = [
    en(`classifieds:categories.${row.category}`),
    es(`classifieds:categories.${row.category}`),
    en("classifieds:nav.title"),
    es("classifieds:nav.title"),
  ];
  for (const language of languages as readonly Language[]) {
    await upsertSearchDocument(
      {
        kind: classifiedSearchKind,
        refId: row.id,
        locale: language,
        title: row.title,
        body: row.description.slice(0, 2000),
        url: localizePath(adPath(row.slug), language),
        place: area?.[language] ?? null,
        tags,
      },
      executor,
    );
  }
  await executor.update(classifiedAds).set({ indexed: true }).where(eq(classifiedAds.id, adId));
}

// Listed ads in sitemap.xml and /sitemap (newest first; expired and sold ones drop out).
registerSitemapSource("classifieds", async () => {
  const rows = await getDb()
    .select({ slug: classifiedAds.slug, title: classifiedAds.title, updatedAt: classifiedAds.updatedAt })
    .from(classifiedAds)
    .where(
      and(eq(classifiedAds.status, "published"), isNull(classifiedAds.soldAt), gt(classifiedAds.expiresAt, new Date())),
    )
    .orderBy(desc(classifiedAds.publishedAt))
    .limit(1000);
  return rows.map((row) => ({
    path: adPath(row.slug),
    lastModified: row.updatedAt,
    title: { en: row.title, es: row.title },
  }));
});
