import { eq } from "drizzle-orm";
import { areas, beaches } from "#app/domain/content/schema";
import { type Db, getDb, type Tx } from "#app/lib/db.server";
import { type Language, languages, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { upsertSearchDocument } from "#app/lib/search/index.server";

export const beachSearchKind = "beach";

/**
 * Puts each configured beach's report into the site-wide search (one document per language), so
 * "tides Potrero" or "mareas Conchal" find it. Both languages' words go into both documents.
 */
export async function indexBeaches(executor: Db | Tx = getDb()) {
  const rows = await executor
    .select({ slug: beaches.slug, name: beaches.name, areaEn: areas.nameEn, areaEs: areas.nameEs })
    .from(beaches)
    .innerJoin(areas, eq(areas.slug, beaches.areaSlug));
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
