import { eq } from "drizzle-orm";
import { type Executor, getDb } from "#app/lib/db.server";
import { type Language, languages, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { removeSearchDocuments, upsertSearchDocument } from "#app/lib/search/index.server";
import { areaNamesBySlug } from "#app/platform/site/site-config.server";
import { events } from "./schema";

export const eventSearchKind = "event";

/**
 * Writes an event into the site-wide search index, one document per language (its title and
 * description in that language, or the other one when only that exists; category, area and venue
 * as tags), or removes it when it is not public. Call it in the transaction that changed it.
 */
export async function indexEvent(eventId: string, executor: Executor = getDb()) {
  const [row] = await executor.select().from(events).where(eq(events.id, eventId));
  if (row?.status !== "published" || row.cancelledAt) {
    await removeSearchDocuments(eventSearchKind, eventId, executor);
    return;
  }
  const [en, es, areaNames] = await Promise.all([getTranslator("en"), getTranslator("es"), areaNamesBySlug(executor)]);
  const area = areaNames.get(row.areaSlug);
  const tags = [en(`events:categories.${row.category}`), es(`events:categories.${row.category}`), row.venueName];
  for (const language of languages as readonly Language[]) {
    await upsertSearchDocument(
      {
        kind: eventSearchKind,
        refId: row.id,
        locale: language,
        title: (language === "es" ? row.titleEs || row.titleEn : row.titleEn || row.titleEs) || row.slug,
        body: language === "es" ? row.descriptionEs || row.descriptionEn : row.descriptionEn || row.descriptionEs,
        url: localizePath(`/events/${row.slug}`, language),
        place: area?.[language] ?? row.areaSlug,
        tags,
      },
      executor,
    );
  }
}
