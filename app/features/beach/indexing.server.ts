import { type Executor, getDb } from "#app/lib/db.server";
import { type Language, languages, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { upsertSearchDocument } from "#app/lib/search/index.server";
import { areaNamesBySlug, listBeaches } from "#app/platform/site/site-config.server";

export const beachSearchKind = "beach";

/**
 * Puts each configured beach's report into the site-wide search (one document per language), so
 * "tides Potrero" or "mareas Conchal" find it. Both languages' words go into both documents.
 */
export async function indexBeaches(executor: Executor = getDb()) {
  // One after the other: the executor may be a transaction's single connection.
  const beaches = await listBeaches(executor);
  const areaNames = await areaNamesBySlug(executor);
  const rows = beaches.flatMap((beach) => {
    const area = areaNames.get(beach.areaSlug);
    return area ? [{ slug: beach.slug, name: beach.name, areaEn: area.en, areaEs: area.es }] : [];
  });
  const [en, es] = await Promise.all([getTranslator("en"), getTranslator("es")]);
  const tags = [en("beach:search.tags"), es("beach:search.tags")].flatMap((list) =>
    list.split(",").map((tag) => tag.trim()),
  );
  for (const row of rows) {
    for (const language of languages as readonly Language[]) {
      const t = language === "es" ? es : en;
      await upsertSearchDocument(
        {
          kind: beachSearchKind,
          refId: row.slug,
          locale: language,
          title: t("beach:search.title", { beach: row.name }),
          body: t("beach:search.body", { beach: row.name }),
          url: localizePath(`/beach-report?beach=${row.slug}`, language),
          place: language === "es" ? row.areaEs : row.areaEn,
          tags,
        },
        executor,
      );
    }
  }
}
